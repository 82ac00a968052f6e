import type { Container } from '../../container';
import { grantMonthlyPlanCredits } from '../../modules/billing/monthly-grants.service';

export async function handleGrantPlanCredits(container: Pick<Container, 'database' | 'log'>): Promise<void> {
  const granted = await grantMonthlyPlanCredits(container);
  if (granted > 0) container.log.info({ granted }, 'monthly plan credits granted');
}
