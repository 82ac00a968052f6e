import type { GbpDailyQuery, GbpDailyResponse, GbpKeywordsResponse, GbpLocation, GbpLocationsResponse } from '@rankmaps/shared/schemas/gbp';
import { LOCATION_READ_MASK } from '../../providers/gbp';
import { METRIC_COMPONENTS, lastCompleteMonth, sortKeywords, sumDailySeries } from './daily-metrics';
import type { GbpDeps } from './gbp.deps';
import { gbpLocationNotFound } from './gbp-errors';
import { liveConnection, withAccessToken } from './gbp-token.service';

// The GBP reads of docs/product.md §7: accounts and locations (Account Management + Business Information APIs),
// daily performance (fetchMultiDailyMetricsTimeSeries) and monthly search keywords.

/** Every account and its locations. A location seen through several accounts is listed once. */
export async function listLocations(deps: GbpDeps, userId: string): Promise<GbpLocationsResponse> {
  // Checked even when cached: a disconnected or expired connection answers its error.
  const version = (await liveConnection(deps, userId)).updatedAt.toISOString();
  const cached = deps.locations.get(userId, version);
  if (cached) return cached;
  const result = await withAccessToken(deps, userId, async (token) => {
    const accounts = await deps.provider.listAccounts(token);
    const locations: GbpLocation[] = [];
    const seen = new Set<string>();
    for (const account of accounts) {
      for (const l of await deps.provider.listLocations(token, account.name, LOCATION_READ_MASK)) {
        if (seen.has(l.name)) continue;
        seen.add(l.name);
        locations.push({ name: l.name, title: l.title, storefrontAddress: l.storefrontAddress, accountName: account.accountName, account: account.name });
      }
    }
    return { accounts: accounts.map((a) => ({ name: a.name, accountName: a.accountName })), locations };
  });
  const after = await liveConnection(deps, userId);
  deps.locations.set(userId, after.updatedAt.toISOString(), result);
  return result;
}

/** A location outside the user's connection answers 404, as a missing one does. */
async function requireOwnedLocation(deps: GbpDeps, userId: string, locationId: string): Promise<void> {
  const { locations } = await listLocations(deps, userId);
  if (!locations.some((l) => l.name === locationId)) throw gbpLocationNotFound();
}

export async function dailyMetrics(deps: GbpDeps, userId: string, query: GbpDailyQuery): Promise<GbpDailyResponse> {
  await requireOwnedLocation(deps, userId, query.locationId);
  const components = METRIC_COMPONENTS[query.metric];
  const series = await withAccessToken(deps, userId, (token) =>
    deps.provider.fetchDailyMetrics(token, query.locationId, components, { startDate: query.startDate, endDate: query.endDate }),
  );
  return { metricValues: sumDailySeries(series, components, query.startDate, query.endDate) };
}

/** The last complete month's keywords, most searched first; the screen shows the first 9. */
export async function searchKeywords(deps: GbpDeps, userId: string, locationId: string): Promise<GbpKeywordsResponse> {
  await requireOwnedLocation(deps, userId, locationId);
  const range = lastCompleteMonth(deps.now());
  const keywords = await withAccessToken(deps, userId, (token) => deps.provider.listSearchKeywords(token, locationId, range));
  return { keywords: sortKeywords(keywords) };
}
