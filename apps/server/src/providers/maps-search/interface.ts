/**
 * Rank data for a scan (docs/decisions.md §4): what a local map search returns when run from
 * one grid point. One interface, three implementations chosen by MAPS_SEARCH_PROVIDER.
 */

/** One search, run as if the user stood at (lat, lng). */
export interface MapsSearchRequest {
  /** The keyword, as the user typed it. */
  query: string;
  lat: number;
  lng: number;
  /** Map zoom the search is run at (dataforseo's "lat,lng,zoomz"); 13 by default. */
  zoom: number;
  /** Interface language, 'es'. */
  languageCode: string;
  /** The place's ISO 3166-1 alpha-2 country ('ES'), when known. */
  regionCode: string | null;
  /**
   * The business being tracked. Real providers ignore it; the demo simulation uses it so
   * that the business takes part in its own simulated market.
   */
  target?: { placeId: string; name: string; lat: number; lng: number; rating: number | null; totalReviews: number };
  /** When the scan runs: the demo simulation varies a little from week to week. */
  now?: Date;
}

/** One business in the results. position is 1-based among organic results (ads have their own order). */
export interface MapsSearchItem {
  position: number;
  name: string;
  address: string;
  rating: number | null;
  userRatingCount: number;
  placeId: string | null;
  location: { latitude: number; longitude: number } | null;
  categories: string[];
  isAd: boolean;
}

export interface MapsSearchResult {
  /** Up to 20 organic results, position 1..n in order, isAd false. */
  organic: MapsSearchItem[];
  /** Sponsored results, isAd true; empty for providers that never return ads. */
  ads: MapsSearchItem[];
}

/** A failure worth retrying with backoff: 429, 5xx, a timeout or a dropped connection. */
export class MapsSearchRetryableError extends Error {
  constructor(
    message: string,
    /** Seconds the vendor asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'MapsSearchRetryableError';
  }
}

/** A failure that retrying cannot fix: bad credentials, a refused request, an unreadable answer. */
export class MapsSearchFatalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MapsSearchFatalError';
  }
}

export interface MapsSearchProvider {
  readonly name: 'demo' | 'dataforseo' | 'google-places';
  search(request: MapsSearchRequest, signal?: AbortSignal): Promise<MapsSearchResult>;
}
