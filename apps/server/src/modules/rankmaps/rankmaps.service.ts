import { creditsText } from '@rankmaps/shared/credit-value';
import { randomUUID } from 'node:crypto';
import type {
  AnalyzeAdvancedRequest,
  AnalyzeResponse,
  RankMapResponse,
  RankMapStatusResponse,
  RankMapSummary,
  ScanQuotaResponse,
} from '@rankmaps/shared/schemas/rankmaps';
import type { Container } from '../../container';
import type { Tx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { sendScanJob, wakeScanWorkers } from '../../jobs/definitions/rankmap-scan';
import { getCurrentPlanState } from '../billing/billing.service';
import { requirePaidPlan } from '../billing/plan-access.service';
import { type KeywordWithPlace, keywordsRepository } from '../keywords/keywords.repository';
import { usersRepository } from '../users/users.repository';
import { cancelScanJobs, deleteWithAnalyses } from './analysis-release.service';
import { keywordFiguresRepository } from './keyword-figures.repository';
import { presentCompetitorAnalysis, presentDetail, presentResult, presentNextRoundEntry, presentSummary } from './rankmaps.presenter';
import { rankResultsRepository } from './rank-results.repository';
import { type RankMapRow, rankMapsRepository } from './rankmaps.repository';
import { reserveCredits, settleBeforeDelete } from './scan/scan-billing.service';
import { manualScanLimit, quotaMonth, quotaReached, quotaResetsAt } from './scan-quota';
import { manualScansUpgradeMessage } from '../billing/upgrade-messages';
import { gridSnapshotOf, targetOf, validPointCount } from './scan/scan-snapshot.service';
import { nextWeeklySlot, zoneOf } from './scan/weekly-scans.service';
import { nextRoundOf } from './next-round';
import { isUuid } from '../../lib/uuid';

export const KEYWORD_NOT_FOUND = 'Keyword no encontrada.';
export const RANKMAP_NOT_FOUND = 'Análisis no encontrado.';
export const NO_VALID_POINTS = 'La cuadrícula de este negocio no tiene puntos válidos que analizar: revísala.';
export const NOT_DELETABLE_SCHEDULED = 'Solo se puede eliminar un análisis programado que aún no ha empezado.';
export const insufficientCreditsMessage = (needed: number) =>
  `No tienes créditos suficientes para este análisis: necesita ${creditsText(needed)} (1 por punto válido). Compra más créditos para continuar.`;

export async function ownedKeywordOr404(container: Pick<Container, 'database'>, userId: string, keywordId: string): Promise<KeywordWithPlace> {
  const found = isUuid(keywordId) ? await keywordsRepository.findOwned(container.database.db, userId, keywordId) : undefined;
  if (!found) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
  return found;
}

/** The status, updated_at and keyword name of the user's analysis (see answerVersionOwned), or a 404 as ownedRankMapOr404 gives. */
export async function ownedAnswerVersionOr404(container: Pick<Container, 'database'>, userId: string, id: string) {
  const row = isUuid(id) ? await rankMapsRepository.answerVersionOwned(container.database.db, userId, id) : undefined;
  if (!row) throw notFound(RANKMAP_NOT_FOUND, 'RANKMAP_NOT_FOUND');
  return row;
}

export async function ownedRankMapOr404(container: Pick<Container, 'database'>, userId: string, id: string): Promise<RankMapRow> {
  const row = isUuid(id) ? await rankMapsRepository.findOwned(container.database.db, userId, id) : undefined;
  if (!row) throw notFound(RANKMAP_NOT_FOUND, 'RANKMAP_NOT_FOUND');
  return row;
}

/**
 * Creates an analysis of a keyword, now or at `scheduledFor`, and queues its scan in the
 * same transaction. Pro plans pay 1 credit per valid point, taken now for an analysis run
 * now (scheduled ones pay when they start); basic plans spend one of the month's scans.
 */
/** `actorId`: the person (or key creator) who spends the workspace's credits, named in the ledger (docs/decisions.md §30.6). */
export async function analyze(container: Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'seaIndex'>, userId: string, keywordId: string, body: AnalyzeAdvancedRequest, actorId: string | null = null): Promise<AnalyzeResponse> {
  const { keyword, place } = await ownedKeywordOr404(container, userId, keywordId);
  const state = await requirePaidPlan(container, userId);
  const scheduledFor = body?.scheduledFor ? new Date(body.scheduledFor) : null;
  const kind = scheduledFor ? 'scheduled' : 'manual';
  const grid = await gridSnapshotOf(container, place);
  if (grid.points.length === 0) throw badRequest(NO_VALID_POINTS, 'NO_VALID_POINTS');
  const billing = state.planLimits.type === 'pro' ? 'credits' : 'plan';
  const limit = billing === 'plan' ? manualScanLimit(state) : -1;
  const month = quotaMonth(new Date());

  const queued = await container.database.db.transaction(async (tx): Promise<AnalyzeResponse> => {
    // The month's scans are counted under the user's lock, so two requests cannot both take the last one.
    await usersRepository.lockById(tx, userId);
    if (quotaReached(limit, await rankMapsRepository.countQuotaUses(tx, userId, month))) {
      throw forbidden(manualScansUpgradeMessage(limit, state.currentPlan), 'MANUAL_SCANS_LIMIT', 'upgrade_required');
    }
    return queueAnalysis(container, tx, { keyword, place, grid, billing, kind, scheduledFor, month, query: body?.query || keyword.name, maxResults: body?.maxResults ?? 20, actorId });
  });
  // The job is committed: a worker of this process can take it now rather than at its next poll.
  if (!scheduledFor) wakeScanWorkers(container.boss);
  return queued;
}

/** What queueAnalysis needs: the keyword and place, the grid snapshot and how the analysis is paid. */
export interface QueueAnalysisInput {
  keyword: KeywordWithPlace['keyword'];
  place: KeywordWithPlace['place'];
  grid: Awaited<ReturnType<typeof gridSnapshotOf>>;
  billing: 'credits' | 'plan';
  kind: 'manual' | 'scheduled';
  scheduledFor: Date | null;
  /** The quota month a basic plan's scan counts in. */
  month: string;
  query: string;
  maxResults: number;
  /** Who spends, for the ledger's actor_id; null for the system. */
  actorId: string | null;
}

/**
 * Writes one analysis and queues its scan, inside the caller's transaction (which holds the
 * user's lock and has checked the month's quota): a basic plan's scan is counted, a pro
 * analysis run now reserves its credits (403 insufficient_credits when they are missing, and the
 * transaction rolls back). Shared by analyze and by «Analizar todas» (docs/decisions.md §25.2).
 */
export async function queueAnalysis(container: Pick<Container, 'boss' | 'config'>, tx: Tx, input: QueueAnalysisInput): Promise<AnalyzeResponse> {
  const { keyword, place, grid, billing, kind, scheduledFor, month } = input;
  const jobId = randomUUID();
  const row = await rankMapsRepository.insert(tx, {
    keywordId: keyword.id,
    placeId: place.id,
    userId: keyword.userId,
    query: input.query,
    maxResults: input.maxResults,
    kind,
    scheduledFor,
    billing,
    provider: container.config.mapsSearch.provider,
    grid,
    target: targetOf(place),
    totalPoints: grid.points.length,
    jobId,
  });
  if (billing === 'plan') await rankMapsRepository.insertQuotaUse(tx, { rankMapId: row.id, userId: keyword.userId, month });
  let creditsCharged = 0;
  if (billing === 'credits' && kind === 'manual') {
    try {
      creditsCharged = await reserveCredits(tx, row, input.actorId);
    } catch (err) {
      if (err instanceof AppError && err.errorType === 'insufficient_credits') {
        throw forbidden(insufficientCreditsMessage(row.totalPoints), 'INSUFFICIENT_CREDITS', 'insufficient_credits');
      }
      throw err;
    }
    await rankMapsRepository.update(tx, row.id, { creditsCharged });
  }
  await sendScanJob(container.boss, tx, row.id, { jobId, startAfter: scheduledFor });
  return { rankMapId: row.id, status: row.status, kind, scheduledFor: scheduledFor?.toISOString() ?? null, totalPoints: row.totalPoints, creditsCharged };
}

/**
 * The month's manual scans (docs/decisions.md §22): what the plan gives, what is used and what
 * is left, counted as analyze counts them; limit and remaining are null when scans are not counted.
 */
export async function scanQuota(container: Pick<Container, 'config' | 'database'>, userId: string): Promise<ScanQuotaResponse> {
  const now = new Date();
  const month = quotaMonth(now);
  const state = await getCurrentPlanState(container, userId);
  const limit = state.planLimits.type === 'basic' ? manualScanLimit(state) : -1;
  const used = await rankMapsRepository.countQuotaUses(container.database.db, userId, month);
  const counted = state.planLimits.type === 'basic' && limit >= 0;
  return {
    month,
    resetsAt: quotaResetsAt(now).toISOString(),
    limit: counted ? limit : null,
    used,
    remaining: counted ? Math.max(0, limit - used) : null,
  };
}

/**
 * A keyword's analyses, newest first (scheduled ones by their date), with the round that runs it
 * next as a virtual entry: its place's weekly scan while it is on and the plan includes it, or a
 * running custom campaign that holds the keyword and comes sooner (docs/decisions.md §25.5).
 */
export async function listAnalyses(container: Pick<Container, 'config' | 'database' | 'log' | 'seaIndex'>, userId: string, keywordId: string): Promise<RankMapSummary[]> {
  const db = container.database.db;
  const found = isUuid(keywordId) ? await keywordsRepository.findOwnedWithCampaigns(db, userId, keywordId) : undefined;
  if (!found) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
  const { keyword, place, runningCampaigns } = found;
  const entries = (await rankMapsRepository.listByKeyword(db, keyword.id)).map(presentSummary);
  const { planLimits } = await getCurrentPlanState(container, userId);
  if (planLimits.type === 'free') return entries;
  const now = new Date();
  const weekly = place.weeklyScans && planLimits.weeklyScans !== 0 ? nextWeeklySlot(now, place) : null;
  const next = nextRoundOf(weekly, runningCampaigns, zoneOf(place), now);
  if (!next) return entries;
  const entry = presentNextRoundEntry({ keywordId: keyword.id, placeId: place.id, next, provider: container.config.mapsSearch.provider, totalPoints: await validPointCount(container, place) });
  const dateOf = (e: RankMapSummary) => Date.parse(e.scheduledFor ?? e.createdAt);
  const at = entries.findIndex((e) => dateOf(e) < next.at.getTime());
  entries.splice(at === -1 ? entries.length : at, 0, entry);
  return entries;
}

export async function getAnalysis(container: Pick<Container, 'database'>, userId: string, id: string): Promise<RankMapResponse> {
  const row = await ownedRankMapOr404(container, userId, id);
  const db = container.database.db;
  const [found, results] = await Promise.all([keywordsRepository.findOwned(db, userId, row.keywordId), rankResultsRepository.listByRankMap(db, row.id)]);
  return {
    rankMap: presentDetail(row, found?.keyword.name ?? row.query),
    results: results.map(presentResult),
    competitorAnalysis: presentCompetitorAnalysis(row),
  };
}

export async function getStatus(container: Pick<Container, 'database'>, userId: string, id: string): Promise<RankMapStatusResponse> {
  const row = isUuid(id) ? await rankMapsRepository.statusOwned(container.database.db, userId, id) : undefined;
  if (!row) throw notFound(RANKMAP_NOT_FOUND, 'RANKMAP_NOT_FOUND');
  const { vendorWaitSince, totalPoints, ...status } = row;
  // Counted only while it waits for the vendor's standard queue: a live scan's progress says it all.
  const waiting = status.status === 'processing' && vendorWaitSince !== null;
  const received = waiting ? await rankResultsRepository.countStored(container.database.db, id) : 0;
  return { ...status, waitingVendor: waiting ? { received, total: totalPoints } : null };
}

/** Deletes an analysis with its results; one not finished gives back what it has not searched. */
export async function deleteAnalysis(container: Pick<Container, 'boss' | 'database' | 'log'>, userId: string, id: string): Promise<void> {
  const row = await ownedRankMapOr404(container, userId, id);
  await deleteWithAnalyses(container, { id: row.id }, async (tx) => {
    await rankMapsRepository.delete(tx, row.id);
    // The keyword's latest figures may have been this analysis (docs/decisions.md §25.1).
    await keywordFiguresRepository.refresh(tx, row.keywordId);
  });
}

/** Cancels a scheduled analysis that has not started: its job, its credits (none were taken) and its monthly scan. */
export async function deleteScheduled(container: Pick<Container, 'boss' | 'database' | 'log'>, userId: string, id: string): Promise<void> {
  const owned = await ownedRankMapOr404(container, userId, id);
  const jobId = await container.database.db.transaction(async (tx) => {
    const [row] = await rankMapsRepository.lockActive(tx, { id: owned.id });
    if (row?.kind !== 'scheduled' || row.status !== 'pending') throw conflict(NOT_DELETABLE_SCHEDULED, 'NOT_DELETABLE');
    await settleBeforeDelete(tx, row);
    await rankMapsRepository.delete(tx, row.id);
    return row.jobId;
  });
  await cancelScanJobs(container, jobId ? [jobId] : []);
}
