import { COMPETITORS_TABLE_LIMIT, COMPETITORS_TOP, NOT_FOUND_POSITION, roundMetric } from './core';
import {
  TARGET_MATCH_MAX_DISTANCE_M,
  countedAds,
  countedOrganic,
  createTargetMatcher,
  distanceMetres,
  hasCid,
  hasProviderPlaceId,
  normaliseBusinessName,
} from './matching';
import { type PositionDistribution, type ScanStats, statsFromTally, tallyFound } from './stats';
import { type MetricsPointInput, type MetricsResultItem, type TargetBusiness } from './types';

export interface Competitor {
  /**
   * The provider's place id. A business the provider gave no id gets a stable synthetic
   * one, `local:<normalised name>@<lat>,<lng>` (coordinates to 4 decimals, omitted when
   * unknown), so that every row has a unique id.
   */
  placeId: string;
  name: string;
  location: { latitude: number; longitude: number } | null;
  rating: number | null;
  userRatingCount: number;
  address: string;
  /** Mean organic position over the points where it appears. */
  avgPosition: number;
  /**
   * Mean position over all N points, a point where it does not appear counting as 21
   * ("Posición media total", the market's ATRP). Null only in tables stored before it was
   * published, when the stored figures cannot give it exactly (see storedAvgTotalPosition).
   */
  avgTotalPosition: number | null;
  /** Points where it appears organically. */
  appearances: number;
  /** Over all N points, as for our business. */
  localPackPercentage: number;
  visibilityIndex: number;
  /** The GeoRank formula on its positions over all N points. */
  compositeScore: number;
  isOurBusiness: boolean;
  /**
   * It appeared as an ad at one point or more: an ad with no place id counts for the organic
   * competitor of the same name (see joinAd), so this agrees with the ad detector.
   */
  isAd: boolean;
  /** 100 × points where it appeared as an ad / N; 0 if never. */
  adShare: number;
  categories: string[];
}

/** One line of the ad detector. */
export interface AdDetectorEntry {
  placeId: string;
  name: string;
  /** 100 × points where it appeared as an ad / N. */
  share: number;
  /** Points where it appeared as an ad. */
  appearances: number;
  isOurBusiness: boolean;
}

export interface CompetitorAnalysis {
  /** Sorted by compositeScore desc, then avgPosition asc, then name; at most 80. */
  competitors: Competitor[];
  totalPoints: number;
  /** Our 1-based place among all businesses seen, or null if we were found nowhere. It can exceed 80. */
  ourRank: number | null;
  positionDistribution: PositionDistribution;
  /** Mean rating of the first 15 competitors that have one; null if none has. */
  avgRating: number | null;
  /** Mean review count of the first 15 competitors; null if the list is empty. */
  avgReviews: number | null;
  /** Ours, as in the scan stats. */
  visibilityIndex: number;
  /** Every business seen as an ad, by share desc. */
  ads: AdDetectorEntry[];
  /** Businesses seen in the organic results, before the 80-row cap. */
  totalCompetitors: number;
}

/** What we know of one business across the scan. */
interface Entry {
  key: string;
  isTarget: boolean;
  /** The first provider id seen for it, if any. */
  providerPlaceId: string | null;
  /** The first Google customer id seen for it, if any. */
  cid: string | null;
  /** The first web domain seen for it, normalised (domainKey), if any. */
  domain: string | null;
  nameKey: string;
  syntheticPlaceId: string;
  name: string;
  address: string;
  rating: number | null;
  userRatingCount: number;
  location: { latitude: number; longitude: number } | null;
  categories: string[];
  /** Point index → best organic position there (a duplicate listing counts once). */
  organic: Map<number, number>;
  adPoints: Set<number>;
}

const TARGET_KEY = 'target';

/** The prefix of the ids given to businesses the provider gave no id. */
export const SYNTHETIC_PLACE_ID_PREFIX = 'local:';

const validLocation = (loc: MetricsResultItem['location']) =>
  loc && Number.isFinite(loc.latitude) && Number.isFinite(loc.longitude) ? { latitude: loc.latitude, longitude: loc.longitude } : null;

/**
 * The key of a business with no provider id: its normalised name and its coordinates
 * rounded to 4 decimals (about 11 m), which absorbs float noise between points while
 * keeping two branches of a chain apart. Exported so that a followed competitor named by
 * this id is recognised the same way (followed.ts).
 */
export function syntheticPlaceId(item: MetricsResultItem): string {
  const name = normaliseBusinessName(item.name) || item.name.trim().toLowerCase();
  const loc = validLocation(item.location);
  return loc ? `${SYNTHETIC_PLACE_ID_PREFIX}${name}@${loc.latitude.toFixed(4)},${loc.longitude.toFixed(4)}` : `${SYNTHETIC_PLACE_ID_PREFIX}${name}`;
}

function newEntry(key: string, isTarget: boolean, item: MetricsResultItem): Entry {
  return {
    key,
    isTarget,
    providerPlaceId: hasProviderPlaceId(item.placeId) ? item.placeId : null,
    cid: hasCid(item.cid) ? item.cid.trim() : null,
    domain: domainKey(item.domain),
    nameKey: normaliseBusinessName(item.name),
    syntheticPlaceId: syntheticPlaceId(item),
    name: item.name,
    address: item.address,
    rating: null,
    userRatingCount: 0,
    location: null,
    categories: [],
    organic: new Map(),
    adPoints: new Set(),
  };
}

/** Details come from the first sighting; later sightings only fill what it lacked. */
function fillDetails(e: Entry, item: MetricsResultItem): void {
  if (e.providerPlaceId === null && hasProviderPlaceId(item.placeId)) e.providerPlaceId = item.placeId;
  if (e.cid === null && hasCid(item.cid)) e.cid = item.cid.trim();
  e.domain ??= domainKey(item.domain);
  if (e.name.trim() === '') e.name = item.name;
  if (e.address.trim() === '') e.address = item.address;
  if (e.rating === null && typeof item.rating === 'number' && Number.isFinite(item.rating)) e.rating = item.rating;
  if (e.userRatingCount === 0 && Number.isFinite(item.userRatingCount) && item.userRatingCount > 0)
    e.userRatingCount = item.userRatingCount;
  e.location ??= validLocation(item.location);
  if (e.categories.length === 0 && item.categories.length > 0) e.categories = [...item.categories];
}

/** A domain as two results are compared by it: lower case, without a scheme, 'www.', path or trailing dot. */
export function domainKey(domain: string | null | undefined): string | null {
  if (typeof domain !== 'string') return null;
  const host = domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#:].*$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return host === '' ? null : host;
}

const locationOf = (item: MetricsResultItem) => validLocation(item.location);

/**
 * The organic competitor an ad with no place id is the advertisement of (docs/decisions.md §21):
 * one with the same normalised name, not told apart by what both sides know: a different
 * cid, a different domain, or a location more than 250 m away (another branch). Among
 * several, the nearest when the ad has a location, else the one seen at more points.
 * Null when none fits: the ad is then a business of its own, seen only as an ad.
 */
function joinAd(item: MetricsResultItem, namesakes: readonly Entry[]): Entry | null {
  const cid = hasCid(item.cid) ? item.cid.trim() : null;
  const domain = domainKey(item.domain);
  const loc = locationOf(item);
  const distanceTo = (e: Entry) => (loc && e.location ? distanceMetres(loc.latitude, loc.longitude, e.location.latitude, e.location.longitude) : null);
  const fits = namesakes.filter((e) => {
    if (cid !== null && e.cid !== null && e.cid !== cid) return false;
    if (domain !== null && e.domain !== null && e.domain !== domain) return false;
    const d = distanceTo(e);
    return d === null || d <= TARGET_MATCH_MAX_DISTANCE_M;
  });
  fits.sort((a, b) => (distanceTo(a) ?? Infinity) - (distanceTo(b) ?? Infinity) || b.organic.size - a.organic.size || byKey(a, b));
  return fits[0] ?? null;
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
const byKey = (a: Entry, b: Entry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

const mean = (xs: number[]): number | null => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * Every business seen in the organic results of the scan, ranked by the GeoRank formula
 * over all N points (docs/decisions.md §3), plus the ad detector. Our business, recognised by
 * matchTarget whatever its id at each point, is one of the rows when it was found at least
 * once.
 */
export function computeCompetitorAnalysis(points: MetricsPointInput[], target: TargetBusiness): CompetitorAnalysis {
  const n = points.length;
  const isTarget = createTargetMatcher(target);
  const entries = new Map<string, Entry>();

  const entryFor = (item: MetricsResultItem): Entry => {
    const ours = isTarget(item);
    const key = ours ? TARGET_KEY : hasProviderPlaceId(item.placeId) ? `id:${item.placeId}` : syntheticPlaceId(item);
    let e = entries.get(key);
    if (!e) {
      e = newEntry(key, ours, item);
      entries.set(key, e);
    }
    fillDetails(e, item);
    return e;
  };

  points.forEach((point, i) => {
    for (const item of countedOrganic(point)) {
      const e = entryFor(item);
      const previous = e.organic.get(i);
      if (previous === undefined || item.position < previous) e.organic.set(i, item.position);
    }
  });

  // Ads come after every organic sighting is known: a vendor's ads often carry no place id
  // (DataForSEO's maps_paid_item), and such an ad is joined to the organic competitor of
  // its name, so that the table's "Anuncio" and the ad detector tell the same story.
  const namesakes = new Map<string, Entry[]>();
  for (const e of entries.values()) {
    if (e.isTarget || e.nameKey === '') continue;
    const list = namesakes.get(e.nameKey);
    if (list) list.push(e);
    else namesakes.set(e.nameKey, [e]);
  }
  const adEntryFor = (item: MetricsResultItem): Entry => {
    if (!isTarget(item) && !hasProviderPlaceId(item.placeId)) {
      const joined = joinAd(item, namesakes.get(normaliseBusinessName(item.name)) ?? []);
      if (joined) {
        fillDetails(joined, item);
        return joined;
      }
    }
    return entryFor(item);
  };
  points.forEach((point, i) => {
    for (const item of countedAds(point)) adEntryFor(item).adPoints.add(i);
  });

  const placeIdOf = (e: Entry) => (e.isTarget && target.placeId !== '' ? target.placeId : (e.providerPlaceId ?? e.syntheticPlaceId));
  const adShare = (e: Entry) => (n === 0 ? 0 : (100 * e.adPoints.size) / n);

  const ranked = [...entries.values()]
    .filter((e) => e.organic.size > 0)
    .map((e) => ({ e, raw: statsFromTally(tallyFound(e.organic.values(), n)) }));
  // Every metric is one division of integers (see stats.ts), so equal scores compare equal
  // and the tie-breaks apply exactly; the key makes the order total.
  ranked.sort(
    (a, b) =>
      b.raw.geoRank - a.raw.geoRank ||
      (a.raw.avgPosition ?? NOT_FOUND_POSITION) - (b.raw.avgPosition ?? NOT_FOUND_POSITION) ||
      collator.compare(a.e.name, b.e.name) ||
      byKey(a.e, b.e),
  );

  const competitors: Competitor[] = ranked.slice(0, COMPETITORS_TABLE_LIMIT).map(({ e, raw }) => ({
    placeId: placeIdOf(e),
    name: e.name,
    location: e.location ? { ...e.location } : null,
    rating: e.rating,
    userRatingCount: e.userRatingCount,
    address: e.address,
    avgPosition: roundMetric(raw.avgPosition ?? NOT_FOUND_POSITION),
    avgTotalPosition: roundMetric(raw.avgTotalPosition),
    appearances: raw.foundPoints,
    localPackPercentage: roundMetric(raw.localPackPercentage),
    visibilityIndex: roundMetric(raw.visibilityIndex),
    compositeScore: roundMetric(raw.geoRank),
    isOurBusiness: e.isTarget,
    isAd: e.adPoints.size > 0,
    adShare: roundMetric(adShare(e)),
    categories: [...e.categories],
  }));

  const ourIndex = ranked.findIndex(({ e }) => e.isTarget);
  const ours: ScanStats = statsFromTally(tallyFound(entries.get(TARGET_KEY)?.organic.values() ?? [], n));

  const top = competitors.slice(0, COMPETITORS_TOP);
  const avgRating = mean(top.flatMap((c) => (c.rating === null ? [] : [c.rating])));
  const avgReviews = mean(top.map((c) => c.userRatingCount));

  const ads: AdDetectorEntry[] = [...entries.values()]
    .filter((e) => e.adPoints.size > 0)
    .sort((a, b) => b.adPoints.size - a.adPoints.size || collator.compare(a.name, b.name) || byKey(a, b))
    .map((e) => ({
      placeId: placeIdOf(e),
      name: e.name,
      share: roundMetric(adShare(e)),
      appearances: e.adPoints.size,
      isOurBusiness: e.isTarget,
    }));

  return {
    competitors,
    totalPoints: n,
    ourRank: ourIndex === -1 ? null : ourIndex + 1,
    positionDistribution: { ...ours.positionDistribution },
    avgRating: avgRating === null ? null : roundMetric(avgRating),
    avgReviews: avgReviews === null ? null : roundMetric(avgReviews),
    visibilityIndex: roundMetric(ours.visibilityIndex),
    ads,
    totalCompetitors: ranked.length,
  };
}
