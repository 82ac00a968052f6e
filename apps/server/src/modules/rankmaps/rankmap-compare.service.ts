import { generateMatrix } from '@rankmaps/shared/geo/matrix';
import { type CompareCell, compareCompetitors, comparePoints, metricDeltas } from '@rankmaps/shared/metrics';
import { LRUCache } from 'lru-cache';
import { type CompareResponse, compareResponseSchema } from '@rankmaps/shared/schemas/compare';
import type { Container } from '../../container';
import { badRequest, notFound } from '../../errors';
import { presentCompetitorAnalysis, presentSummary } from './rankmaps.presenter';
import { rankResultsRepository } from './rank-results.repository';
import type { RankMapRow } from './rankmaps.repository';
import { RANKMAP_NOT_FOUND, ownedAnswerVersionOr404, ownedRankMapOr404 } from './rankmaps.service';

export const NOT_COMPLETED_TO_COMPARE = 'Solo se pueden comparar análisis completados: espera a que este termine o elige otro.';
export const FAILED_TO_COMPARE = 'Este análisis no se completó, así que no se puede comparar: elige otro análisis completado.';

/** The analysis, completed: 400 when it has no results to compare. */
function completed(row: RankMapRow): RankMapRow & { stats: NonNullable<RankMapRow['stats']> } {
  if (row.status === 'failed') throw badRequest(FAILED_TO_COMPARE, 'RANKMAP_NOT_COMPLETED');
  if (row.status !== 'completed' || !row.stats) throw badRequest(NOT_COMPLETED_TO_COMPARE, 'RANKMAP_NOT_COMPLETED');
  return { ...row, stats: row.stats };
}

/**
 * Every cell of an analysis's grid: its searched points with their status and our position,
 * and the cells it left out (on the sea, no coordinates), worked out again from the grid's
 * size, radius and centre as the place's matrix was.
 */
export async function cellsOf(container: Pick<Container, 'database'>, row: RankMapRow): Promise<CompareCell[]> {
  return cellsFromPositions(row.grid, await rankResultsRepository.listPositions(container.database.db, row.id));
}

/** The cells of cellsOf, from the grid snapshot and the stored points' positions, read by the caller (the report reads more of each point). */
export function cellsFromPositions(grid: RankMapRow['grid'], stored: readonly { pointIndex: number; status: 'ok' | 'failed'; position: number | null }[]): CompareCell[] {
  const byIndex = new Map(stored.map((s) => [s.pointIndex, s]));
  const cells: CompareCell[] = grid.points.map((p) => {
    const s = byIndex.get(p.index);
    return { row: p.row, col: p.col, lat: p.lat, lng: p.lng, status: s?.status ?? 'failed', position: s?.status === 'ok' ? s.position : null };
  });
  const searched = new Set(grid.points.map((p) => `${p.row} ${p.col}`));
  try {
    const { gridSize, radius, center } = grid;
    for (const p of generateMatrix({ centerLat: center.lat, centerLng: center.lng, maxDistance: radius, size: gridSize })) {
      if (!searched.has(`${p.row} ${p.col}`)) cells.push({ row: p.row, col: p.col, lat: p.lat, lng: p.lng, status: 'excluded', position: null });
    }
  } catch {
    // A grid the generator refuses now: its searched points are all there is to compare.
  }
  return cells;
}

export const sameGrid = (a: RankMapRow['grid'], b: RankMapRow['grid']) =>
  a.gridSize === b.gridSize && a.radius === b.radius && a.center.lat === b.center.lat && a.center.lng === b.center.lng;

const sideOf = (row: RankMapRow) => ({ ...presentSummary(row), grid: { gridSize: row.grid.gridSize, radius: row.grid.radius, center: row.grid.center } });

/**
 * GET /api/rankmap/:id/compare/:otherId (docs/decisions.md §23.1): the analysis `id` against
 * `otherId`, two completed analyses of the same keyword of the user. Another user's analysis,
 * or one of another keyword, answers 404 like a missing one.
 */
export async function compareAnalyses(container: Pick<Container, 'database'>, userId: string, id: string, otherId: string): Promise<CompareResponse> {
  // Both are looked up (404) before either is judged (400), so a 400 never tells about someone else's id.
  const [current, reference] = await Promise.all([ownedRankMapOr404(container, userId, id), ownedRankMapOr404(container, userId, otherId)]);
  if (current.keywordId !== reference.keywordId) throw notFound(RANKMAP_NOT_FOUND, 'RANKMAP_NOT_FOUND');
  const a = completed(current);
  const b = completed(reference);
  const [cellsA, cellsB] = await Promise.all([cellsOf(container, a), cellsOf(container, b)]);
  const tableA = presentCompetitorAnalysis(a);
  const tableB = presentCompetitorAnalysis(b);
  const empty = { competitors: [], totalCompetitors: 0 };
  return {
    current: sideOf(a),
    reference: sideOf(b),
    metrics: metricDeltas(a.stats, b.stats),
    points: comparePoints(cellsA, cellsB, { sameGrid: sameGrid(a.grid, b.grid) }),
    competitors: compareCompetitors(tableA ?? empty, tableB ?? empty),
  };
}

/** Comparisons kept per process, by the size of their JSON (a 25×25 one is ~130 KB). */
const CACHE_LIMIT_BYTES = 16 * 2 ** 20;
const cache = new LRUCache<string, { head: string; json: string }>({ maxSize: CACHE_LIMIT_BYTES, sizeCalculation: (e) => Math.max(1, e.json.length) });

/**
 * The comparison as JSON, validated against its schema once. Two completed analyses never
 * change, so the JSON is kept under both rows' updated_at (any change to either misses) and a
 * request for it again reads only those two columns: the first request of a 25×25 pair reads
 * both analyses and their 1,250 points, the next ones do not.
 */
export async function comparisonJson(container: Pick<Container, 'database'>, userId: string, id: string, otherId: string): Promise<string> {
  // Ownership first, as compareAnalyses checks it: another user's id is a 404 whether or not it is kept.
  const [a, b] = await Promise.all([ownedAnswerVersionOr404(container, userId, id), ownedAnswerVersionOr404(container, userId, otherId)]);
  const key = `${userId} ${id} ${otherId}`;
  const head = `${a.status} ${a.updatedAt.toISOString()} ${b.status} ${b.updatedAt.toISOString()}`;
  const kept = cache.get(key);
  if (kept?.head === head) return kept.json;
  const parsed = compareResponseSchema.safeParse(await compareAnalyses(container, userId, id, otherId));
  if (!parsed.success) throw new Error(`GET /api/rankmap/:id/compare/:otherId: respuesta no válida: ${parsed.error.message}`);
  const json = JSON.stringify(parsed.data);
  // Kept under the versions read first: a change in between only makes the next request build it again.
  cache.set(key, { head, json });
  return json;
}
