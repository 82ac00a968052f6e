import {
  COMPETITORS_TOP,
  type Competitor,
  POSITION_BANDS,
  POSITION_BAND_COLORS,
  POSITION_BAND_RANGES,
  POSITION_BAND_TEXT_COLOR,
  type PositionBand,
  formatPosition,
  isFoundPosition,
  positionBand,
} from '@rankmaps/shared/metrics';
import type { GoogleResult, RankResult } from '@rankmaps/shared/schemas/rankmaps';
import { unwrapLng } from '../../../components/map/map-geometry';

/**
 * The pure parts of the results map, the point panel and the competitors table: what each
 * marker shows, which competitors go on the map, the order of a point's results and the
 * table's sorting. The components only turn these into Leaflet layers and markup.
 */

// ---- Ranking map ----

/** A marker's look: one of the position bands, or a point whose search failed. */
export type MarkerTone = PositionBand | 'failed';

/**
 * A failed point is not "not found" (docs/decisions.md §18: shown as failed, never as '+20'), so it
 * must not look like the grey not-found band: a pale fill, dark cross and a dashed border.
 * The cross is slate-600 on slate-200, above 4.5:1.
 */
export const FAILED_MARKER = { fill: '#e2e8f0', text: '#475569', border: '#64748b' } as const;
export const FAILED_MARKER_LABEL = '×';

export interface ResultMarker {
  /** Index in the `results` array: what onSelectPoint reports. */
  index: number;
  /** 1-based, as shown to users. */
  row: number;
  col: number;
  lat: number;
  /** Kept within 180° of the reference longitude, so a grid across the antimeridian stays in one piece. */
  lng: number;
  tone: MarkerTone;
  /** The position ('1'..'20'), '+20' when not found, '×' when failed. */
  label: string;
  /** Our organic position there, null when not found or failed. */
  position: number | null;
  failed: boolean;
  fill: string;
  text: string;
}

/** Our position at a point: only a found 1..20 counts, whatever else the record says. */
export function ourPosition(result: RankResult): number | null {
  if (result.status !== 'ok' || !result.businessAnalysis.found) return null;
  const p = result.businessAnalysis.position;
  return isFoundPosition(p) ? p : null;
}

/** The marker of one result; null when its coordinates cannot be placed. */
export function resultMarker(result: RankResult, index: number, refLng: number | null): ResultMarker | null {
  const { lat, lng } = result.coordinates;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const base = { index, row: result.row + 1, col: result.col + 1, lat, lng: refLng === null ? lng : unwrapLng(lng, refLng) };
  if (result.status === 'failed') {
    return {
      ...base,
      tone: 'failed',
      label: FAILED_MARKER_LABEL,
      position: null,
      failed: true,
      fill: FAILED_MARKER.fill,
      text: FAILED_MARKER.text,
    };
  }
  const position = ourPosition(result);
  const tone = positionBand(position);
  return {
    ...base,
    tone,
    label: formatPosition(position),
    position,
    failed: false,
    fill: POSITION_BAND_COLORS[tone],
    text: POSITION_BAND_TEXT_COLOR,
  };
}

/** N of the metrics: the points whose search completed (failed points are not counted). */
export function validPointCount(results: readonly RankResult[]): number {
  return results.filter((r) => r.status === 'ok').length;
}

/** Every placeable result's marker, in the order of `results`. */
export function resultMarkers(results: readonly RankResult[], refLng: number | null): ResultMarker[] {
  return results.flatMap((r, i) => resultMarker(r, i, refLng) ?? []);
}

/** The text of a band in the legend: '1–3' … '16–20', and '+20' for not found. */
export function bandRangeLabel(band: PositionBand): string {
  const range = POSITION_BAND_RANGES[band];
  return range ? `${range[0]}–${range[1]}` : formatPosition(null);
}

export interface LegendEntry {
  tone: MarkerTone;
  /** The range text; null for failed points, whose label is a word. */
  range: string | null;
  fill: string;
  text: string;
}

/** The ranking legend, best band first, then not found, then failed. */
export function rankingLegend(): LegendEntry[] {
  return [
    ...POSITION_BANDS.map((band) => ({
      tone: band,
      range: bandRangeLabel(band),
      fill: POSITION_BAND_COLORS[band],
      text: POSITION_BAND_TEXT_COLOR,
    })),
    { tone: 'failed' as const, range: null, fill: FAILED_MARKER.fill, text: FAILED_MARKER.text },
  ];
}

/**
 * Two neighbouring points of the grid (same row, next column; else same column, next row),
 * whose on-screen distance sizes the markers. Null for a single point.
 */
export function neighbourPair(markers: readonly ResultMarker[]): [ResultMarker, ResultMarker] | null {
  const byCell = new Map(markers.map((m) => [`${m.row}:${m.col}`, m]));
  for (const m of markers) {
    const right = byCell.get(`${m.row}:${m.col + 1}`);
    if (right) return [m, right];
  }
  for (const m of markers) {
    const below = byCell.get(`${m.row + 1}:${m.col}`);
    if (below) return [m, below];
  }
  return null;
}

export const MARKER_MAX_PX = 30;
export const MARKER_MIN_PX = 10;
/** Below this a number no longer fits in a marker: the markers become plain coloured dots. */
export const MARKER_LABEL_MIN_PX = 18;

/**
 * The marker size for neighbours `spacingPx` apart on screen: a small gap between them, within
 * 10–30 px, so a 25×25 grid does not turn into overlapping discs. `compact` hides the numbers
 * (the colour, the tooltip, the accessible name and the side panel still give the position).
 */
export function markerSizeFor(spacingPx: number | null): { size: number; compact: boolean } {
  const size =
    spacingPx === null || !Number.isFinite(spacingPx)
      ? MARKER_MAX_PX
      : Math.round(Math.min(MARKER_MAX_PX, Math.max(MARKER_MIN_PX, spacingPx * 0.85)));
  return { size, compact: size < MARKER_LABEL_MIN_PX };
}

// ---- Competitor map ----

export interface CompetitorMarker {
  /** 1-based place in the competitors table. */
  rank: number;
  competitor: Competitor;
  lat: number;
  lng: number;
}

/**
 * The competitor map (docs/product.md §9: the top 15): the first `top` rows of the table that have a
 * location, numbered by their table rank. Our business is added when it ranks lower, so it
 * can always be compared on the map. Businesses without a location (service areas) cannot
 * be placed: `unplaced` counts those among the top.
 */
export function competitorMarkers(
  competitors: readonly Competitor[],
  refLng: number | null,
  top: number = COMPETITORS_TOP,
): { markers: CompetitorMarker[]; unplaced: number } {
  const markers: CompetitorMarker[] = [];
  let unplaced = 0;
  competitors.forEach((competitor, i) => {
    if (i >= top && !competitor.isOurBusiness) return;
    const loc = competitor.location;
    if (!loc || !Number.isFinite(loc.latitude) || !Number.isFinite(loc.longitude)) {
      if (i < top) unplaced++;
      return;
    }
    markers.push({ rank: i + 1, competitor, lat: loc.latitude, lng: refLng === null ? loc.longitude : unwrapLng(loc.longitude, refLng) });
  });
  return { markers, unplaced };
}

// ---- Point panel ----

export interface PointEntry extends GoogleResult {
  /** Our business: the same provider id, or the organic result at our matched position. */
  isOurs: boolean;
}

/**
 * A point's results as the panel lists them: ads first (in the provider's order), then the
 * organic results by position. Our business is matched by place id; when the provider gave
 * it none, the server matched it by name and distance and stored the position, so the
 * organic result at that position is ours.
 */
export function pointEntries(result: RankResult, ourPlaceId: string): { ads: PointEntry[]; organic: PointEntry[] } {
  const ours = ourPosition(result);
  const mark = (item: GoogleResult): PointEntry => ({
    ...item,
    isOurs:
      (item.placeId !== null && item.placeId !== '' && item.placeId === ourPlaceId) ||
      (!item.isAd && ours !== null && item.position === ours),
  });
  const ads = result.googleResults.filter((r) => r.isAd).map(mark);
  const organic = result.googleResults
    .filter((r) => !r.isAd)
    .sort((a, b) => a.position - b.position)
    .map(mark);
  return { ads, organic };
}

// ---- Competitors table ----

export interface CompetitorRow {
  /** 1-based place in the server's order (compositeScore, then avgPosition): kept whatever the sort. */
  rank: number;
  competitor: Competitor;
}

export type CompetitorSortKey =
  'rank' | 'name' | 'avgPosition' | 'appearances' | 'localPackPercentage' | 'visibilityIndex' | 'compositeScore' | 'rating';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: CompetitorSortKey;
  dir: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: 'rank', dir: 'asc' };

/** The direction a column sorts in first: best first (low ranks and positions, high scores), names A–Z. */
export function defaultDirection(key: CompetitorSortKey): SortDirection {
  return key === 'rank' || key === 'avgPosition' || key === 'name' ? 'asc' : 'desc';
}

/** A click on a column header: a new column starts in its own best-first direction, the same one flips. */
export function nextSort(current: SortState, key: CompetitorSortKey): SortState {
  if (current.key !== key) return { key, dir: defaultDirection(key) };
  return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}

export function ariaSort(current: SortState, key: CompetitorSortKey): 'ascending' | 'descending' | 'none' {
  if (current.key !== key) return 'none';
  return current.dir === 'asc' ? 'ascending' : 'descending';
}

export function rankCompetitors(competitors: readonly Competitor[]): CompetitorRow[] {
  return competitors.map((competitor, i) => ({ rank: i + 1, competitor }));
}

/**
 * The rows in the chosen order. Ties keep the table's rank order; a business without a
 * rating goes last whichever way the ratings sort (it is unknown, not low). Ratings tie-break
 * on the review count, in the same direction.
 */
export function sortCompetitorRows(rows: readonly CompetitorRow[], sort: SortState, locale = 'es'): CompetitorRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const compare = (a: CompetitorRow, b: CompetitorRow): number => {
    const x = a.competitor;
    const y = b.competitor;
    switch (sort.key) {
      case 'rank':
        return sign * (a.rank - b.rank);
      case 'name':
        return sign * collator.compare(x.name, y.name);
      case 'rating': {
        if (x.rating === null || y.rating === null) return x.rating === y.rating ? 0 : x.rating === null ? 1 : -1;
        return sign * (x.rating - y.rating || x.userRatingCount - y.userRatingCount);
      }
      default:
        return sign * (x[sort.key] - y[sort.key]);
    }
  };
  return [...rows].sort((a, b) => compare(a, b) || a.rank - b.rank);
}

// ---- Formatting ----

/** A number with at most `digits` decimals in the interface's language ('3,5' in Spanish). */
export function formatDecimal(n: number, locale: string, digits = 1): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
}

/** A 0–100 figure as a percentage ('42,5 %' in Spanish, '42.5%' in English). */
export function formatPercent(n: number, locale: string, digits = 1): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(n / 100);
}

/** A rating always with one decimal ('4,0'), as the stars are usually shown. */
export function formatRating(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}

/** Coordinates to 5 decimals (about a metre), the way maps print them. */
export function formatCoordinates(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}
