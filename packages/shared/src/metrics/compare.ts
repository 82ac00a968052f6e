import { NOT_FOUND_POSITION, isFoundPosition, roundMetric } from './core';
import type { Competitor } from './competitors';
import { SYNTHETIC_PLACE_ID_PREFIX } from './competitors';
import { createTargetMatchStep, distanceMetres } from './matching';
import type { ScanStats } from './stats';

// Comparing two completed analyses of the same keyword (issue 16, docs/decisions.md §23.1).
// "current" is the analysis the screen shows ({id}), "reference" the one it is compared with
// ({otherId}); every delta is current − reference, whatever their dates.

/** Two grid points are the same place when they lie this close (docs/decisions.md §23.1). */
export const COMPARE_POINT_TOLERANCE_M = 25;
/** Competitors listed among those who gained and those who lost the most. */
export const COMPARE_COMPETITORS_LIMIT = 5;

export type MetricKey = 'geoRank' | 'avgPosition' | 'avgTotalPosition' | 'localPackPercentage' | 'foundPercentage' | 'visibilityIndex';
/** The metrics compared, in display order, and which way is better for each. */
export const COMPARED_METRICS: readonly { key: MetricKey; better: 'higher' | 'lower' }[] = [
  { key: 'geoRank', better: 'higher' },
  { key: 'avgPosition', better: 'lower' },
  { key: 'avgTotalPosition', better: 'lower' },
  { key: 'localPackPercentage', better: 'higher' },
  { key: 'foundPercentage', better: 'higher' },
  { key: 'visibilityIndex', better: 'higher' },
];

export type Trend = 'improved' | 'worsened' | 'same';

export interface MetricDelta {
  key: MetricKey;
  better: 'higher' | 'lower';
  current: number | null;
  reference: number | null;
  /** current − reference, to 2 decimals; null when either is null (ARP of an analysis that found us nowhere). */
  delta: number | null;
  trend: Trend | null;
}

/** The deltas of the stored figures, the ones the analysis screen shows. */
export function metricDeltas(current: ScanStats, reference: ScanStats): MetricDelta[] {
  return COMPARED_METRICS.map(({ key, better }) => {
    const a = current[key];
    const b = reference[key];
    if (a === null || b === null) return { key, better, current: a, reference: b, delta: null, trend: null };
    const delta = roundMetric(a - b);
    const trend: Trend = delta === 0 ? 'same' : (delta > 0) === (better === 'higher') ? 'improved' : 'worsened';
    return { key, better, current: a, reference: b, delta, trend };
  });
}

/** A grid cell of one analysis: searched (ok or failed) or excluded (on the sea, no coordinates). */
export interface CompareCell {
  row: number;
  col: number;
  lat: number;
  lng: number;
  status: 'ok' | 'failed' | 'excluded';
  /** Our position, 1..20, or null when not found (or not searched). */
  position: number | null;
}

export type PointMovement = 'improved' | 'worsened' | 'same' | 'newlyFound' | 'lost' | 'notComparable';

export interface PointComparison {
  /** The cell in the current analysis's grid. */
  row: number;
  col: number;
  lat: number;
  lng: number;
  /** The coinciding cell in the reference analysis's grid. */
  referenceRow: number;
  referenceCol: number;
  position: number | null;
  referencePosition: number | null;
  movement: PointMovement;
  /**
   * Places moved up (positive) or down (negative), a "not found" counting as 21 as in the
   * Posición media total; 0 for same, null when not comparable.
   */
  change: number | null;
  /** Why it cannot be compared: what each side was at this point. */
  status: CompareCell['status'];
  referenceStatus: CompareCell['status'];
}

export interface UnmatchedPoint {
  row: number;
  col: number;
  lat: number;
  lng: number;
}

export interface PointsComparison {
  /** Same size, radius and centre: every cell coincides. */
  sameGrid: boolean;
  toleranceMetres: number;
  points: PointComparison[];
  /** Searched cells of each analysis with no cell of the other within the tolerance. */
  unmatched: { current: UnmatchedPoint[]; reference: UnmatchedPoint[] };
  counts: Record<PointMovement, number>;
}

/** One point's movement between the reference and the current analysis. */
export function movementOf(current: CompareCell, reference: CompareCell): { movement: PointMovement; change: number | null } {
  if (current.status !== 'ok' || reference.status !== 'ok') return { movement: 'notComparable', change: null };
  const now = isFoundPosition(current.position) ? current.position : null;
  const before = isFoundPosition(reference.position) ? reference.position : null;
  const change = (before ?? NOT_FOUND_POSITION) - (now ?? NOT_FOUND_POSITION);
  if (now === null && before === null) return { movement: 'same', change: 0 };
  if (before === null) return { movement: 'newlyFound', change };
  if (now === null) return { movement: 'lost', change };
  return { movement: change > 0 ? 'improved' : change < 0 ? 'worsened' : 'same', change };
}

const METRES_PER_DEGREE_LAT = 111_320;

/**
 * The cells of `reference` by ~tolerance-sized buckets, so that finding a cell's match looks
 * at its 3×3 neighbourhood only (a 25×25 grid against another is 625 lookups, not 390,625).
 */
function bucketIndex(cells: readonly CompareCell[], tolerance: number) {
  const latStep = tolerance / METRES_PER_DEGREE_LAT;
  const keyOf = (i: number, j: number) => `${i} ${j}`;
  const lngStepAt = (lat: number) => tolerance / (METRES_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  // One longitude step for the whole grid (the one just past its widest latitude): a grid spans a few kilometres.
  const maxAbsLat = cells.reduce((m, c) => Math.max(m, Math.abs(c.lat)), 0);
  const lngStep = lngStepAt(Math.min(89, maxAbsLat + 0.5));
  const buckets = new Map<string, CompareCell[]>();
  for (const c of cells) {
    const k = keyOf(Math.floor(c.lat / latStep), Math.floor(c.lng / lngStep));
    const list = buckets.get(k);
    if (list) list.push(c);
    else buckets.set(k, [c]);
  }
  return (lat: number, lng: number): CompareCell | null => {
    const i = Math.floor(lat / latStep);
    const j = Math.floor(lng / lngStep);
    let best: CompareCell | null = null;
    let bestDistance = Infinity;
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        for (const c of buckets.get(keyOf(i + di, j + dj)) ?? []) {
          const d = distanceMetres(lat, lng, c.lat, c.lng);
          if (d <= tolerance && d < bestDistance) {
            best = c;
            bestDistance = d;
          }
        }
      }
    }
    return best;
  };
}

const emptyCounts = (): Record<PointMovement, number> => ({ improved: 0, worsened: 0, same: 0, newlyFound: 0, lost: 0, notComparable: 0 });
const unmatchedOf = (c: CompareCell): UnmatchedPoint => ({ row: c.row, col: c.col, lat: c.lat, lng: c.lng });

/**
 * Every cell of the current grid that coincides with one of the reference grid (within
 * `tolerance` metres, each reference cell used once), with its movement; and the searched
 * cells of either grid that coincide with none. Cells excluded in both are left out.
 */
export function comparePoints(
  current: readonly CompareCell[],
  reference: readonly CompareCell[],
  options: { sameGrid: boolean; tolerance?: number } = { sameGrid: false },
): PointsComparison {
  const tolerance = options.tolerance ?? COMPARE_POINT_TOLERANCE_M;
  const find = bucketIndex(reference, tolerance);
  const used = new Set<CompareCell>();
  const points: PointComparison[] = [];
  const unmatchedCurrent: UnmatchedPoint[] = [];
  const counts = emptyCounts();
  for (const c of current) {
    const r = find(c.lat, c.lng);
    if (!r || used.has(r)) {
      if (c.status !== 'excluded') unmatchedCurrent.push(unmatchedOf(c));
      continue;
    }
    used.add(r);
    if (c.status === 'excluded' && r.status === 'excluded') continue;
    const { movement, change } = movementOf(c, r);
    counts[movement]++;
    points.push({
      row: c.row,
      col: c.col,
      lat: c.lat,
      lng: c.lng,
      referenceRow: r.row,
      referenceCol: r.col,
      position: c.status === 'ok' && isFoundPosition(c.position) ? c.position : null,
      referencePosition: r.status === 'ok' && isFoundPosition(r.position) ? r.position : null,
      movement,
      change,
      status: c.status,
      referenceStatus: r.status,
    });
  }
  const unmatchedReference = reference.filter((r) => !used.has(r) && r.status !== 'excluded').map(unmatchedOf);
  return { sameGrid: options.sameGrid, toleranceMetres: tolerance, points, unmatched: { current: unmatchedCurrent, reference: unmatchedReference }, counts };
}

// ---- Competitors ----

export interface CompetitorFigures {
  /** GeoRank over the analysis's points (the table's compositeScore); 0 when not in its table. */
  geoRank: number;
  /** Posición media total (ATRP); 21 when not in its table, null when a stored table cannot give it. */
  avgTotalPosition: number | null;
  appearances: number;
}

export interface CompetitorChange {
  placeId: string;
  name: string;
  /** In both tables, only in the current one (new) or only in the reference one (gone). */
  presence: 'both' | 'new' | 'gone';
  current: CompetitorFigures;
  reference: CompetitorFigures;
  geoRankDelta: number;
  /** current − reference; negative is better. Null when either side's ATRP is unknown. */
  avgTotalPositionDelta: number | null;
}

export interface CompetitorsComparison {
  /** Largest GeoRank gain first (ties: the larger ATRP drop). */
  gained: CompetitorChange[];
  /** Largest GeoRank loss first. */
  lost: CompetitorChange[];
}

type TableRow = Pick<Competitor, 'placeId' | 'name' | 'location' | 'compositeScore' | 'avgTotalPosition' | 'appearances' | 'isOurBusiness'>;

const isSynthetic = (placeId: string) => placeId.startsWith(SYNTHETIC_PLACE_ID_PREFIX);
const figuresOf = (row: TableRow): CompetitorFigures => ({ geoRank: row.compositeScore, avgTotalPosition: row.avgTotalPosition, appearances: row.appearances });
const ABSENT: CompetitorFigures = { geoRank: 0, avgTotalPosition: NOT_FOUND_POSITION, appearances: 0 };

/**
 * The reference row that is the same business as `row`, by the steps our own business is
 * recognised by (createTargetMatchStep): the provider's place id, then Google's cid (the
 * stored tables keep none), then the normalised name within 250 m for a business with no id.
 */
function matcherFor(row: TableRow) {
  const step = createTargetMatchStep({
    placeId: isSynthetic(row.placeId) ? '' : row.placeId,
    name: row.name,
    lat: row.location?.latitude ?? null,
    lng: row.location?.longitude ?? null,
  });
  return (other: TableRow) =>
    step({
      position: 1,
      name: other.name,
      address: '',
      rating: null,
      userRatingCount: 0,
      placeId: isSynthetic(other.placeId) ? null : other.placeId,
      location: other.location,
      categories: [],
      isAd: false,
    }) !== null;
}

/**
 * The competitors who gained and lost the most between two competitors tables (our own
 * row left out). A business in one table only is measured as absent from the other
 * (GeoRank 0, ATRP 21) when that table lists every business it saw; when the table was cut
 * at its 80 rows it may lie below the cut, so it is left out rather than guessed.
 */
export function compareCompetitors(
  current: { competitors: readonly TableRow[]; totalCompetitors: number },
  reference: { competitors: readonly TableRow[]; totalCompetitors: number },
  limit = COMPARE_COMPETITORS_LIMIT,
): CompetitorsComparison {
  const cur = current.competitors.filter((c) => !c.isOurBusiness);
  const ref = reference.competitors.filter((c) => !c.isOurBusiness);
  const currentComplete = current.totalCompetitors <= current.competitors.length;
  const referenceComplete = reference.totalCompetitors <= reference.competitors.length;
  const refById = new Map(ref.filter((r) => !isSynthetic(r.placeId)).map((r) => [r.placeId, r]));
  const usedRef = new Set<TableRow>();
  const changes: CompetitorChange[] = [];
  const change = (row: TableRow, presence: CompetitorChange['presence'], now: CompetitorFigures, before: CompetitorFigures): CompetitorChange => ({
    placeId: row.placeId,
    name: row.name,
    presence,
    current: now,
    reference: before,
    geoRankDelta: roundMetric(now.geoRank - before.geoRank),
    avgTotalPositionDelta: now.avgTotalPosition === null || before.avgTotalPosition === null ? null : roundMetric(now.avgTotalPosition - before.avgTotalPosition),
  });
  for (const row of cur) {
    let match = refById.get(row.placeId);
    if (match && usedRef.has(match)) match = undefined;
    if (!match) {
      const same = matcherFor(row);
      match = ref.find((r) => !usedRef.has(r) && same(r));
    }
    if (match) {
      usedRef.add(match);
      changes.push(change(row, 'both', figuresOf(row), figuresOf(match)));
    } else if (referenceComplete) {
      changes.push(change(row, 'new', figuresOf(row), ABSENT));
    }
  }
  if (currentComplete) {
    for (const row of ref) if (!usedRef.has(row)) changes.push(change(row, 'gone', ABSENT, figuresOf(row)));
  }
  const atrp = (c: CompetitorChange) => c.avgTotalPositionDelta ?? 0;
  const gained = changes
    .filter((c) => c.geoRankDelta > 0)
    .sort((a, b) => b.geoRankDelta - a.geoRankDelta || atrp(a) - atrp(b) || a.name.localeCompare(b.name, 'es'))
    .slice(0, limit);
  const lost = changes
    .filter((c) => c.geoRankDelta < 0)
    .sort((a, b) => a.geoRankDelta - b.geoRankDelta || atrp(b) - atrp(a) || a.name.localeCompare(b.name, 'es'))
    .slice(0, limit);
  return { gained, lost };
}
