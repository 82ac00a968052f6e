import { type CompetitorAnalysis, NOT_FOUND_POSITION, countedOrganic } from '@rankmaps/shared/metrics';
import { COMPETITORS_CSV_COLUMNS, CSV_NOT_FOUND, POINTS_CSV_COLUMNS } from '@rankmaps/shared/schemas/exports';
import { type CsvCell, asciiSlug, isoDateIn, toCsv } from '../../lib/csv';
import type { RankResultRow } from './rank-results.repository';

export type CsvExportKind = 'puntos' | 'competidores';

const yesNo = (b: boolean) => (b ? 'Sí' : 'No');

/** Which analysis a file is about, repeated at the start of every row (ANALYSIS_CSV_COLUMNS). */
export interface CsvAnalysisContext {
  keyword: string;
  business: string;
  /** The completion date, yyyy-mm-dd in the business's time zone. */
  date: string;
  gridSize: number;
  radius: number;
}

function contextCells(c: CsvAnalysisContext): CsvCell[] {
  return [c.keyword, c.business, c.date, `${c.gridSize}×${c.gridSize}, radio ${c.radius} m`];
}

/** The first three organic results of a point, by position (ads never count). */
function topNames(row: RankResultRow): CsvCell[] {
  const ranked = countedOrganic({ lat: row.lat, lng: row.lng, organic: row.organic, ads: row.ads }).sort((a, b) => a.position - b.position);
  return [0, 1, 2].map((i) => ranked[i]?.name ?? null);
}

/**
 * One row per stored point, in grid order, after the analysis's own columns: 1-based row
 * (north first) and column (west first), coordinates, and our position, "No encontrado"
 * when not found or "Fallido" when the search failed (never "not found"); then the same
 * position as the "Posición media total" counts it, 21 when not found and empty when
 * failed, so that a spreadsheet's AVERAGE of the column is that figure.
 */
export function pointsCsv(context: CsvAnalysisContext, results: RankResultRow[]): string {
  const analysis = contextCells(context);
  const rows = results.map((r): CsvCell[] => {
    const ok = r.status === 'ok';
    const position = !ok ? 'Fallido' : r.position === null ? CSV_NOT_FOUND : r.position;
    const total = !ok ? null : (r.position ?? NOT_FOUND_POSITION);
    return [
      ...analysis,
      r.row + 1,
      r.col + 1,
      r.lat,
      r.lng,
      ok ? 'Correcto' : 'Fallido',
      position,
      total,
      ...(ok ? topNames(r) : [null, null, null]),
    ];
  });
  return toCsv(POINTS_CSV_COLUMNS, rows);
}

/** The stored competitors table (up to 80 rows), in its ranking order. */
export function competitorsCsv(context: CsvAnalysisContext, analysis: Pick<CompetitorAnalysis, 'competitors'>): string {
  const cells = contextCells(context);
  const rows = analysis.competitors.map((c, i): CsvCell[] => [
    ...cells,
    i + 1,
    c.name,
    c.address,
    c.avgPosition,
    c.avgTotalPosition,
    c.appearances,
    c.localPackPercentage,
    c.visibilityIndex,
    c.compositeScore,
    c.rating,
    c.userRatingCount,
    yesNo(c.isAd),
    yesNo(c.isOurBusiness),
  ]);
  return toCsv(COMPETITORS_CSV_COLUMNS, rows);
}

/** rankmap-<keyword>-<yyyy-mm-dd>-<kind>.csv, ASCII only, dated in the place's time zone. */
export function exportFilename(keyword: string, completedAt: Date, timeZone: string, kind: CsvExportKind): string {
  return `rankmap-${asciiSlug(keyword, 'keyword')}-${isoDateIn(completedAt, timeZone)}-${kind}.csv`;
}
