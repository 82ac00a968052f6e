import type { Container } from '../../container';
import { createCreditWarnings } from '../../modules/rankmaps/credit-warnings.service';

export async function handleCreditWarnings(container: Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'prices' | 'seaIndex'>, now: Date = new Date()): Promise<void> {
  const created = await createCreditWarnings(container, now);
  if (created > 0) container.log.info({ created }, 'credit warnings created');
}
