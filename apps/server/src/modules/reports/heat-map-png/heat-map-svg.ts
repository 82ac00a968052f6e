import {
  POSITION_BANDS,
  POSITION_BAND_COLORS,
  POSITION_BAND_RANGES,
  POSITION_BAND_TEXT_COLORS,
  formatPosition,
  positionBand,
} from '@rankmaps/shared/metrics/bands';
import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import { COLOR } from '../pdf/layout';
import { METRIC_LABELS, formatMetric, formatShortDate } from '../pdf/format';
import { labelOutline, textPaths, unitsPerEm } from './label-glyphs';

// An analysis's heat map as an SVG an assistant can show once rendered to PNG (get_heatmap and
// GET /api/v1/analyses/{id}/heatmap.png, docs/decisions.md §33.5): the grid as coloured squares,
// north up, with the same position bands, fills and label colours as the app and the PDF (so the
// colour-blind-safe scale means the same everywhere), the centre framed, the legend, the headline
// figures and the data label drawn in. No map tiles: it needs no network.

const PAD = 24;
/** The grid is at most this wide; cells never shrink below MIN_CELL (a 25×25 is 625 px). */
const MAX_GRID_SIDE = 640;
const MIN_CELL = 25;
const MAX_CELL = 72;
const MIN_WIDTH = 600;

/** What the image shows besides the analysis's own report section. */
export interface HeatMapImageInput {
  section: AnalysisReport;
  placeName: string;
}

export interface HeatMapLayout {
  width: number;
  height: number;
  cell: number;
  gridX: number;
  gridY: number;
}

/** The data label in one line that fits the narrowest image (the PDF's DATA_LABELS say it at length). */
const DATA_LABEL_LINES: Record<Exclude<AnalysisReport['dataLabel'], null>, string> = {
  demo: 'Datos de demostración: una simulación, sin búsquedas reales.',
  approximation: 'Aproximación con Google Places: no es exactamente el mapa de Google Maps.',
};


/** The width of a legend entry: swatch, gap, its text at 12 px, and the space before the next. */
const legendWidth = (text: string) => 14 + 6 + textPaths(text, { x: 0, y: 0, size: 12, face: 'regular', fill: '', fixed: true }).width + 16;

/** A heading line cut with «…» to fit `max` px (a keyword or a business name can be long). */
function fitted(text: string, opts: Parameters<typeof textPaths>[1], max: number): string {
  let t = text;
  let drawn = textPaths(t, opts);
  while (drawn.width > max && t.length > 1) {
    t = t.slice(0, -2).trimEnd() + '…';
    drawn = textPaths(t, opts);
  }
  return drawn.svg;
}

export function heatMapLayout(gridSize: number, legendRows: number, dataLabelLines: number): HeatMapLayout {
  const size = Math.max(1, gridSize);
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(MAX_GRID_SIDE / size)));
  const side = cell * size;
  const width = Math.max(MIN_WIDTH, side + 2 * PAD);
  const gridX = Math.round((width - side) / 2);
  const gridY = PAD + 62;
  const height = gridY + side + 18 + legendRows * 24 + 10 + dataLabelLines * 18 + PAD;
  return { width, height, cell, gridX, gridY };
}

interface LegendItem {
  swatch: (x: number, y: number, s: number) => string;
  text: string;
}

function legendItems(): LegendItem[] {
  const items: LegendItem[] = POSITION_BANDS.map((band) => {
    const range = POSITION_BAND_RANGES[band];
    return {
      swatch: (x, y, s) => `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="${POSITION_BAND_COLORS[band]}"/>`,
      text: range ? `${range[0]}–${range[1]}` : '+20 (no aparece)',
    };
  });
  items.push({ swatch: (x, y, s) => `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="${COLOR.failedFill}"/>`, text: 'Fallido' });
  items.push({ swatch: (x, y, s) => `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="url(#excluded)" stroke="${COLOR.rule}"/>`, text: 'Excluido' });
  items.push({ swatch: (x, y, s) => `<rect x="${x + 1}" y="${y + 1}" width="${s - 2}" height="${s - 2}" fill="none" stroke="${COLOR.ink}" stroke-width="2"/>`, text: 'Centro' });
  return items;
}

/** The legend's items split into rows that fit the width, each row centred. */
function legendRows(items: LegendItem[], width: number): LegendItem[][] {
  const rows: LegendItem[][] = [[]];
  let used = 0;
  for (const item of items) {
    const w = legendWidth(item.text);
    if (used + w > width - 2 * PAD && rows.at(-1)!.length > 0) {
      rows.push([]);
      used = 0;
    }
    rows.at(-1)!.push(item);
    used += w;
  }
  return rows;
}

/** The headline figures, one line: «GeoRank 6,2 · % Local Pack 38 % · % encontrado 84 %». */
export function headlineFigures(section: AnalysisReport): string {
  const wanted = ['geoRank', 'localPackPercentage', 'foundPercentage'] as const;
  return wanted
    .map((key) => {
      const metric = section.metrics.find((m) => m.key === key);
      return `${METRIC_LABELS[key]} ${formatMetric(key, metric?.current ?? null)}`;
    })
    .join(' · ');
}

export function heatMapSvg({ section, placeName }: HeatMapImageInput): string {
  const size = Math.max(1, section.grid.gridSize);
  const probe = heatMapLayout(size, 1, 0);
  const rows = legendRows(legendItems(), probe.width);
  const label = section.dataLabel ? DATA_LABEL_LINES[section.dataLabel] : null;
  const { width, height, cell, gridX, gridY } = heatMapLayout(size, rows.length, label ? 1 : 0);
  const side = cell * size;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`);
  out.push(
    `<defs><pattern id="excluded" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/><line x1="0" y1="0" x2="0" y2="6" stroke="${COLOR.faint}" stroke-width="1.5"/></pattern></defs>`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  // Heading: the keyword and the business, then the date, the grid and the headline figures.
  out.push(fitted(`«${section.keyword}» · ${placeName}`, { x: PAD, y: PAD + 16, size: 18, face: 'bold', fill: COLOR.ink }, width - 2 * PAD));
  const sub = `${formatShortDate(section.date, section.timeZone)} · cuadrícula ${size}×${size} · ${headlineFigures(section)}`;
  out.push(fitted(sub, { x: PAD, y: PAD + 40, size: 12.5, face: 'regular', fill: COLOR.muted }, width - 2 * PAD));
  // The grid. Labels are outlines defined once and placed with <use> (label-glyphs.ts).
  const fontSize = Math.min(16, cell * 0.44);
  const used = new Map<string, string>();
  // One path per fill rather than a <rect> per cell: resvg's cost is per element.
  const byFill = new Map<string, string[]>();
  const square = (fill: string, x: number, y: number) => {
    const list = byFill.get(fill) ?? [];
    list.push(`M${x} ${y}h${cell}v${cell}h${-cell}z`);
    byFill.set(fill, list);
  };
  const cellsSvg: string[] = [];
  for (const c of section.cells) {
    if (c.row < 0 || c.col < 0 || c.row >= size || c.col >= size) continue;
    const x = gridX + c.col * cell;
    const y = gridY + c.row * cell;
    if (c.status === 'excluded') {
      square('url(#excluded)', x, y);
      continue;
    }
    const band = positionBand(c.position);
    const failed = c.status === 'failed';
    square(failed ? COLOR.failedFill : POSITION_BAND_COLORS[band], x, y);
    const text = failed ? '×' : formatPosition(c.position);
    const id = `l${used.size}`;
    if (!used.has(text)) used.set(text, id);
    // «+20» is three characters in the width of two: a smaller size keeps it inside its cell.
    const k = (text.length > 2 ? fontSize * 0.82 : fontSize) / unitsPerEm('condensedBold');
    const w = labelOutline(text).width * k;
    const ink = failed ? COLOR.muted : POSITION_BAND_TEXT_COLORS[band];
    const tx = (x + (cell - w) / 2).toFixed(2);
    const ty = (y + cell / 2 + fontSize * 0.36).toFixed(2);
    cellsSvg.push(`<use href="#${used.get(text)}" transform="translate(${tx} ${ty}) scale(${k.toFixed(5)} ${(-k).toFixed(5)})" fill="${ink}"/>`);
  }
  out.push(`<defs>${[...used].map(([text, id]) => `<g id="${id}">${labelOutline(text).svg}</g>`).join('')}</defs>`);
  for (const [fill, squares] of byFill) out.push(`<path fill="${fill}" d="${squares.join('')}"/>`);
  out.push(...cellsSvg);
  // White seams between cells, the frame, and the centre.
  const seams: string[] = [];
  for (let k = 1; k < size; k++) seams.push(`M${gridX + k * cell} ${gridY}v${side}M${gridX} ${gridY + k * cell}h${side}`);
  if (seams.length) out.push(`<path d="${seams.join('')}" stroke="#ffffff" stroke-width="1"/>`);
  out.push(`<rect x="${gridX}" y="${gridY}" width="${side}" height="${side}" fill="none" stroke="${COLOR.ink}" stroke-width="1.5"/>`);
  if (size % 2 === 1) {
    const half = Math.floor(size / 2);
    out.push(`<rect x="${gridX + half * cell - 1}" y="${gridY + half * cell - 1}" width="${cell + 2}" height="${cell + 2}" fill="none" stroke="${COLOR.ink}" stroke-width="3"/>`);
  }
  // The legend, centred rows under the grid.
  let y = gridY + side + 18;
  for (const row of rows) {
    const widths = row.map((it) => legendWidth(it.text));
    let x = (width - widths.reduce((s, w) => s + w, 0)) / 2;
    row.forEach((it, i) => {
      out.push(it.swatch(Math.round(x), y, 14));
      out.push(textPaths(it.text, { x: Math.round(x) + 20, y: y + 11.5, size: 12, face: 'regular', fill: COLOR.ink, fixed: true }).svg);
      x += widths[i]!;
    });
    y += 24;
  }
  if (label) {
    out.push(textPaths(label, { x: width / 2, y: y + 14, size: 12.5, face: 'bold', fill: '#b45309', anchor: 'middle', fixed: true }).svg);
  }
  out.push('</svg>');
  return out.join('');
}
