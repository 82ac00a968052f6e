// Google Business Profile: the OAuth connection and the read calls the statistics need
// (docs/decisions.md §20). Two implementations: Google's APIs over fetch, and
// a deterministic demo that needs no keys and no network.

/** The scope every GBP call needs. */
export const GBP_SCOPE = 'https://www.googleapis.com/auth/business.manage';

/** What the Business Information API returns for a location in the picker. */
export const LOCATION_READ_MASK = 'name,title,storefrontAddress';

/**
 * The Performance API's DailyMetric values this product reads
 * (https://developers.google.com/my-business/reference/performance/rest/v1/DailyMetric).
 */
export const DAILY_METRICS = [
  'BUSINESS_IMPRESSIONS_DESKTOP_MAPS',
  'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH',
  'BUSINESS_IMPRESSIONS_MOBILE_MAPS',
  'BUSINESS_IMPRESSIONS_MOBILE_SEARCH',
  'CALL_CLICKS',
  'WEBSITE_CLICKS',
  'BUSINESS_DIRECTION_REQUESTS',
] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

/** What the token endpoint gave for an authorization code. */
export interface OAuthTokens {
  accessToken: string;
  /** Null when Google sends none (it does with access_type=offline and prompt=consent). */
  refreshToken: string | null;
  expiresAt: Date;
  scope: string | null;
  /** The Google account's e-mail, from the id_token when the `email` scope was granted. */
  accountEmail: string | null;
}

export interface RefreshedToken {
  accessToken: string;
  expiresAt: Date;
  /** Google normally keeps the refresh token; when it sends a new one, it replaces the old. */
  refreshToken: string | null;
}

export interface GbpAccountInfo {
  /** 'accounts/{accountId}' */
  name: string;
  accountName: string;
}

export interface GbpLocationInfo {
  /** 'locations/{locationId}' */
  name: string;
  title: string;
  /** The postal address on one line, or null for a business without a storefront. */
  storefrontAddress: string | null;
}

/** Inclusive days, 'YYYY-MM-DD'. */
export interface DayRange {
  startDate: string;
  endDate: string;
}

/** Inclusive months, 'YYYY-MM'. */
export interface MonthRange {
  startMonth: string;
  endMonth: string;
}

/** One metric's days as Google reported them: days it left out are simply absent. */
export interface DailyMetricSeries {
  dailyMetric: string;
  /** int64 values kept exact as bigint; a day Google sent without a value (zero) is 0n. */
  values: { date: string; value: bigint }[];
}

/** A search keyword with its impressions: `value`, or only `threshold` when the count is below it. */
export interface SearchKeywordCount {
  keyword: string;
  value: string | null;
  threshold: string | null;
}

/** Google refused the grant or the token (invalid_grant, a 401): the user must connect again. */
export class GbpAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GbpAuthError';
  }
}

/** The location does not exist or this connection cannot see it (the user gets a 404). */
export class GbpNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GbpNotFoundError';
  }
}

/** Google could not be reached or answered with an error (the user gets a 502). */
export class GbpUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GbpUnavailableError';
  }
}

export interface GbpProvider extends GbpReviewsProvider {
  readonly name: 'demo' | 'google';
  /** Where the browser goes to grant access; it comes back to `redirectUri` with `code` and `state`. */
  authorizationUrl(opts: { state: string; redirectUri: string }): string;
  exchangeCode(code: string, redirectUri: string): Promise<OAuthTokens>;
  refreshAccessToken(refreshToken: string): Promise<RefreshedToken>;
  /** Every account the user can manage, all pages. */
  listAccounts(accessToken: string): Promise<GbpAccountInfo[]>;
  /** Every location of `account` ('accounts/…'), all pages, with the fields `readMask` names. */
  listLocations(accessToken: string, account: string, readMask: string): Promise<GbpLocationInfo[]>;
  /** locations/{id}:fetchMultiDailyMetricsTimeSeries over the inclusive range. */
  fetchDailyMetrics(accessToken: string, location: string, dailyMetrics: readonly DailyMetric[], range: DayRange): Promise<DailyMetricSeries[]>;
  /** locations/{id}/searchkeywords/impressions/monthly over the inclusive months, all pages. */
  listSearchKeywords(accessToken: string, location: string, range: MonthRange): Promise<SearchKeywordCount[]>;
}

// ── Reviews (Business Profile API v4, accounts.locations.reviews) and Google's own updates
//    (Business Information API v1, locations.getGoogleUpdated): docs/decisions.md §32.4. ──

/** One review as Google's `Review` gives it, mapped. Stars come from StarRating ONE…FIVE. */
export interface GbpReview {
  /** accounts/{a}/locations/{l}/reviews/{r} */
  name: string;
  reviewId: string;
  stars: 1 | 2 | 3 | 4 | 5;
  comment: string | null;
  reviewer: { displayName: string | null; photoUrl: string | null; anonymous: boolean };
  createTime: Date;
  updateTime: Date;
  reply: GbpReviewReply | null;
  media: { kind: 'photo' | 'video'; url: string; thumbnailUrl: string | null }[];
  replyUrl: string | null;
}

export interface GbpReviewReply {
  comment: string;
  updateTime: Date;
  state: 'published' | 'pending' | 'rejected' | 'unknown';
  /** Google's reason when it flagged the reply, in its words. */
  policyViolation: string | null;
}

export interface GbpReviewPage {
  reviews: GbpReview[];
  nextPageToken: string | null;
}

/** Google refused a reply (a 400 with its reason): the user sees the reason. */
export class GbpRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GbpRefusedError';
  }
}

/** A location's public fields the listing guard compares (null: Google gives none). */
export interface GbpListingFields {
  name: string | null;
  category: string | null;
  additionalCategories: string | null;
  address: string | null;
  phone: string | null;
  website: string | null;
  hours: string | null;
  description: string | null;
}

/** GoogleUpdatedLocation: the location as Google shows it, and which fields Google changed (diffMask) or has pending. */
export interface GbpGoogleUpdated {
  fields: GbpListingFields;
  diffMask: string[];
  pendingMask: string[];
}

/** The listing fields read for the guard (Location field names of the Business Information API). */
export const GOOGLE_UPDATED_READ_MASK = 'name,title,categories,storefrontAddress,phoneNumbers,websiteUri,regularHours,profile';

export interface GbpReviewsProvider {
  /** accounts.locations.reviews.list: one page, newest updateTime first. */
  listReviews(accessToken: string, location: string, opts: { pageSize: number; pageToken?: string }): Promise<GbpReviewPage>;
  getReview(accessToken: string, reviewName: string): Promise<GbpReview>;
  updateReply(accessToken: string, reviewName: string, comment: string): Promise<GbpReviewReply>;
  deleteReply(accessToken: string, reviewName: string): Promise<void>;
  /** locations.getGoogleUpdated with GOOGLE_UPDATED_READ_MASK; `location` is 'locations/{id}'. */
  getGoogleUpdated(accessToken: string, location: string): Promise<GbpGoogleUpdated>;
  /** The Maps place id of each location of an account (Location.metadata.placeId), to link a business to its location. */
  listLocationPlaceIds(accessToken: string, account: string): Promise<{ name: string; placeId: string | null }[]>;
}
