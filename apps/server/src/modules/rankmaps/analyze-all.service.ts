import { creditsText } from '@rankmaps/shared/credit-value';
import { cheapestPlanFor, upgradeNeedEs } from '@rankmaps/shared/plan-upgrade';
import type { AnalyzeAllKeyword, AnalyzeAllPreview, AnalyzeAllResult, AnalyzeBilling } from '@rankmaps/shared/schemas/analyze-all';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { wakeScanWorkers } from '../../jobs/definitions/rankmap-scan';
import type { PlanStateWithCredits } from '../billing/billing.service';
import { creditsService } from '../billing/credits.service';
import { requirePaidPlan } from '../billing/plan-access.service';
import type { KeywordWithPlace } from '../keywords/keywords.repository';
import { placesRepository } from '../places/places.repository';
import { PLACE_NOT_FOUND } from '../places/places.service';
import { usersRepository } from '../users/users.repository';
import { analyzeAllRepository } from './analyze-all.repository';
import { KEYWORD_NOT_FOUND, queueAnalysis } from './rankmaps.service';
import { rankMapsRepository } from './rankmaps.repository';
import { gridSnapshotOf } from './scan/scan-snapshot.service';
import { manualScanLimit, quotaMonth } from './scan-quota';
import { isUuid } from '../../lib/uuid';

// «Analizar todas» (docs/decisions.md §25.2): one manual analysis per keyword of a place, or of a
// selection (the portfolio's), through the same queueAnalysis as a single analysis. The preview
// shows the cost first; the confirmation starts all of them in one transaction under the user's
// lock, or none when the credits (pro) or the month's scans (basic) do not cover them all.
// Keywords already being analysed are not started again, which also makes a double click start
// them once: the second request waits for the first's lock and then finds them running.

type Grid = Awaited<ReturnType<typeof gridSnapshotOf>>;
type Deps = Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'seaIndex'>;

export const ANALYZE_ALL_MESSAGES = {
  noKeywords: 'Este negocio no tiene keywords todavía: añade alguna para analizarla.',
  allRunning: 'Todas estas keywords se están analizando ya: no se lanzará ningún análisis nuevo.',
  noPoints: (placeName: string) => `La cuadrícula de «${placeName}» no tiene puntos válidos que analizar: revísala antes de analizar sus keywords.`,
  credits: (cost: number, available: number) =>
    `Analizarlas todas cuesta ${creditsText(cost)} y tienes ${available.toLocaleString('es-ES')}: faltan ${(cost - available).toLocaleString('es-ES')}. No se lanzará ninguno hasta que los créditos alcancen para todos. Compra más créditos para continuar.`,
  scans: (cost: number, available: number, need: string | null) =>
    `Analizarlas todas necesita ${cost} análisis y te quedan ${available} este mes: no se lanzará ninguno.${need ? ` Para hacer más análisis necesitas ${need}.` : ''}`,
  started: (n: number) => (n === 1 ? 'Se ha lanzado 1 análisis.' : `Se han lanzado ${n} análisis.`),
} as const;

interface Entry {
  found: KeywordWithPlace;
  grid: Grid;
  running: boolean;
}

interface Planned {
  billing: AnalyzeBilling;
  entries: Entry[];
  toStart: Entry[];
  cost: number;
  available: number | null;
  /** The month's scans used, for a basic plan's upgrade message. */
  used: number;
  /** A place whose grid has no valid point, if any keyword to start is on one. */
  pointless: string | null;
}

/** The grids of the places the keywords are on, one snapshot per place. */
async function gridsOf(container: Pick<Container, 'log' | 'seaIndex'>, found: KeywordWithPlace[]): Promise<Map<string, Grid>> {
  const grids = new Map<string, Grid>();
  for (const { place } of found) if (!grids.has(place.id)) grids.set(place.id, await gridSnapshotOf(container, place));
  return grids;
}

/** What would start and what it costs, read through `db` (the transaction when confirming). */
async function plan(db: DbOrTx, state: PlanStateWithCredits, userId: string, found: KeywordWithPlace[], grids: Map<string, Grid>): Promise<Planned> {
  const billing: AnalyzeBilling = state.planLimits.type === 'pro' ? 'credits' : 'scans';
  const running = await analyzeAllRepository.runningKeywordIds(
    db,
    found.map((f) => f.keyword.id),
    new Date(),
  );
  const entries = found.map((f) => ({ found: f, grid: grids.get(f.place.id)!, running: running.has(f.keyword.id) }));
  const toStart = entries.filter((e) => !e.running);
  const cost = billing === 'credits' ? toStart.reduce((sum, e) => sum + e.grid.points.length, 0) : toStart.length;
  let available: number | null = null;
  let used = 0;
  if (billing === 'credits') {
    const balances = await creditsService.balances(db, userId);
    available = balances.subscription + balances.extra;
  } else {
    const limit = manualScanLimit(state);
    used = await rankMapsRepository.countQuotaUses(db, userId, quotaMonth(new Date()));
    available = limit < 0 ? null : Math.max(0, limit - used);
  }
  const pointless = toStart.find((e) => e.grid.points.length === 0)?.found.place.name ?? null;
  return { billing, entries, toStart, cost, available, used, pointless };
}

const missingOf = (p: Planned) => (p.available === null ? 0 : Math.max(0, p.cost - p.available));

function shortfallMessage(p: Planned, state: PlanStateWithCredits): string | null {
  if (missingOf(p) === 0 || p.available === null) return null;
  if (p.billing === 'credits') return ANALYZE_ALL_MESSAGES.credits(p.cost, p.available);
  const need = upgradeNeedEs(cheapestPlanFor({ kind: 'manualScans', count: p.used + p.cost }, state.currentPlan));
  return ANALYZE_ALL_MESSAGES.scans(p.cost, p.available, need);
}

function previewOf(p: Planned, state: PlanStateWithCredits): AnalyzeAllPreview {
  const keywords: AnalyzeAllKeyword[] = p.entries.map(({ found, grid, running }) => ({
    keywordId: found.keyword.id,
    name: found.keyword.name,
    placeId: found.place.id,
    placeName: found.place.name,
    points: grid.points.length,
    cost: running ? 0 : p.billing === 'credits' ? grid.points.length : 1,
    running,
  }));
  const missing = missingOf(p);
  const message =
    p.entries.length === 0
      ? ANALYZE_ALL_MESSAGES.noKeywords
      : p.pointless
        ? ANALYZE_ALL_MESSAGES.noPoints(p.pointless)
        : p.toStart.length === 0
          ? ANALYZE_ALL_MESSAGES.allRunning
          : shortfallMessage(p, state);
  return {
    billing: p.billing,
    keywords,
    toStart: p.toStart.length,
    alreadyRunning: p.entries.length - p.toStart.length,
    cost: p.cost,
    available: p.available,
    missing,
    enough: missing === 0,
    canStart: p.toStart.length > 0 && missing === 0 && !p.pointless,
    message,
  };
}

/** The place's keywords, after the ownership check (404) and the plan check (403). */
async function placeKeywords(container: Deps, userId: string, placeId: string) {
  const db = container.database.db;
  const found = isUuid(placeId) ? await analyzeAllRepository.keywordsOfPlace(db, userId, placeId) : [];
  // A place without keywords still exists: tell it apart from someone else's.
  if (found.length === 0 && !(isUuid(placeId) && (await ownsPlace(container, userId, placeId)))) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  const state = await requirePaidPlan(container, userId);
  return { found, state };
}

async function ownsPlace(container: Pick<Container, 'database'>, userId: string, placeId: string): Promise<boolean> {
  return Boolean(await placesRepository.findOwned(container.database.db, userId, placeId));
}

/** The chosen keywords, each once; any that is not the user's answers 404, as a missing one does. */
async function chosenKeywords(container: Deps, userId: string, keywordIds: string[]) {
  const ids = [...new Set(keywordIds.map((id) => id.trim().toLowerCase()))];
  if (ids.some((id) => !isUuid(id))) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
  const found = await analyzeAllRepository.ownedKeywords(container.database.db, userId, ids);
  if (found.length !== ids.length) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
  const state = await requirePaidPlan(container, userId);
  return { found, state };
}

async function previewFor(container: Deps, userId: string, found: KeywordWithPlace[], state: PlanStateWithCredits): Promise<AnalyzeAllPreview> {
  const grids = await gridsOf(container, found);
  return previewOf(await plan(container.database.db, state, userId, found, grids), state);
}

/**
 * Starts every analysis that is not running yet, in one transaction under the user's lock: the
 * cost is checked against the balance (or the month's scans) there, and one missing credit
 * starts none. Nothing left to start (a double click) answers the empty list.
 */
async function startFor(container: Deps, userId: string, found: KeywordWithPlace[], state: PlanStateWithCredits, actorId: string | null): Promise<AnalyzeAllResult> {
  if (found.length === 0) throw badRequest(ANALYZE_ALL_MESSAGES.noKeywords, 'NO_KEYWORDS');
  const grids = await gridsOf(container, found);
  const month = quotaMonth(new Date());
  const result = await container.database.db.transaction(async (tx): Promise<AnalyzeAllResult> => {
    await usersRepository.lockById(tx, userId);
    const p = await plan(tx, state, userId, found, grids);
    if (p.toStart.length === 0) return { billing: p.billing, started: [], alreadyRunning: p.entries.length, cost: 0, message: ANALYZE_ALL_MESSAGES.allRunning };
    if (p.pointless) throw badRequest(ANALYZE_ALL_MESSAGES.noPoints(p.pointless), 'NO_VALID_POINTS');
    const shortfall = shortfallMessage(p, state);
    if (shortfall) {
      throw p.billing === 'credits'
        ? forbidden(shortfall, 'INSUFFICIENT_CREDITS', 'insufficient_credits')
        : forbidden(shortfall, 'MANUAL_SCANS_LIMIT', 'upgrade_required');
    }
    const started: AnalyzeAllResult['started'] = [];
    for (const { found: f, grid } of p.toStart) {
      const queued = await queueAnalysis(container, tx, {
        keyword: f.keyword,
        place: f.place,
        grid,
        billing: p.billing === 'credits' ? 'credits' : 'plan',
        kind: 'manual',
        scheduledFor: null,
        month,
        query: f.keyword.name,
        maxResults: 20,
        actorId,
      });
      started.push({ keywordId: f.keyword.id, rankMapId: queued.rankMapId, totalPoints: queued.totalPoints });
    }
    return { billing: p.billing, started, alreadyRunning: p.entries.length - p.toStart.length, cost: p.cost, message: ANALYZE_ALL_MESSAGES.started(started.length) };
  });
  if (result.started.length > 0) wakeScanWorkers(container.boss);
  return result;
}

export async function previewAnalyzeAll(container: Deps, userId: string, placeId: string): Promise<AnalyzeAllPreview> {
  const { found, state } = await placeKeywords(container, userId, placeId);
  return previewFor(container, userId, found, state);
}

/** `actorId`: who spends the workspace's credits, named in the ledger (docs/decisions.md §30.6). */
export async function analyzeAll(container: Deps, userId: string, placeId: string, actorId: string | null = null): Promise<AnalyzeAllResult> {
  const { found, state } = await placeKeywords(container, userId, placeId);
  return startFor(container, userId, found, state, actorId);
}

export async function previewAnalyzeMany(container: Deps, userId: string, keywordIds: string[]): Promise<AnalyzeAllPreview> {
  const { found, state } = await chosenKeywords(container, userId, keywordIds);
  return previewFor(container, userId, found, state);
}

export async function analyzeMany(container: Deps, userId: string, keywordIds: string[], actorId: string | null = null): Promise<AnalyzeAllResult> {
  const { found, state } = await chosenKeywords(container, userId, keywordIds);
  return startFor(container, userId, found, state, actorId);
}
