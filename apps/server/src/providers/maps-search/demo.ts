import { normalise } from '../places/demo';
import {
  type MarketBusiness,
  type QueryProfile,
  catalogueBusiness,
  catalogueFor,
  distanceKm,
  profileQuery,
  prominence,
  syntheticAround,
  townFor,
} from './demo-market';
import { demoCategoryAt, demoReviewsAt } from './demo-listing';
import { hashString, isoWeek, mixInts, unit } from './demo-random';
import type { MapsSearchItem, MapsSearchProvider, MapsSearchRequest, MapsSearchResult } from './interface';

// The demo simulation of a local map search (docs/decisions.md §4). A business's score is
//   relevance to the keyword × prominence (rating, reviews) × distance decay from the point
// times a small weekly factor, a smaller hourly one and a small per-point one. Same inputs,
// same results: a scan searches every point at its own instant (scheduled time or creation),
// so it is reproducible, while two scans of the keyword an hour apart move a little
// (docs/decisions.md §21).

const MAX_ORGANIC = 20;
/** Share of businesses that run ads in a given week. */
const ADVERTISER_SHARE = 0.12;
/** How far a business's score drifts from week to week (±6 %) and from hour to hour (±3 %). */
const WEEKLY_SWING = 0.12;
const HOURLY_SWING = 0.06;
const HOUR_MS = 3_600_000;

/** The hour a search runs in, counted in UTC from the epoch: its date and its hour. */
export const hourSlot = (now: Date): number => Math.floor(now.getTime() / HOUR_MS);

/** Zoom 13 is the reference; wider maps (lower zoom) stretch distances, closer ones shrink them. */
const zoomScale = (zoom: number) => Math.min(2, Math.max(0.5, Math.pow(2, 13 - (Number.isFinite(zoom) ? zoom : 13))));

/**
 * How much a business at d km counts. A sharp peak (proximity wins at the business's door)
 * on top of a broad tail, tapered to zero at the horizon so that businesses enter and leave
 * a point's results smoothly.
 */
function decay(d: number, scale: number, horizonKm: number): number {
  const near = 0.45 * Math.exp(-d / (0.2 * scale));
  const far = 0.55 / (1 + Math.pow(d / scale, 2));
  const edge = (horizonKm - d) / (0.3 * horizonKm);
  const taper = edge >= 1 ? 1 : edge <= 0 ? 0 : edge * edge * (3 - 2 * edge);
  return (near + far) * taper;
}

/** 1 for a business of the category, up to 1.25 when its name also holds the query's words. */
function relevance(b: MarketBusiness, profile: QueryProfile): number {
  if (profile.words.length === 0) return b.baseRelevance;
  const hits = profile.words.filter((w) => b.nameKey.includes(w)).length;
  return b.baseRelevance * (1 + (0.25 * hits) / profile.words.length);
}

function targetBusiness(target: NonNullable<MapsSearchRequest['target']>): MarketBusiness {
  return {
    id: target.placeId,
    name: target.name,
    address: catalogueBusiness(target.placeId)?.address ?? townFor(target.lat, target.lng),
    lat: target.lat,
    lng: target.lng,
    showLocation: true,
    rating: target.rating,
    reviews: target.totalReviews,
    // Its own category, whatever the keyword (the listing guard compares it from scan to scan):
    // the catalogue's, or none for a business outside the catalogue.
    category: catalogueBusiness(target.placeId)?.category ?? '',
    // The business is tracked for this keyword: it belongs to the keyword's market.
    baseRelevance: 1,
    nameKey: normalise(target.name),
    prominence: prominence(target.rating, target.totalReviews),
    seed: hashString(target.placeId),
  };
}

/**
 * A result as Google shows it at `now` (docs/decisions.md §32.3): the review count grown at the
 * business's pace, and, for the tracked business (the one the listing guard watches), its
 * category as edited in its edit week. The ranking keeps reading the
 * catalogue's counts (prominence), so the simulated reviews never move the positions.
 */
function toItem(b: MarketBusiness, position: number, isAd: boolean, now: Date, isTarget: boolean): MapsSearchItem {
  const category = isTarget && b.category ? demoCategoryAt(b.seed, b.category, now) : b.category;
  return {
    position,
    name: b.name,
    address: b.address,
    rating: b.rating,
    userRatingCount: demoReviewsAt(b.seed, b.reviews, now),
    placeId: b.id,
    location: b.showLocation ? { latitude: b.lat, longitude: b.lng } : null,
    categories: category ? [category] : [],
    isAd,
  };
}

/** Runs one simulated search; exported for the tests and the benchmark. */
export function simulateSearch(request: MapsSearchRequest): MapsSearchResult {
  const profile = profileQuery(request.query);
  if (profile.key.length === 0) return { organic: [], ads: [], costUsd: 0 };
  const scale = zoomScale(request.zoom);
  const horizonKm = Math.min(8, Math.max(2, 4 * scale));
  const now = request.now ?? new Date();
  const week = hashString(isoWeek(now));
  const hour = hourSlot(now);
  const { lat, lng } = request;
  const pointLat = Math.round(lat * 2000);
  const pointLng = Math.round(lng * 2000);

  const candidates: MarketBusiness[] = syntheticAround(profile, lat, lng, horizonKm);
  const target = request.target ? targetBusiness(request.target) : undefined;
  for (const b of catalogueFor(profile)) {
    if (b.id !== target?.id && distanceKm(lat, lng, b.lat, b.lng) <= horizonKm) candidates.push(b);
  }
  if (target) candidates.push(target);

  // Ads: 0 to 2 per search, bought by this week's advertisers among the nearby candidates;
  // how many show at a point changes from hour to hour, as ad auctions do.
  const adDraw = unit(mixInts(hashString(profile.market), hour, Math.round(lat * 200), Math.round(lng * 200)));
  const adCount = adDraw < 0.35 ? 0 : adDraw < 0.75 ? 1 : 2;

  // Only the best 20 (and the best advertisers) are kept, in order: a point has a few hundred
  // candidates, and sorting them all was a third of a scan's simulation time.
  const organic: Scored[] = [];
  const advertisers: Scored[] = [];
  for (const b of candidates) {
    const d = distanceKm(lat, lng, b.lat, b.lng);
    const weekly = 1 - WEEKLY_SWING / 2 + WEEKLY_SWING * unit(mixInts(b.seed, week));
    const hourly = 1 - HOURLY_SWING / 2 + HOURLY_SWING * unit(mixInts(b.seed, hour, 0x4011));
    const local = 0.97 + 0.06 * unit(mixInts(b.seed, pointLat, pointLng));
    const score = relevance(b, profile) * b.prominence * decay(d, scale, horizonKm) * weekly * hourly * local;
    if (score <= 1e-4) continue;
    const s = { b, score };
    keepBest(organic, s, MAX_ORGANIC);
    if (adCount > 0 && b.id !== target?.id && unit(mixInts(b.seed, week, 0xad)) < ADVERTISER_SHARE) keepBest(advertisers, s, adCount);
  }
  return {
    organic: organic.map((s, i) => toItem(s.b, i + 1, false, now, s.b === target)),
    ads: advertisers.map((s, i) => toItem(s.b, i + 1, true, now, false)),
    costUsd: 0,
  };
}

interface Scored {
  b: MarketBusiness;
  score: number;
}

/** Higher score first; equal scores by id, so the order never depends on the candidates' order. */
const before = (x: Scored, y: Scored) => x.score > y.score || (x.score === y.score && x.b.id < y.b.id);

/** Inserts `s` into `best` (kept in order, at most `k` long) when it belongs there. */
function keepBest(best: Scored[], s: Scored, k: number): void {
  if (best.length === k && !before(s, best[k - 1]!)) return;
  let i = best.length === k ? k - 1 : best.length;
  while (i > 0 && before(s, best[i - 1]!)) {
    best[i] = best[i - 1]!;
    i--;
  }
  best[i] = s;
}

export function createDemoMapsSearchProvider(): MapsSearchProvider {
  return {
    name: 'demo',
    search(request, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      return Promise.resolve(simulateSearch(request));
    },
  };
}
