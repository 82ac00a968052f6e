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
  /**
   * Our own name for this search (≤ 255 characters), sent to vendors that keep one with the
   * task (DataForSEO's `tag`): a retry after a timeout carries the same tag, so that the
   * vendor's records show one point asked twice, not two points (docs/decisions.md §21.1).
   */
  tag?: string;
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
    /** What the vendor charged for the failed try (DataForSEO bills some errors, e.g. 40101); 0 when nothing. */
    readonly costUsd = 0,
  ) {
    super(message);
    this.name = 'MapsSearchRetryableError';
  }
}

/**
 * The vendor did not answer in time. Unlike a refused call, the search may have run and been
 * billed: the caller counts its list price and asks again under the same tag.
 */
export class MapsSearchTimeoutError extends MapsSearchRetryableError {
  constructor(message: string) {
    super(message);
    this.name = 'MapsSearchTimeoutError';
  }
}

/** A failure that retrying cannot fix: bad credentials, a refused request, an unreadable answer. */
export class MapsSearchFatalError extends Error {
  constructor(
    message: string,
    /** What the vendor charged for the refused try, when it said; 0 when nothing. */
    readonly costUsd = 0,
  ) {
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

/** A task the vendor holds under one of our tags, found after its POST answer was lost. */
export interface FoundTask {
  tag: string;
  taskId: string;
  /** What the vendor charged for it. */
  costUsd: number;
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
  /**
   * Tasks posted since `since` whose tag is one of `tags`, finished or not: what a POST whose
   * answer never came did create (DataForSEO's free /v3/serp/id_list, at most 10 calls a
   * minute; docs/decisions.md §21.1). Optional: a vendor without such a list leaves it out.
   */
  findPosted?(tags: string[], since: Date, signal?: AbortSignal): Promise<FoundTask[]>;
}

export interface MapsSearchProvider {
  readonly name: 'demo' | 'dataforseo' | 'google-places';
  search(request: MapsSearchRequest, signal?: AbortSignal): Promise<MapsSearchResult>;
  /**
   * The list price of one live search, in USD: what a search that timed out may have cost,
   * since the vendor may have run (and billed) it without our hearing back. 0 for the demo.
   */
  readonly liveSearchPriceUsd?: number;
  /** How long one live search may take (the vendor's own ceiling); a scan's shorter per-request timeout gives way to it. */
  readonly liveTimeoutMs?: number;
  /** Present when the vendor has a standard queue: scheduled and weekly scans use it (docs/decisions.md §21). */
  readonly standardQueue?: MapsSearchStandardQueue;
}
