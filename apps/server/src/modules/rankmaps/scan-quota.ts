import { getPlan, isUnlimited } from '@rankmaps/shared/plans';
import { wallClock, zonedInstant } from '@rankmaps/shared/schedule';
import type { PlanState } from '../billing/plan-state';

/** Monthly quotas follow the calendar of the business's home, Spain. */
export const QUOTA_TIME_ZONE = 'Europe/Madrid';

/** The calendar month a scan counts in, 'YYYY-MM' in Europe/Madrid. */
export function quotaMonth(now: Date): string {
  const w = wallClock(now, QUOTA_TIME_ZONE);
  return `${w.year}-${String(w.month).padStart(2, '0')}`;
}

/** When the month after `now`'s starts in Europe/Madrid: the quota's next reset. */
export function quotaResetsAt(now: Date): Date {
  const w = wallClock(now, QUOTA_TIME_ZONE);
  // Date.UTC carries month 13 into January of the next year.
  return zonedInstant(w.year, w.month + 1, 1, 0, QUOTA_TIME_ZONE);
}

/**
 * Manual (and scheduled) scans a basic-type plan gives per month (docs/decisions.md §1); -1 when
 * unlimited. A basic type without a basic plan behind it (the development panel's override)
 * gets the smallest plan's quota.
 */
export function manualScanLimit(state: Pick<PlanState, 'plan' | 'planLimits'>): number {
  if (state.planLimits.type !== 'basic') return -1;
  if (state.plan?.type === 'basic') return state.plan.limits.manualScans;
  return getPlan('basico')?.limits.manualScans ?? 0;
}

export const quotaReached = (limit: number, used: number) => !isUnlimited(limit) && used >= limit;
