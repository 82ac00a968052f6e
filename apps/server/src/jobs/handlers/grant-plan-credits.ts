import type { Container } from '../container';
import { grantMonthlyPlanCredits } from '../modules/billing/monthly-grants.service';

export const GRANT_PLAN_CREDITS_JOB = 'grant-plan-credits';
/** Hourly: a new month of an annual plan gets its credits within the hour. */
export const GRANT_PLAN_CREDITS_CRON = '7 * * * *';

export async function handleGrantPlanCredits(container: Container): Promise<void> {
  const granted = await grantMonthlyPlanCredits(container);
  if (granted > 0) container.log.info({ granted }, 'monthly plan credits granted');
}
