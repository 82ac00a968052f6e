import type { Container } from '../../container';
import { conflict } from '../../errors';
import { keywordsRepository } from '../keywords/keywords.repository';
import { competitorsCsv, exportFilename, pointsCsv } from './rankmap-csv';
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

/** The user's completed analysis with its keyword's name and its place's time zone; 404 for others', 409 before it completes. */
async function completedOr409(container: Pick<Container, 'database'>, userId: string, id: string): Promise<{ row: RankMapRow; keyword: string; timeZone: string }> {
  const row = await ownedRankMapOr404(container, userId, id);
  if (row.status === 'failed') throw conflict(FAILED_NOTHING_TO_EXPORT, 'RANKMAP_FAILED');
  if (row.status !== 'completed' || !row.completedAt) throw conflict(NOT_FINISHED, 'RANKMAP_NOT_COMPLETED');
  const found = await keywordsRepository.findOwned(container.database.db, userId, row.keywordId);
  return { row, keyword: found?.keyword.name ?? row.query, timeZone: found?.place.timeZone ?? DEFAULT_TIME_ZONE };
}

export async function exportPoints(container: Pick<Container, 'database'>, userId: string, id: string): Promise<CsvFile> {
  const { row, keyword, timeZone } = await completedOr409(container, userId, id);
  const results = await rankResultsRepository.listByRankMap(container.database.db, row.id);
  return { filename: exportFilename(keyword, row.completedAt ?? new Date(), timeZone, 'puntos'), content: pointsCsv(results) };
}

export async function exportCompetitors(container: Pick<Container, 'database'>, userId: string, id: string): Promise<CsvFile> {
  const { row, keyword, timeZone } = await completedOr409(container, userId, id);
  return { filename: exportFilename(keyword, row.completedAt ?? new Date(), timeZone, 'competidores'), content: competitorsCsv(presentCompetitorAnalysis(row) ?? { competitors: [] }) };
}
