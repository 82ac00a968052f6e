import { type UpgradeTarget, cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import type { ScanQuotaResponse } from '@rankmaps/shared/schemas/rankmaps';

/**
 * What the New Analysis modal says about the month's manual scans (docs/decisions.md §22):
 * nothing when the plan counts none (pro plans pay credits), how many are left, or that they
 * are used up, with the day they come back and the plan that gives more.
 */
export type QuotaView =
  | { kind: 'uncounted' }
  | { kind: 'left'; remaining: number; limit: number }
  | { kind: 'usedUp'; limit: number; resetsOn: string; upgrade: UpgradeTarget };

/**
 * The first day of the next month as a date to show: noon UTC of that day, which falls on the
 * same calendar day in every time zone from UTC−11 to UTC+11, so the browser's zone cannot move it.
 */
export function resetDay(month: string): string {
  const [year, mon] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, mon ?? 0, 1, 12)).toISOString();
}

export function quotaView(quota: ScanQuotaResponse, currentPlan: string | null | undefined): QuotaView {
  if (quota.limit === null || quota.remaining === null) return { kind: 'uncounted' };
  if (quota.remaining > 0) return { kind: 'left', remaining: quota.remaining, limit: quota.limit };
  return {
    kind: 'usedUp',
    limit: quota.limit,
    resetsOn: resetDay(quota.month),
    upgrade: cheapestPlanFor({ kind: 'manualScans', count: quota.limit + 1 }, currentPlan),
  };
}
