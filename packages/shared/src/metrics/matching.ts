import { isFoundPosition } from './core';
import { type MetricsPointInput, type MetricsResultItem, type TargetBusiness } from './types';

/** A result found by name is our business only if it lies this close to it (docs/decisions.md §3). */
export const TARGET_MATCH_MAX_DISTANCE_M = 250;

const EARTH_MEAN_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

/**
 * Great-circle distance in metres (haversine on the mean-radius sphere). Against a
 * 250 m threshold the sphere's error (≤ 0.5%, about a metre) does not matter.
 */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * DEG;
  const dLng = (lng2 - lng1) * DEG;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The form two business names are compared in: compatibility-decomposed (so ligatures
 * and full-width letters fold too), lower case, accents and other marks stripped, and
 * everything that is not a letter or a digit removed, spaces included. Dropping spaces
 * as well as punctuation makes "Bar-Restaurante", "Bar Restaurante" and
 * "BarRestaurante" one name; the distance check keeps that from joining different
 * businesses.
 */
export function normaliseBusinessName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A provider id is usable only when it is a non-empty string. */
export function hasProviderPlaceId(placeId: string | null | undefined): placeId is string {
  return typeof placeId === 'string' && placeId !== '';
}

/** Google's customer id is usable only when it is a non-empty string (DataForSEO sends it as a string of digits). */
export function hasCid(cid: string | null | undefined): cid is string {
  return typeof cid === 'string' && cid.trim() !== '';
}

const isCoordinate = (lat: number | null | undefined, lng: number | null | undefined): boolean =>
  typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng);

/** How a result was recognised as our business, or why not: the steps of docs/decisions.md §21, in order. */
export type TargetMatchStep = 'placeId' | 'cid' | 'name';

/**
 * A matcher for one target, with its normalised name computed once: a scan calls it for
 * every result of every point (up to 625 × 20). It answers the step that decided, or null
 * when the result is not our business.
 *
 * 1. The provider's place id, when both sides have one: equal ids are our business.
 * 2. Google's customer id (cid), when both sides have one: it decides, either way. It comes
 *    after the place id and can still say yes when the ids differ, because Google reissues
 *    place ids while a listing's cid stays.
 * 3. Otherwise a result that carries a place id of its own (and no cid to compare) is
 *    another business: the id is authoritative.
 * 4. A result with neither id (a DataForSEO ad, for one) is ours when its normalised name
 *    is ours and, when both sides have coordinates, it lies within 250 m.
 */
export function createTargetMatchStep(target: TargetBusiness): (item: MetricsResultItem) => TargetMatchStep | null {
  const targetName = normaliseBusinessName(target.name);
  const targetLat = target.lat;
  const targetLng = target.lng;
  const targetHasCoordinates = isCoordinate(targetLat, targetLng);
  const targetHasPlaceId = hasProviderPlaceId(target.placeId);
  const targetCid = hasCid(target.cid) ? target.cid.trim() : null;
  return (item) => {
    const itemHasPlaceId = hasProviderPlaceId(item.placeId);
    if (targetHasPlaceId && itemHasPlaceId && item.placeId === target.placeId) return 'placeId';
    if (targetCid !== null && hasCid(item.cid)) return item.cid.trim() === targetCid ? 'cid' : null;
    if (itemHasPlaceId) return null;
    // A name that normalises to nothing (only symbols or emoji) identifies nothing.
    if (targetName === '' || normaliseBusinessName(item.name) !== targetName) return null;
    const loc = item.location;
    if (targetHasCoordinates && targetLat !== null && targetLng !== null && loc && isCoordinate(loc.latitude, loc.longitude)) {
      return distanceMetres(targetLat, targetLng, loc.latitude, loc.longitude) <= TARGET_MATCH_MAX_DISTANCE_M ? 'name' : null;
    }
    // Without coordinates on either side, the name is all there is to go on.
    return 'name';
  };
}

/** Whether a result is our business, by the steps of createTargetMatchStep. */
export function createTargetMatcher(target: TargetBusiness): (item: MetricsResultItem) => boolean {
  const step = createTargetMatchStep(target);
  return (item) => step(item) !== null;
}

/**
 * Whether a result is our business: by the provider's place id, then by cid, then (for a
 * result with neither) by normalised name within 250 m.
 */
export function matchTarget(item: MetricsResultItem, target: TargetBusiness): boolean {
  return createTargetMatcher(target)(item);
}

/**
 * The organic results that count at a point: not flagged as ads (an ad never counts as
 * an organic position, even if a provider lists it among the organic results) and with
 * a position from 1 to 20.
 */
export function countedOrganic(point: MetricsPointInput): MetricsResultItem[] {
  return point.organic.filter((item) => !item.isAd && isFoundPosition(item.position));
}

/** The ads at a point: everything in `ads`, plus any organic result flagged `isAd`. */
export function countedAds(point: MetricsPointInput): MetricsResultItem[] {
  return [...point.ads, ...point.organic.filter((item) => item.isAd)];
}

/** Best position among the counted organic results that `matches` accepts; null if none. */
export function bestPosition(point: MetricsPointInput, matches: (item: MetricsResultItem) => boolean): number | null {
  let best: number | null = null;
  for (const item of countedOrganic(point)) {
    if (matches(item) && (best === null || item.position < best)) best = item.position;
  }
  return best;
}

/**
 * Our organic position at a point, 1..20, or null when not found. Ads never count. If
 * the business is listed twice (a duplicate listing), the better position counts.
 */
export function targetPosition(point: MetricsPointInput, target: TargetBusiness): number | null {
  return bestPosition(point, createTargetMatcher(target));
}
