/**
 * Inputs of the scan metrics (docs/decisions.md §3). They mirror the maps-search provider's
 * result shapes on purpose, but are declared here so that the shared package depends on
 * no app: the server passes its provider results straight in, the web its stored ones.
 */

/** One business in the results of one search. `position` is 1-based among organic results. */
export interface MetricsResultItem {
  position: number;
  name: string;
  address: string;
  rating: number | null;
  userRatingCount: number;
  placeId: string | null;
  location: { latitude: number; longitude: number } | null;
  categories: string[];
  isAd: boolean;
  /** Google's customer id, when the provider gives it. */
  cid?: string | null;
  /** The business's web domain, when known. */
  domain?: string | null;
}

/**
 * The results of one valid point that completed. The caller passes only valid points
 * (numeric coordinates, not on the sea, not failed), so N is simply how many are passed.
 */
export interface MetricsPointInput {
  lat: number;
  lng: number;
  organic: MetricsResultItem[];
  ads: MetricsResultItem[];
}

/** The business being tracked: the place's googlePlaceId, name and coordinates. */
export interface TargetBusiness {
  placeId: string;
  name: string;
  lat: number | null;
  lng: number | null;
  /** Google's customer id, when known: matched after the place id. */
  cid?: string | null;
}
