import type { GbpMetric } from '@rankmaps/shared/schemas/gbp';

/** Query keys of the gbp feature, in one place so connecting and disconnecting refresh the right ones. */
export const gbpKeys = {
  all: ['gbp'] as const,
  status: () => [...gbpKeys.all, 'status'] as const,
  /** Everything read through the connection (locations, metrics, keywords), not the status. */
  data: () => [...gbpKeys.all, 'data'] as const,
  locations: () => [...gbpKeys.data(), 'locations'] as const,
  daily: (locationId: string, metric: GbpMetric, startDate: string, endDate: string) =>
    [...gbpKeys.data(), 'daily', locationId, metric, startDate, endDate] as const,
  keywords: (locationId: string) => [...gbpKeys.data(), 'keywords', locationId] as const,
};
