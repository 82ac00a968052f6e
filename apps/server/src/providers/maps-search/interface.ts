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
  /** Google's customer id (DataForSEO's `cid`), when the provider gives it: matched after the place id. */
  cid?: string | null;
  /** The business's web domain ('example.com'), when known: ads are joined to competitors by it. */
  domain?: string | null;
}

export interface MapsSearchResult {
  /** Up to 20 organic results, position 1..n in order, isAd false. */
  organic: MapsSearchItem[];
  /** Sponsored results, isAd true; empty for providers that never return ads. */
  ads: MapsSearchItem[];
  /** What the vendor charged for this search, in USD: its own cost field, or the documented list price; 0 for the demo. */
  costUsd: number;
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

/** One point handed to a vendor's standard queue; the vendor returns `tag` with the task. */
export interface QueuedSearch {
  tag: string;
  request: MapsSearchRequest;
}

/** What the vendor said of one posted task: accepted with an id (and charged), or refused. */
export type PostedTask =
  | { tag: string; ok: true; taskId: string; costUsd: number }
  | { tag: string; ok: false; error: string; fatal: boolean; costUsd: number };

/** A task the vendor has finished and not yet handed over. */
export interface ReadyTask {
  taskId: string;
  tag: string | null;
}

/** One task's state when asked for its results. */
export type CollectedTask =
  | { state: 'ready'; result: MapsSearchResult }
  | { state: 'pending' }
  | { state: 'failed'; error: string; fatal: boolean };

/**
 * A vendor's cheaper, slower queue (DataForSEO's standard queue): tasks are posted in
 * batches, the vendor runs them when it can, and they are collected once ready. Calls that
 * fail as a whole throw MapsSearchRetryableError or MapsSearchFatalError.
 */
export interface MapsSearchStandardQueue {
  /** Tasks one post may carry (100 for DataForSEO). */
  readonly maxTasksPerPost: number;
  post(tasks: QueuedSearch[], signal?: AbortSignal): Promise<PostedTask[]>;
  /** Finished tasks not yet collected, of every analysis (the list is per account). */
  ready(signal?: AbortSignal): Promise<ReadyTask[]>;
  collect(taskId: string, signal?: AbortSignal): Promise<CollectedTask>;
}

export interface MapsSearchProvider {
  readonly name: 'demo' | 'dataforseo' | 'google-places';
  search(request: MapsSearchRequest, signal?: AbortSignal): Promise<MapsSearchResult>;
  /** Present when the vendor has a standard queue: scheduled and weekly scans use it (docs/decisions.md §21). */
  readonly standardQueue?: MapsSearchStandardQueue;
}
