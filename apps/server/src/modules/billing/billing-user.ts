import type { Container } from '../../container';
import { billingRepository } from './billing.repository';

/** The account fields billing needs (e-mail and name for the provider's customer). */
export function billingUser(container: Pick<Container, 'database'>, userId: string) {
  return billingRepository.findUser(container.database.db, userId);
}
