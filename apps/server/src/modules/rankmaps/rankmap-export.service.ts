import type { Container } from '../../container';
import { conflict } from '../../errors';
import { keywordsRepository } from '../keywords/keywords.repository';
import { isoDateIn } from '../../lib/csv';
import { type CsvAnalysisContext, competitorsCsv, exportFilename, pointsCsv } from './rankmap-csv';
import { rankResultsRepository } from './rank-results.repository';
import type { RankMapRow } from './rankmaps.repository';
import { presentCompetitorAnalysis } from './rankmaps.presenter';
import { ownedRankMapOr404 } from './rankmaps.service';

export const NOT_FINISHED = 'El análisis todavía no ha terminado.';
export const FAILED_NOTHING_TO_EXPORT = 'Este análisis ha fallado: no tiene resultados que exportar.';
const DEFAULT_TIME_ZONE = 'Europe/Madrid';

export interface CsvFile {
  filename: string;
  content: string;
}

/** The user's completed analysis and what its files say about it; 404 for others', 409 before it completes. */
async function completedOr409(container: Pick<Container, 'database'>, userId: string, id: string): Promise<{ row: RankMapRow; context: CsvAnalysisContext; timeZone: string }> {
  const row = await ownedRankMapOr404(container, userId, id);
  if (row.status === 'failed') throw conflict(FAILED_NOTHING_TO_EXPORT, 'RANKMAP_FAILED');
  if (row.status !== 'completed' || !row.completedAt) throw conflict(NOT_FINISHED, 'RANKMAP_NOT_COMPLETED');
  const found = await keywordsRepository.findOwned(container.database.db, userId, row.keywordId);
  const timeZone = found?.place.timeZone ?? DEFAULT_TIME_ZONE;
  const context: CsvAnalysisContext = {
    keyword: found?.keyword.name ?? row.query,
    // The business as it was when the analysis ran, like the analysis itself shows it.
    business: row.target.name,
    date: isoDateIn(row.completedAt, timeZone),
    gridSize: row.grid.gridSize,
    radius: row.grid.radius,
  };
  return { row, context, timeZone };
}

export async function exportPoints(container: Pick<Container, 'database'>, userId: string, id: string): Promise<CsvFile> {
  const { row, context, timeZone } = await completedOr409(container, userId, id);
  const results = await rankResultsRepository.listByRankMap(container.database.db, row.id);
  return { filename: exportFilename(context.keyword, row.completedAt ?? new Date(), timeZone, 'puntos'), content: pointsCsv(context, results) };
}

export async function exportCompetitors(container: Pick<Container, 'database'>, userId: string, id: string): Promise<CsvFile> {
  const { row, context, timeZone } = await completedOr409(container, userId, id);
  const content = competitorsCsv(context, presentCompetitorAnalysis(row) ?? { competitors: [] });
  return { filename: exportFilename(context.keyword, row.completedAt ?? new Date(), timeZone, 'competidores'), content };
}
