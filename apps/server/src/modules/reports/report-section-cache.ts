import { LRUCache } from 'lru-cache';
import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import type { Container } from '../../container';
import { badRequest, notFound } from '../../errors';
import { RANKMAP_NOT_FOUND, ownedRankMapOr404 } from '../rankmaps/rankmaps.service';
import { type SectionHead, reportAnalysesRepository } from './report-analyses.repository';
import { FAILED_FOR_REPORT, NOT_COMPLETED_FOR_REPORT, analysisSection, completedOr400 } from './report-section.service';
import { isUuid } from '../../lib/uuid';

/**
 * The owner's completed analysis as a report heads it: 404 «Análisis no encontrado.» for
 * another user's, a missing or a malformed id (as GET /api/rankmap/{id}), 400 while it is not
 * completed (as the comparison).
 */
export async function sectionHeadOr4xx(container: Pick<Container, 'database'>, ownerId: string, rankMapId: string): Promise<SectionHead> {
  const head = isUuid(rankMapId) ? await reportAnalysesRepository.sectionHead(container.database.db, ownerId, rankMapId) : undefined;
  if (!head) throw notFound(RANKMAP_NOT_FOUND, 'RANKMAP_NOT_FOUND');
  if (head.status === 'failed') throw badRequest(FAILED_FOR_REPORT, 'RANKMAP_NOT_COMPLETED');
  if (head.status !== 'completed') throw badRequest(NOT_COMPLETED_FOR_REPORT, 'RANKMAP_NOT_COMPLETED');
  return head;
}

/** Sections kept per process, by the size of their JSON (a 25×25 one is ~57 KB). */
const CACHE_LIMIT_BYTES = 16 * 2 ** 20;
const cache = new LRUCache<string, { version: string; json: string }>({ maxSize: CACHE_LIMIT_BYTES, sizeCalculation: (e) => Math.max(1, e.json.length) });

/**
 * An analysis's section of a report, kept as JSON under its head's version: a completed
 * analysis's results never change, so a report asked for again (the share page's visits, a
 * PDF after the preview) costs one query instead of reading 625 points twice and the trend.
 * Given back parsed, so no caller can change what is kept.
 */
export async function sectionOf(container: Pick<Container, 'database'>, ownerId: string, head: SectionHead): Promise<AnalysisReport> {
  const key = `${ownerId} ${head.id}`;
  const kept = cache.get(key);
  if (kept?.version === head.version) return JSON.parse(kept.json) as AnalysisReport;
  const row = completedOr400(await ownedRankMapOr404(container, ownerId, head.id));
  const section = await analysisSection(container, { ownerId, row, keyword: head.keyword, place: { name: head.place.name, timeZone: head.timeZone } });
  // Kept under the version read first: a change in between only makes the next request build it again.
  cache.set(key, { version: head.version, json: JSON.stringify(section) });
  return section;
}
