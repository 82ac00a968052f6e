import { type CompetitorAnalysis, NOT_FOUND_POSITION, countedOrganic } from '@rankmaps/shared/metrics';
import { COMPETITORS_CSV_COLUMNS, POINTS_CSV_COLUMNS } from '@rankmaps/shared/schemas/exports';
import { type CsvCell, asciiSlug, isoDateIn, toCsv } from '../../lib/csv';
import type { RankResultRow } from './rank-results.repository';

export type CsvExportKind = 'puntos' | 'competidores';

const yesNo = (b: boolean) => (b ? 'sí' : 'no');

/** The first three organic results of a point, by position (ads never count). */
function topNames(row: RankResultRow): CsvCell[] {
  const ranked = countedOrganic({ lat: row.lat, lng: row.lng, organic: row.organic, ads: row.ads }).sort((a, b) => a.position - b.position);
  return [0, 1, 2].map((i) => ranked[i]?.name ?? null);
}

/**
 * One row per stored point, in grid order: 1-based row (north first) and column (west
 * first), coordinates, and our position, '+20' when not found or 'fallido' when the
 * search failed (never "not found"); then the same position as the "Posición media total"
 * counts it, 21 when not found and empty when failed, so that a spreadsheet's AVERAGE of
 * the column is that figure.
 */
export function pointsCsv(results: RankResultRow[]): string {
  const rows = results.map((r): CsvCell[] => {
    const ok = r.status === 'ok';
    const position = !ok ? 'fallido' : r.position === null ? '+20' : r.position;
    const total = !ok ? null : (r.position ?? NOT_FOUND_POSITION);
    return [r.row + 1, r.col + 1, r.lat, r.lng, ok ? 'correcto' : 'fallido', position, total, ...(ok ? topNames(r) : [null, null, null])];
  });
  return toCsv(POINTS_CSV_COLUMNS, rows);
}

/** The stored competitors table (up to 80 rows), in its ranking order. */
export function competitorsCsv(analysis: Pick<CompetitorAnalysis, 'competitors'>): string {
  const rows = analysis.competitors.map((c, i): CsvCell[] => [
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
