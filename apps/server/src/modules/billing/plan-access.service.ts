import type { Container } from '../../container';
import { forbidden } from '../../errors';
import { type PlanStateWithCredits, getPlanState } from './billing.service';

export const UPGRADE_REQUIRED_MESSAGE = 'Necesitas un plan activo para usar esta función.';

/**
 * For features that need a paid plan: returns the user's plan state, or throws 403 with
 * errorType `upgrade_required` (the client offers the subscription page). A subscription
 * gives a plan while trialing, active or past due (the grace period). While developer
 * tools are enabled, the development panel's plan type counts, so 'free' can be tried out.
 */
export async function requirePaidPlan(container: Pick<Container, 'config' | 'database'>, userId: string): Promise<PlanStateWithCredits> {
  const state = await getPlanState(container, userId);
  if (state.planLimits.type === 'free') throw forbidden(UPGRADE_REQUIRED_MESSAGE, 'UPGRADE_REQUIRED', 'upgrade_required');
  return state;
}
