import { getPlan, isUnlimited } from '@rankmaps/shared/plans';
import { wallClock } from '@rankmaps/shared/schedule';
import type { PlanStateWithCredits } from '../billing/billing.service';

/** Monthly quotas follow the calendar of the business's home, Spain. */
export const QUOTA_TIME_ZONE = 'Europe/Madrid';

/** The calendar month a scan counts in, 'YYYY-MM' in Europe/Madrid. */
export function quotaMonth(now: Date): string {
  const w = wallClock(now, QUOTA_TIME_ZONE);
  return `${w.year}-${String(w.month).padStart(2, '0')}`;
}

/**
 * Manual (and scheduled) scans a basic-type plan gives per month (docs/decisions.md §1); -1 when
 * unlimited. A basic type without a basic plan behind it (the development panel's override)
 * gets the smallest plan's quota.
 */
export function manualScanLimit(state: PlanStateWithCredits): number {
  if (state.planLimits.type !== 'basic') return -1;
  if (state.plan?.type === 'basic') return state.plan.limits.manualScans;
  return getPlan('basico')?.limits.manualScans ?? 0;
}

export const quotaReached = (limit: number, used: number) => !isUnlimited(limit) && used >= limit;

export const quotaMessage = (limit: number) =>
  `Has alcanzado el límite de ${limit} análisis manuales de este mes para tu plan actual. Actualiza tu suscripción para hacer más análisis.`;
