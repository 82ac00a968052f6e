import { z } from 'zod';
import { v } from '../messages';

// Google Business Profile (docs/product.md §3, docs/product.md §4, docs/product.md §7, docs/product.md §8, docs/product.md §9; docs/decisions.md §20).
// The web codes against these names: keep them stable.

/** Error codes (docs/product.md §8). Both answer HTTP 409: the request is fine, the connection's state is not. */
export const GBP_ERROR_CODES = {
  /** The refresh token was refused (invalid_grant, or a Google 401): the user must connect again (Reconectar). */
  reauthRequired: 'GBP_REAUTH_REQUIRED',
  /** The user has never connected, or disconnected. */
  notConnected: 'GBP_NOT_CONNECTED',
} as const;
export const GBP_ERROR_STATUS = 409;

/** The statistics window (docs/product.md §9): 720 hours, i.e. the last 30 days, compared with the 30 before. */
export const GBP_STATS_WINDOW_DAYS = 30;
/** Top keywords the Estadísticas screen shows (docs/product.md §9). The API returns all Google gives. */
export const GBP_TOP_KEYWORDS = 9;
/** Longest date range GET /gbp/performance/daily accepts, in calendar months (Google keeps 18 months). */
export const GBP_MAX_RANGE_MONTHS = 18;

export const GBP_PROVIDERS = ['demo', 'google'] as const;
export type GbpProviderName = (typeof GBP_PROVIDERS)[number];

// ---- Connection (GET /api/gbp/connection/status) ----

/**
 * connected: a connection is stored (it may be expired). expired: Google refused its refresh token, so
 * the user must connect again. docs/product.md §4: the button reads Reconectar when connected && !expired, otherwise
 * Conectar Google Business. provider: the active provider; 'demo' means synthetic data — label it as such.
 * accountEmail: the Google account's e-mail when known (demo: a demo address), otherwise null.
 */
export const gbpConnectionStatusSchema = z.object({
  connected: z.boolean(),
  expired: z.boolean(),
  provider: z.enum(GBP_PROVIDERS),
  accountEmail: z.string().nullable().optional(),
});
export type GbpConnectionStatus = z.infer<typeof gbpConnectionStatusSchema>;

// ---- Start URL (GET /api/auth/google/start-url) ----

const isSameOriginPath = (p: string) => p.startsWith('/') && !p.startsWith('//') && !p.includes('\\') && !/[\r\n]/.test(p);

/** Where the callback sends the browser back to: a same-origin path; anything else (or nothing) becomes '/'. */
export const gbpRedirectAfterSchema = z
  .string()
  .max(500)
  .refine(isSameOriginPath)
  .catch('/')
  .optional()
  .transform((p) => p ?? '/');

export const gbpStartUrlQuerySchema = z.object({
  intent: z.literal('gbp_connect', v('gbpIntentInvalid')),
  redirectAfter: gbpRedirectAfterSchema,
});
export type GbpStartUrlQuery = z.input<typeof gbpStartUrlQuerySchema>;

/**
 * The browser navigates to `url`. After the OAuth round trip the callback redirects to redirectAfter
 * with `gbp=connected`, `gbp=denied` (the user refused) or `gbp=error` (bad/expired state, failed exchange).
 */
export const gbpStartUrlResponseSchema = z.object({ url: z.string() });
export type GbpStartUrlResponse = z.infer<typeof gbpStartUrlResponseSchema>;

/**
 * GET /api/auth/google/callback, where Google (or the demo) sends the browser back. Never refused
 * for its shape: a missing or odd value is treated as absent and the state check decides.
 */
export const gbpCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional().catch(undefined),
  state: z.string().max(4096).optional().catch(undefined),
  error: z.string().max(200).optional().catch(undefined),
});
export type GbpCallbackQuery = z.infer<typeof gbpCallbackQuerySchema>;

/** The values of the `gbp` query parameter the callback appends to redirectAfter. */
export const GBP_CALLBACK_RESULTS = ['connected', 'denied', 'error'] as const;
export type GbpCallbackResult = (typeof GBP_CALLBACK_RESULTS)[number];

// ---- Locations (GET /api/gbp/locations) ----

/** Google's account: name is the resource name 'accounts/…', accountName its display name. */
export const gbpAccountSchema = z.object({ name: z.string(), accountName: z.string() });
export type GbpAccount = z.infer<typeof gbpAccountSchema>;

/**
 * name: 'locations/<digits>' (demo: 'locations/demo-<digits>') — the locationId of the performance calls.
 * storefrontAddress: Google's postal address flattened to one line, null when the business has none.
 * accountName: the display name of the owning account (as in accounts[].accountName); account: its resource name.
 */
export const gbpLocationSchema = z.object({
  name: z.string(),
  title: z.string(),
  storefrontAddress: z.string().nullable().optional(),
  accountName: z.string(),
  account: z.string(),
});
export type GbpLocation = z.infer<typeof gbpLocationSchema>;

export const gbpLocationsResponseSchema = z.object({
  accounts: z.array(gbpAccountSchema),
  locations: z.array(gbpLocationSchema),
});
export type GbpLocationsResponse = z.infer<typeof gbpLocationsResponseSchema>;

// ---- Performance ----

/** Google location ids are 'locations/<digits>'; the demo provider uses 'locations/demo-<digits>'. */
export const GBP_LOCATION_ID_RE = /^locations\/(?:demo-)?\d{1,30}$/;
export const gbpLocationIdSchema = z
  .string(v('gbpLocationRequired'))
  .regex(GBP_LOCATION_ID_RE, v('gbpLocationInvalid'));

export const GBP_METRICS = ['VIEWS', 'SEARCHES', 'ACTIONS'] as const;
export type GbpMetric = (typeof GBP_METRICS)[number];

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day 'YYYY-MM-DD' (2025-02-30 is refused). */
export function isIsoDate(s: string): boolean {
  if (!ISO_DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
const isoDateSchema = (message: ReturnType<typeof v>) => z.string(message).refine(isIsoDate, message);

const bothDates = (q: { startDate: unknown; endDate: unknown }) =>
  typeof q.startDate === 'string' && typeof q.endDate === 'string' && isIsoDate(q.startDate) && isIsoDate(q.endDate);

/** The last day a range starting on `startDate` may reach: startDate + 18 calendar months (clamped). */
export function gbpMaxEndDate(startDate: string): string {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const months = m - 1 + GBP_MAX_RANGE_MONTHS;
  const ty = y + Math.floor(months / 12);
  const tm = months % 12;
  const lastDay = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return new Date(Date.UTC(ty, tm, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * GET /api/gbp/performance/daily. startDate and endDate are inclusive days; startDate ≤ endDate and the
 * range spans at most 18 months. metric: VIEWS = the four BUSINESS_IMPRESSIONS_* metrics; SEARCHES =
 * BUSINESS_IMPRESSIONS_DESKTOP_SEARCH + BUSINESS_IMPRESSIONS_MOBILE_SEARCH; ACTIONS = CALL_CLICKS +
 * WEBSITE_CLICKS + BUSINESS_DIRECTION_REQUESTS.
 */
export const gbpDailyQuerySchema = z
  .object({
    locationId: gbpLocationIdSchema,
    metric: z.enum(GBP_METRICS, v('gbpMetricInvalid')),
    startDate: isoDateSchema(v('gbpStartDateInvalid')),
    endDate: isoDateSchema(v('gbpEndDateInvalid')),
  })
  // zod runs these even when a field failed: compare only real dates (the field said what is wrong).
  .refine((q) => !bothDates(q) || q.startDate <= q.endDate, {
    message: v('gbpDateRangeReversed'),
    path: ['startDate'],
  })
  .refine((q) => !bothDates(q) || q.endDate <= gbpMaxEndDate(q.startDate), {
    message: v('gbpDateRangeTooLong'),
    path: ['endDate'],
  });
export type GbpDailyQuery = z.infer<typeof gbpDailyQuerySchema>;

/**
 * One entry per day from startDate to endDate, in order; days Google did not report count as "0".
 * value is a decimal string because Google sends int64 as strings — parse it with Number() to chart it.
 */
export const gbpDailyValueSchema = z.object({
  date: z.string(),
  totalValue: z.object({ value: z.string() }),
});
export const gbpDailyResponseSchema = z.object({ metricValues: z.array(gbpDailyValueSchema) });
export type GbpDailyResponse = z.infer<typeof gbpDailyResponseSchema>;

/** GET /api/gbp/performance/keywords: the search keywords of the last full months Google reports. */
export const gbpKeywordsQuerySchema = z.object({ locationId: gbpLocationIdSchema });
export type GbpKeywordsQuery = z.infer<typeof gbpKeywordsQuerySchema>;

/**
 * Google's InsightsValue: either value (impressions, int64 as a string) or, when the count is too small to
 * disclose, only threshold — the real value is below it, so show it as `< ${threshold}` (e.g. '< 15').
 */
export const gbpInsightsValueSchema = z.object({
  value: z.string().optional(),
  threshold: z.string().optional(),
});
export const gbpKeywordSchema = z.object({ keyword: z.string(), insightsValue: gbpInsightsValueSchema });
export type GbpKeyword = z.infer<typeof gbpKeywordSchema>;

/** Sorted by value descending (threshold-only keywords last, by threshold); everything Google gives. */
export const gbpKeywordsResponseSchema = z.object({ keywords: z.array(gbpKeywordSchema) });
export type GbpKeywordsResponse = z.infer<typeof gbpKeywordsResponseSchema>;
