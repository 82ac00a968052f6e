import { CITY_POINT, changeOf, computeAiMetrics, type AiFigures, type AiMetrics } from '@rankmaps/shared/ai-metrics';
import { aiEngineInfo } from '@rankmaps/shared/ai-engines';
import { creditsInEuros, creditsText } from '@rankmaps/shared/credit-value';
import type { AiAnalysisResponse, AiAnalysisSummary, AiCompareResponse, AiCreatedResponse, AiEnginesResponse, AiPointsResponse, AiQuoteResponse, AiScanRequest } from '@rankmaps/shared/schemas/ai-visibility';
import type { Container } from '../../container';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { sendAiScanJob, wakeAiScanWorkers } from '../../jobs/definitions/ai-visibility-scan';
import { isUuid } from '../../lib/uuid';
import type { AiEngine, AiEngineCatalogue, AiEngineId } from '../../providers/ai-answers/interface';
import { businessDomain } from '../../providers/ai-answers/match-business';
import { decodeCursor, encodeCursor } from '../api-v1/cursor';
import { creditsService } from '../billing/credits.service';
import { requirePaidPlan } from '../billing/plan-access.service';
import { NO_VALID_POINTS, ownedKeywordOr404 } from '../rankmaps/rankmaps.service';
import { gridSnapshotOf, targetOf } from '../rankmaps/scan/scan-snapshot.service';
import { type AiAnalysisRow, type AiAnalysisTarget, aiAnalysesRepository } from './ai-analyses.repository';
import { metricsAnswerOf } from './ai-answers.presenter';
import { type AiEnginePlan, planEngines, totalCalls, totalCredits } from './ai-plan';
import { reserveAiCredits } from './scan/ai-billing.service';

export const AI_ANALYSIS_NOT_FOUND = 'Análisis de IA no encontrado.';
export const AI_NOT_COMPLETED = 'Solo se pueden comparar análisis de IA completados: espera a que terminen.';
export const DEMO_LABEL = 'Datos de demostración';
/** The vendor's free daily allowance resets at midnight in its time zone (Google: Pacific time). */
const FREE_QUOTA_TIME_ZONE = 'America/Los_Angeles';

export const aiInsufficientCreditsMessage = (needed: number) =>
  `No tienes créditos suficientes para este análisis de IA: necesita ${creditsText(needed)}. Compra más créditos para continuar.`;

const unavailableMessage = (id: AiEngineId, reason: string | null) => `El motor «${aiEngineInfo(id).label}» no está disponible: ${reason ?? 'no está configurado en el servidor.'}`;

type Deps = Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'seaIndex'>;

/** GET /api/ai-visibility/engines: every engine, whether it can run here, and what a call costs. */
export function listEngines(catalogue: AiEngineCatalogue): AiEnginesResponse {
  return {
    engines: catalogue.list().map(({ id, available, reason, engine }) => {
      const info = aiEngineInfo(id);
      return {
        id,
        label: info.label,
        available,
        reason: available ? null : reason,
        creditsPerCall: engine?.creditsPerCall ?? info.creditsPerCall,
        scope: engine?.scope ?? info.scope,
        freeCallsPerDay: engine?.freeCallsPerDay ?? info.freeCallsPerDay,
        demo: engine?.provider === 'demo',
      };
    }),
  };
}

/** The engines asked, each one running here; 409 naming the first that cannot, and why. */
function enginesOf(catalogue: AiEngineCatalogue, ids: readonly AiEngineId[]): AiEngine[] {
  const listed = new Map(catalogue.list().map((e) => [e.id, e]));
  return ids.map((id) => {
    const engine = catalogue.get(id);
    if (!engine) throw conflict(unavailableMessage(id, listed.get(id)?.reason ?? null), 'AI_ENGINE_UNAVAILABLE');
    return engine;
  });
}

/** The city city-wide engines are asked about: the address's locality («Calle Larios 5, 29005 Málaga, España» → Málaga). */
export function cityOf(address: string, countryCode: string): { name: string; countryCode: string } {
  const parts = address.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length > 1) parts.pop();
  const last = (parts.at(-1) ?? '').replace(/^\d{4,6}\s*/, '').replace(/\s*\d{4,6}$/, '').trim();
  return { name: last, countryCode };
}

export function targetOfPlace(place: Parameters<typeof targetOf>[0]): AiAnalysisTarget {
  // The place's own website, when Google gave one: the matcher's domain rule compares it (docs/decisions.md §31.12).
  return { ...targetOf(place), domain: businessDomain(place.website), city: cityOf(place.address, place.countryCode) };
}

/** The quote's Gemini warning: the calls past what is left today of the vendor's free allowance, which the vendor charges. */
async function freeQuotaWarning(container: Pick<Container, 'database'>, engines: readonly AiEngine[], plan: readonly AiEnginePlan[]): Promise<string | null> {
  const db = container.database.db;
  const warnings: string[] = [];
  for (const engine of engines) {
    if (engine.freeCallsPerDay === null || engine.provider === 'demo') continue;
    const calls = plan.find((p) => p.id === engine.id)?.calls ?? 0;
    const used = await aiAnalysesRepository.realCallsSince(db, engine.id, await aiAnalysesRepository.vendorDayStart(db, FREE_QUOTA_TIME_ZONE));
    const left = Math.max(0, engine.freeCallsPerDay - used);
    if (calls <= left) continue;
    const label = aiEngineInfo(engine.id).label;
    warnings.push(`${label}: este análisis hace ${calls} llamadas y hoy quedan ${left} gratuitas de las ${engine.freeCallsPerDay} diarias del servidor; las ${calls - left} restantes las cobra el proveedor (unos ${((calls - left) * engine.liveCallPriceUsd).toFixed(2)} USD).`);
  }
  return warnings.length > 0 ? warnings.join(' ') : null;
}

/**
 * POST /api/ai-visibility/keyword/:keywordId/scan. With dryRun, the quote: credits per engine and
 * in total, in euros at the credit package's price, the balance and Gemini's free-allowance
 * warning; nothing is written. Otherwise the analysis is created, its credits reserved in the
 * ledger under the actor (docs/decisions.md §31.5) and its job queued, in one transaction.
 */
export async function scan(container: Deps, catalogue: AiEngineCatalogue, workspaceId: string, keywordId: string, body: AiScanRequest, actorId: string | null, kind: 'manual' | 'scheduled' | 'campaign' = 'manual'): Promise<AiQuoteResponse | AiCreatedResponse> {
  const { keyword, place } = await ownedKeywordOr404(container, workspaceId, keywordId);
  await requirePaidPlan(container, workspaceId);
  const engines = enginesOf(catalogue, body.engines);
  const grid = await gridSnapshotOf(container, { ...place, matrixConfig: { ...place.matrixConfig, gridSize: body.gridSize } });
  if (grid.points.length === 0) throw badRequest(NO_VALID_POINTS, 'NO_VALID_POINTS');
  const plan = planEngines(engines, grid.points.length, body.samples);
  const credits = totalCredits(plan);
  if (body.dryRun) {
    const { subscription, extra } = await creditsService.balances(container.database.db, workspaceId);
    return {
      dryRun: true,
      gridSize: body.gridSize,
      samples: body.samples,
      points: grid.points.length,
      engines: plan.map((p) => ({ id: p.id as AiEngineId, label: aiEngineInfo(p.id as AiEngineId).label, scope: p.scope, calls: p.calls, creditsPerCall: p.creditsPerCall, credits: p.calls * p.creditsPerCall })),
      totalCalls: totalCalls(plan),
      totalCredits: credits,
      euros: creditsInEuros(credits),
      balance: subscription + extra,
      enough: subscription + extra >= credits,
      freeQuotaWarning: await freeQuotaWarning(container, engines, plan),
    };
  }
  const created = await container.database.db.transaction(async (tx) => {
    const row = await aiAnalysesRepository.insert(tx, {
      keywordId: keyword.id,
      placeId: place.id,
      userId: keyword.userId,
      query: keyword.name,
      engines: plan,
      grid,
      target: targetOfPlace(place),
      samples: body.samples,
      kind,
      totalCalls: totalCalls(plan),
    });
    let reserved: number;
    try {
      reserved = await reserveAiCredits(tx, row, credits, actorId);
    } catch (err) {
      if (err instanceof AppError && err.errorType === 'insufficient_credits') throw forbidden(aiInsufficientCreditsMessage(credits), 'INSUFFICIENT_CREDITS', 'insufficient_credits');
      throw err;
    }
    const jobId = await sendAiScanJob(container.boss, tx, row.id);
    await aiAnalysesRepository.update(tx, row.id, { creditsReserved: reserved, jobId });
    return { id: row.id, status: row.status, creditsReserved: reserved, creditsCharged: reserved };
  });
  // The job is committed: a worker of this process can take it now rather than at its next poll.
  wakeAiScanWorkers(container.boss);
  return created;
}

export async function ownedAiAnalysisOr404(container: Pick<Container, 'database'>, workspaceId: string, id: string): Promise<AiAnalysisRow> {
  const row = isUuid(id) ? await aiAnalysesRepository.findOwned(container.database.db, workspaceId, id) : undefined;
  if (!row) throw notFound(AI_ANALYSIS_NOT_FOUND, 'AI_ANALYSIS_NOT_FOUND');
  return row;
}

function presentEngines(row: AiAnalysisRow): AiAnalysisSummary['engines'] {
  return row.engines.map((e) => ({ id: e.id as AiEngineId, label: aiEngineInfo(e.id as AiEngineId).label, scope: e.scope, calls: e.calls, creditsPerCall: e.creditsPerCall }));
}

export function presentSummary(row: AiAnalysisRow, campaignNames: ReadonlyMap<string, string | null> = new Map()): AiAnalysisSummary {
  return {
    id: row.id,
    keywordId: row.keywordId,
    placeId: row.placeId,
    query: row.query,
    kind: row.kind,
    campaignName: row.campaignRoundId ? (campaignNames.get(row.campaignRoundId) ?? null) : null,
    status: row.status,
    progress: row.progress,
    failureReason: row.failureReason,
    engines: presentEngines(row),
    gridSize: row.grid.gridSize,
    samples: row.samples,
    totalCalls: row.totalCalls,
    failedCalls: row.failedCalls,
    creditsReserved: row.creditsReserved,
    creditsRefunded: row.creditsRefunded,
    creditsCharged: row.creditsCharged,
    shareOfVoice: row.metrics?.overall.shareOfVoice ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/ai-visibility/:id: a completed analysis's stored figures; a running one's, from the answers so far. */
export async function getAnalysis(container: Pick<Container, 'database'>, workspaceId: string, id: string): Promise<AiAnalysisResponse> {
  const row = await ownedAiAnalysisOr404(container, workspaceId, id);
  const answers = await aiAnalysesRepository.listAnswers(container.database.db, row.id);
  const metrics: AiMetrics | null = row.metrics ?? (answers.length > 0 && row.status !== 'failed' ? computeAiMetrics(answers.map(metricsAnswerOf), row.engines.map((e) => e.id)) : null);
  const demo = answers.some((a) => a.provider === 'demo');
  const { gridSize, radius, center, points } = row.grid;
  const names = await aiAnalysesRepository.campaignNames(container.database.db, row.campaignRoundId ? [row.campaignRoundId] : []);
  return { ...presentSummary(row, names), demo, demoLabel: demo ? DEMO_LABEL : null, grid: { gridSize, radius, center, points }, metrics };
}

/** GET /api/ai-visibility/:id/points: every answer, per point (the city's answers under -1), sample and engine. */
export async function getPoints(container: Pick<Container, 'database'>, workspaceId: string, id: string): Promise<AiPointsResponse> {
  const row = await ownedAiAnalysisOr404(container, workspaceId, id);
  const answers = await aiAnalysesRepository.listAnswers(container.database.db, row.id);
  const cells = new Map(row.grid.points.map((p) => [p.index, p]));
  const byPoint = new Map<number, AiPointsResponse['points'][number]>();
  for (const a of answers) {
    const cell = a.pointIndex === CITY_POINT ? undefined : cells.get(a.pointIndex);
    const entry = byPoint.get(a.pointIndex) ?? { point: a.pointIndex, lat: cell?.lat ?? null, lng: cell?.lng ?? null, answers: [] };
    entry.answers.push({
      engine: a.engine as AiEngineId,
      point: a.pointIndex,
      sample: a.sample,
      status: a.status,
      provider: a.provider,
      named: a.named,
      rule: a.matchRule,
      position: a.position,
      text: a.answerText,
      businesses: a.businesses.map((b) => ({ position: b.position, name: b.name, placeId: b.placeId, cid: b.cid, domain: b.domain, key: b.key, isTarget: b.isTarget })),
      sources: a.sources,
      error: a.error,
    });
    byPoint.set(a.pointIndex, entry);
  }
  return { points: [...byPoint.values()].sort((x, y) => x.point - y.point) };
}

/** GET /api/ai-visibility/keyword/:keywordId: the keyword's analyses, newest first, a page at a time. */
export async function listHistory(container: Pick<Container, 'database'>, workspaceId: string, keywordId: string, query: { cursor?: string; limit: number }): Promise<{ data: AiAnalysisSummary[]; nextCursor: string | null }> {
  const { keyword } = await ownedKeywordOr404(container, workspaceId, keywordId);
  const rows = await aiAnalysesRepository.pageByKeyword(container.database.db, keyword.id, decodeCursor(query.cursor), query.limit);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const names = await aiAnalysesRepository.campaignNames(container.database.db, page.flatMap((r) => (r.campaignRoundId ? [r.campaignRoundId] : [])));
  return { data: page.map((r) => presentSummary(r, names)), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

function figuresChange(before: AiFigures | undefined, after: AiFigures | undefined) {
  const empty = { value: null, low: null, high: null, k: 0, n: 0 };
  return {
    shareOfVoice: changeOf(before?.shareOfVoice ?? empty, after?.shareOfVoice ?? empty),
    mentionedIn: changeOf(before?.mentionedIn ?? empty, after?.mentionedIn ?? empty),
    avgPosition: changeOf(before?.avgPosition ?? empty, after?.avgPosition ?? empty),
  };
}

/**
 * GET /api/ai-visibility/:id/compare/:otherId: each figure of `otherId` (before) against `id`
 * (after), and whether the change is beyond the noise (their 95 % intervals do not overlap).
 */
export async function compareAnalyses(container: Pick<Container, 'database'>, workspaceId: string, id: string, otherId: string): Promise<AiCompareResponse> {
  const after = await ownedAiAnalysisOr404(container, workspaceId, id);
  const before = await ownedAiAnalysisOr404(container, workspaceId, otherId);
  if (!after.metrics || !before.metrics) throw badRequest(AI_NOT_COMPLETED, 'AI_ANALYSIS_NOT_COMPLETED');
  const engines = after.engines.map((e) => e.id).filter((e) => before.metrics?.engines[e]);
  return {
    id: after.id,
    otherId: before.id,
    rule: 'intervals-do-not-overlap',
    overall: figuresChange(before.metrics.overall, after.metrics.overall),
    engines: Object.fromEntries(engines.map((e) => [e, figuresChange(before.metrics?.engines[e], after.metrics?.engines[e])])),
  };
}
