import { randomUUID } from 'node:crypto';
import type { DevParamsRequest } from '@rankmaps/shared/schemas/profile';
import type { Container } from '../../container';
import { notFound } from '../../errors';
import { billingRepository } from './billing.repository';
import { creditsService } from './credits.service';
import { creditsRepository } from './credits.repository';

/**
 * The development panel (docs/decisions.md §6): stores the plan-limits override and sets both
 * credit balances through the ledger, all in one transaction under the user's lock.
 * Refused unless developer tools are enabled (the route does not exist then either).
 */
export async function setDevParams(container: Pick<Container, 'config' | 'database'>, userId: string, input: DevParamsRequest): Promise<void> {
  if (!container.config.devTools) throw notFound();
  const request = randomUUID();
  await container.database.db.transaction(async (tx) => {
    await creditsRepository.lockUser(tx, userId);
    await billingRepository.upsertDevOverride(tx, userId, input.planLimits);
    await creditsService.adjust(tx, { userId, source: 'subscription', amount: input.subscriptionCredits, reference: `dev-params:${request}:subscription` });
    await creditsService.adjust(tx, { userId, source: 'extra', amount: input.extraCredits, reference: `dev-params:${request}:extra` });
  });
}
