import { useQuery } from '@tanstack/react-query';
import type { ScanQuotaResponse } from '@rankmaps/shared/schemas/rankmaps';
import { api } from '@/lib/api-client';
import { rankmapsKeys } from './keys';

/** GET /rankmap/scan-quota: the month's manual scans the plan gives, used and left (docs/decisions.md §22). */
export const getScanQuota = (signal?: AbortSignal) => api<ScanQuotaResponse>('/rankmap/scan-quota', { signal });

/** The month's manual scans; starting, cancelling or deleting an analysis refreshes it. */
export function useScanQuota(enabled = true) {
  return useQuery({ queryKey: rankmapsKeys.scanQuota(), queryFn: ({ signal }) => getScanQuota(signal), enabled });
}
