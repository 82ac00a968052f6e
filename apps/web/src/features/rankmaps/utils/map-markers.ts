import {
  COMPETITORS_TOP,
  type Competitor,
  POSITION_BANDS,
  POSITION_BAND_COLORS,
  POSITION_BAND_TEXT_COLORS,
  type PositionBand,
  bandRangeLabel,
  formatPosition,
  isFoundPosition,
  positionBand,
} from '@rankmaps/shared/metrics';
import type { RankResult } from '@rankmaps/shared/schemas/rankmaps';
import { unwrapLng } from '@/components/map/map-geometry';

/**
 * What the two results maps draw: each grid point's marker (its band colour and label), the
 * legend, the marker size for the zoom, and which competitors go on the competitor map.
 * The map components only turn these into Leaflet layers.
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
    text: POSITION_BAND_TEXT_COLORS[tone],
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

export { bandRangeLabel };

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
      text: POSITION_BAND_TEXT_COLORS[band],
    })),
    { tone: 'failed' as const, range: null, fill: FAILED_MARKER.fill, text: FAILED_MARKER.text },
  ];
}

/**
 * Two neighbouring points of the grid (same row, next column; else same column, next row),
 * whose on-screen distance sizes the markers. Null for a single point.
 */
export function neighbourPair<M extends Pick<ResultMarker, 'row' | 'col' | 'lat' | 'lng'>>(markers: readonly M[]): [M, M] | null {
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

export const MARKER_MAX_PX = 32;
export const MARKER_MIN_PX = 10;
/** Markers take this share of their neighbours' spacing, so they never touch. */
const MARKER_SPACING_SHARE = 0.92;
/** The ring around a marker that carries a label (compact dots get a thinner one). */
export const MARKER_BORDER_PX = 2;
/** The smallest position number written on a marker: anything smaller cannot be read (docs/decisions.md §22.3). */
export const MARKER_LABEL_MIN_FONT_PX = 11;
/** The smallest '+20' (three characters): it may be a pixel smaller than the numbers so it stays inside its marker. */
export const MARKER_WIDE_LABEL_MIN_FONT_PX = 10;
const MARKER_LABEL_MAX_FONT_PX = 13;
/**
 * How wide '+20' is, in ems, in the widest font the page may fall back to: DejaVu Sans Bold (a
 * Linux browser without Inter) sets it at 2.23 em, 2.11 em with the markers' −0.04 em tracking;
 * system fonts and Inter are narrower. Rounded up, so the label fits whichever font draws it.
 */
export const WIDE_LABEL_EM = 2.2;

/** The largest font at which '+20' fits inside a marker of `size` px, within its ring, with a pixel to spare. */
const wideLabelFontFor = (size: number) => Math.floor((size - 2 * MARKER_BORDER_PX - 1) / WIDE_LABEL_EM);

/** The smallest marker that holds '+20' at MARKER_WIDE_LABEL_MIN_FONT_PX: below it markers become plain coloured dots. */
export const MARKER_LABEL_MIN_PX = Math.ceil(MARKER_WIDE_LABEL_MIN_FONT_PX * WIDE_LABEL_EM + 2 * MARKER_BORDER_PX + 1);

export interface MarkerSize {
  size: number;
  /** True when the labels are hidden (dots only). */
  compact: boolean;
  /** The font size of the numbers 1–20, never below MARKER_LABEL_MIN_FONT_PX. */
  fontPx: number;
  /** The font size of three-character labels ('+20'), never below MARKER_WIDE_LABEL_MIN_FONT_PX when shown. */
  wideFontPx: number;
}

/**
 * The marker size for neighbours `spacingPx` apart on screen: 92 % of the spacing within 10–32 px,
 * so a 25×25 grid does not turn into overlapping discs. Numbers are written at 11 px or more and
 * '+20' at 10 px or more, sized to stay inside the marker, or not at all: `compact` hides them until
 * a zoom makes room (the colour, the tooltip, the accessible name and the side panel still give the
 * position, and the map says to zoom in).
 */
export function markerSizeFor(spacingPx: number | null): MarkerSize {
  const size =
    spacingPx === null || !Number.isFinite(spacingPx)
      ? MARKER_MAX_PX
      : Math.round(Math.min(MARKER_MAX_PX, Math.max(MARKER_MIN_PX, spacingPx * MARKER_SPACING_SHARE)));
  const fontPx = Math.min(MARKER_LABEL_MAX_FONT_PX, Math.max(MARKER_LABEL_MIN_FONT_PX, Math.round(size * 0.42)));
  const wideFontPx = Math.min(fontPx, wideLabelFontFor(size));
  return { size, compact: size < MARKER_LABEL_MIN_PX, fontPx, wideFontPx };
}

/** Whether a label is written at the wide labels' size ('+20', '↓12'). */
export const isWideLabel = (label: string) => [...label].length >= 3;

/** The font-size class of a marker's label: the numbers' size, or the one '+20' needs to stay inside. */
export const markerLabelSize = (label: string) =>
  isWideLabel(label) ? 'text-[length:var(--rm-label-wide)]' : 'text-[length:var(--rm-label)]';

/**
 * Sizes a map's markers for neighbours `spacingPx` apart: the CSS variables the marker classes
 * read (--rm-marker, --rm-label, --rm-label-wide) and data-compact on the container, so a zoom
 * resizes every marker without rebuilding (and unfocusing) it. Answers whether labels are hidden.
 */
export function applyMarkerSize(container: HTMLElement, spacingPx: number | null): boolean {
  const { size, compact, fontPx, wideFontPx } = markerSizeFor(spacingPx);
  container.style.setProperty('--rm-marker', `${size}px`);
  container.style.setProperty('--rm-label', `${fontPx}px`);
  container.style.setProperty('--rm-label-wide', `${wideFontPx}px`);
  container.dataset.compact = String(compact);
  return compact;
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
