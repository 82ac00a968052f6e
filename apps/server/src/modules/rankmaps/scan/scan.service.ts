import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { computeScanMetrics } from '@rankmaps/shared/metrics';
import type { Container } from '../../../container';
import { AppError } from '../../../errors';
import type { MapsSearchProvider } from '../../../providers/maps-search/interface';
import { getPlanState } from '../../billing/billing.service';
import { runPool } from '../../../lib/concurrency';
import { type PointOutcome, type RetryPolicy, searchPoint } from './point-search';
import { type RateLimit, createRateLimiter } from './rate-limiter';
import type { NewRankResult } from '../rank-results.repository';
import { rankResultsRepository } from '../rank-results.repository';
import { type RankMapRow, rankMapsRepository } from '../rankmaps.repository';
import { FAILURE_REASONS, failRankMap, refundCredits, reserveCredits } from './scan-billing.service';
import { keywordFiguresRepository } from '../keyword-figures.repository';
import { metricsTarget, searchRequest } from './scan-snapshot.service';
import { resultOf } from './point-result';
import { type StandardPlan, planStandardRun, postStandardTasks, standardQueueFor, waitForVendor } from './standard-queue.service';
import { createScanWriter } from './scan-writer';
import { sendNotifyAnalysisJob } from '../../../jobs/definitions/notify-analysis';
import { sendScanJob } from '../../../jobs/definitions/rankmap-scan';
import { scanPoints, scansCompleted, scansStarted } from '../../../metrics/metrics';

/** What a scan reads of the process: the database, the log, the mapsSearch settings, and the queue (the standard queue's poll job). */
export type ScanContainer = Pick<Container, 'boss' | 'config' | 'database' | 'log'>;

export interface ScanDeps {
  container: ScanContainer;
  provider: MapsSearchProvider;
  /** Searches in flight per scan. */
  concurrency: number;
  /** Shared by every scan of every worker process. */
  rateLimit: RateLimit;
  retry: RetryPolicy;
  flushEvery: number;
  flushIntervalMs: number;
  heartbeatMs: number;
  /** A run whose heartbeat is older than this is presumed dead. */
  staleSeconds: number;
  /** Runs an analysis may start (crashes included) before it fails for good. */
  maxRuns: number;
  /** The vendor's standard queue: seconds between polls, and the bound on the wait (docs/decisions.md §21.2). */
  standard: { pollSeconds: number; maxWaitMinutes: number };
  /**
   * Aborted when the process shuts down (SIGTERM, docs/operations.md "Shutdown"): a scan stops
   * its searches, keeps the points it has and hands itself to a new job for another worker.
   */
  stopping?: AbortSignal;
}

export const SCAN_DEFAULTS = {
  retry: { maxAttempts: 4, backoffBaseMs: 1000, maxBackoffMs: 60_000, requestTimeoutMs: 30_000 },
  flushEvery: 10,
  flushIntervalMs: 1000,
  heartbeatMs: 15_000,
  staleSeconds: 120,
  maxRuns: 5,
} satisfies Partial<ScanDeps>;

/** After this many fatal errors with no success, the provider is taken to refuse us (bad credentials). */
const FATAL_STOP = 3;

export function scanDeps(container: ScanContainer, provider: MapsSearchProvider, overrides: Partial<Omit<ScanDeps, 'container' | 'provider'>> = {}): ScanDeps {
  const { concurrency, rateLimitPerMinute, standard } = container.config.mapsSearch;
  return { container, provider, concurrency, rateLimit: { limit: rateLimitPerMinute, windowSeconds: 60 }, ...SCAN_DEFAULTS, standard, ...overrides };
}

/** 'waiting': the points are in the vendor's standard queue; the poll job takes it from there. */
/** 'handed-over': the process is shutting down; a new job resumes the analysis elsewhere. */
export type ScanOutcome = 'missing' | 'finished' | 'busy' | 'completed' | 'failed' | 'lost' | 'waiting' | 'handed-over';
type Claim = { kind: 'missing' | 'finished' | 'busy' | 'failed' } | { kind: 'claimed'; row: RankMapRow; runToken: string; firstRun: boolean };

const isDone = (row: Pick<RankMapRow, 'status'>) => row.status === 'completed' || row.status === 'failed';

/**
 * Runs one analysis to its end. Safe to run again at any point: stored points are skipped,
 * credits are reserved by reference (never twice), and a live run elsewhere is left alone.
 */
export async function runScan(deps: ScanDeps, rankMapId: string): Promise<ScanOutcome> {
  const claim = await claimScan(deps, rankMapId);
  if (claim.kind !== 'claimed') return claim.kind;
  const { row, runToken } = claim;
  // A resumed run (after a crash, or the vendor's queue) is the same scan: started once.
  if (claim.firstRun) scansStarted.inc();
  try {
    const queue = standardQueueFor(deps.provider, row);
    let plan: StandardPlan | null = null;
    if (queue) {
      if ((await postStandardTasks(deps, queue, row, runToken)) === 'lost') return 'lost';
      plan = await planStandardRun(deps, row);
      if (plan.awaited > 0) return await waitForVendor(deps, row, runToken);
    }
    const searched = await searchPoints(deps, row, runToken, plan);
    if (searched.lost) return 'lost';
    if (searched.stopped) return await handOver(deps, row.id, runToken);
    const finished = await finishScan(deps, row, runToken, searched.providerRejected, searched.results);
    // Failures are counted where they are written (failRankMap).
    if (finished === 'completed') scansCompleted.inc();
    return finished;
  } catch (err) {
    // Free the lease so that the job's retry can take over at once.
    await rankMapsRepository.updateLeased(deps.container.database.db, row.id, runToken, { runToken: null }).catch(() => undefined);
    throw err;
  }
}

/**
 * The process is stopping mid-scan: the lease is freed and a new job queued in one transaction,
 * so a worker still running resumes the analysis at its next poll (the points stored so far are
 * kept; the credits were charged once, at the first claim). Waiting for the job's own retry
 * would take its retry delay, and for the sweeper minutes.
 */
async function handOver(deps: ScanDeps, id: string, runToken: string): Promise<'handed-over' | 'lost'> {
  const { boss, database, log } = deps.container;
  const handed = await database.db.transaction(async (tx) => {
    if (!(await rankMapsRepository.updateLeased(tx, id, runToken, { runToken: null }))) return false;
    await rankMapsRepository.requeue(tx, id, await sendScanJob(boss, tx, id));
    return true;
  });
  if (handed) log.info({ rankMapId: id }, 'cierre: el análisis pasa a otro worker');
  return handed ? 'handed-over' : 'lost';
}

async function claimScan(deps: ScanDeps, id: string): Promise<Claim> {
  const db = deps.container.database.db;
  const before = await rankMapsRepository.findById(db, id);
  if (!before) return { kind: 'missing' };
  if (isDone(before)) return { kind: 'finished' };
  const plan = await getPlanState(deps.container, before.userId);
  const runToken = randomUUID();
  return db.transaction(async (tx): Promise<Claim> => {
    const found = await rankMapsRepository.lockWithLease(tx, id, deps.staleSeconds);
    if (!found) return { kind: 'missing' };
    const { row, leaseLive } = found;
    if (isDone(row)) return { kind: 'finished' };
    if (leaseLive) return { kind: 'busy' };
    const fail = async (reason: string): Promise<Claim> => {
      await failRankMap(tx, row, reason, deps.container.boss);
      return { kind: 'failed' };
    };
    if (row.attempts >= deps.maxRuns) return fail(FAILURE_REASONS.exhausted);
    if (plan.planLimits.type === 'free') return fail(FAILURE_REASONS.planEnded);
    let creditsCharged = row.creditsCharged;
    if (row.billing === 'credits') {
      try {
        creditsCharged = await reserveCredits(tx, row);
      } catch (err) {
        if (err instanceof AppError && err.errorType === 'insufficient_credits') return fail(FAILURE_REASONS.insufficientCredits(row.totalPoints));
        throw err;
      }
    }
    const startedAt = row.startedAt ?? new Date();
    // The queue is chosen once, by the first run: a resumed one keeps it (docs/decisions.md §21).
    const vendorQueue = row.vendorQueue ?? (standardQueueFor(deps.provider, row) ? 'standard' : 'live');
    await rankMapsRepository.startRun(tx, id, { runToken, provider: deps.provider.name, creditsCharged, startedAt, vendorQueue });
    return { kind: 'claimed', row: { ...row, status: 'processing', provider: deps.provider.name, creditsCharged, startedAt, vendorQueue }, runToken, firstRun: row.startedAt === null };
  });
}

/**
 * How many requests a scan takes from the shared window at a time: its concurrency, or up
 * to a twentieth of the window when that is more (a generous limit then costs one round trip
 * per 5 % of it, not one per `concurrency` points), never more than the points left. What a
 * scan took and did not use is lost with the window, so this keeps that loss small too.
 */
export function rateLimitBatch(deps: Pick<ScanDeps, 'concurrency' | 'rateLimit'>, pointsLeft: number): number {
  return Math.max(1, Math.min(pointsLeft, Math.max(deps.concurrency, Math.floor(deps.rateLimit.limit / 20))));
}

/**
 * Searches every point not stored yet, with bounded concurrency, under the global rate limit.
 * When this run searched every point, it also returns what it stored (all the analysis has),
 * so the metrics need not read it back.
 */
async function searchPoints(
  deps: ScanDeps,
  row: RankMapRow,
  runToken: string,
  /** A standard-queue analysis: what its tasks already cost, per point searched live now. */
  standard: StandardPlan | null = null,
): Promise<{ lost: boolean; stopped: boolean; providerRejected: boolean; results: NewRankResult[] | null }> {
  const db = deps.container.database.db;
  const stored = await rankResultsRepository.storedIndices(db, row.id);
  const businesses = await rankResultsRepository.registryFor(db, row.id);
  const todo = row.grid.points.filter((p) => !stored.has(p.index));
  const priorCost = standard?.taskCost ?? new Map<number, number>();
  const abort = new AbortController();
  // Each lane in flight listens to it (its request's timeout, its backoff): as many as the concurrency.
  setMaxListeners(2 * deps.concurrency + 10, abort.signal);
  // Shutting down: the lanes stop as for a lost lease, and the searches in flight are cancelled.
  let stopped = false;
  const onStopping = () => {
    stopped = true;
    abort.abort(new Error('process shutting down'));
  };
  if (deps.stopping?.aborted) onStopping();
  else deps.stopping?.addEventListener('abort', onStopping, { once: true });
  const limiter = createRateLimiter({
    db,
    provider: deps.provider.name,
    rateLimit: deps.rateLimit,
    batch: rateLimitBatch(deps, todo.length),
    onRetry: (err, delayMs) => deps.container.log.warn({ err, rankMapId: row.id, delayMs }, 'no se pudo reservar cupo del proveedor: se reintenta'),
  });
  const writer = createScanWriter({
    db,
    rankMapId: row.id,
    runToken,
    totalPoints: row.totalPoints,
    alreadyStored: stored.size,
    businesses,
    flushEvery: deps.flushEvery,
    flushIntervalMs: deps.flushIntervalMs,
    heartbeatMs: deps.heartbeatMs,
    onLost: () => abort.abort(new Error('scan lease lost')),
    // A database blip: the batch is written again after a pause; worth knowing if it keeps happening.
    onWriteRetry: (err, delayMs) => deps.container.log.warn({ err, rankMapId: row.id, delayMs }, 'no se pudieron guardar resultados del análisis: se reintenta'),
  });
  const at = row.scheduledFor ?? row.createdAt;
  const results: NewRankResult[] = [];
  let okCount = 0;
  let fatalCount = 0;
  let rejected: string | null = null;
  try {
    await runPool(todo, deps.concurrency, async (point) => {
      if (abort.signal.aborted) return;
      let outcome: PointOutcome;
      if (rejected !== null) {
        outcome = { ok: false, error: rejected, fatal: true };
      } else {
        try {
          const request = searchRequest({ query: row.query, target: row.target, grid: row.grid, point, at });
          outcome = await searchPoint(deps.provider, request, { limiter, policy: deps.retry, signal: abort.signal });
        } catch (err) {
          if (abort.signal.aborted) return;
          throw err;
        }
      }
      if (outcome.ok) okCount++;
      else if (outcome.fatal && okCount === 0 && ++fatalCount >= FATAL_STOP) rejected ??= outcome.error;
      // Every try of the point (point-search sums them), plus what its standard-queue task cost.
      const costUsd = (outcome.costUsd ?? 0) + (priorCost.get(point.index) ?? 0);
      const result = resultOf(row, point, outcome.ok ? { ok: true, result: outcome.result, costUsd } : { ok: false, error: outcome.error, costUsd });
      results.push(result);
      await writer.add(result);
      scanPoints.labels({ outcome: outcome.ok ? 'ok' : 'failed' }).inc();
    });
    // Stopped or not, what the lanes searched is written before the lease is let go.
    await writer.close();
  } catch (err) {
    abort.abort(err);
    // A lost lease stops the lanes: that is how a run ends when another took over, not an error.
    if (!writer.lost) throw err;
  } finally {
    writer.dispose();
    deps.stopping?.removeEventListener('abort', onStopping);
  }
  if (rejected !== null) deps.container.log.warn({ rankMapId: row.id, error: rejected }, 'el proveedor de búsqueda rechaza las peticiones');
  return { lost: writer.lost, stopped: stopped && !writer.lost, providerRejected: rejected !== null, results: stored.size === 0 ? results : null };
}

/**
 * Computes the metrics once, from the stored points, then refunds the failed points. `written`
 * is every point as this run stored it, when it stored them all (the usual case); a resumed
 * run reads them back instead. Either way, in point order.
 */
async function finishScan(
  deps: ScanDeps,
  row: RankMapRow,
  runToken: string,
  providerRejected: boolean,
  written: NewRankResult[] | null,
): Promise<'completed' | 'failed' | 'lost'> {
  const db = deps.container.database.db;
  const stored = written ? [...written].sort((a, b) => a.pointIndex - b.pointIndex) : await rankResultsRepository.listByRankMap(db, row.id);
  const ok = stored.filter((r) => r.status === 'ok');
  const metrics = ok.length > 0 ? computeScanMetrics(ok.map((r) => ({ lat: r.lat, lng: r.lng, organic: r.organic, ads: r.ads })), metricsTarget(row.target)) : null;
  const failed = row.totalPoints - ok.length;
  return db.transaction(async (tx) => {
    const found = await rankMapsRepository.lockWithLease(tx, row.id, deps.staleSeconds);
    if (found?.row.runToken !== runToken) return 'lost';
    const current = found.row;
    if (!metrics) {
      await failRankMap(tx, current, providerRejected ? FAILURE_REASONS.providerRejected : FAILURE_REASONS.noResults, deps.container.boss);
      return 'failed';
    }
    const refunded = current.billing === 'credits' ? await refundCredits(tx, current, failed) : 0;
    const vendorCostUsd = await rankResultsRepository.sumCost(tx, row.id);
    // Each business's positions counted once, now: what a followed competitor's trend reads.
    await rankResultsRepository.countTallies(tx, [row.id]);
    await rankMapsRepository.update(tx, row.id, {
      status: 'completed',
      talliesCounted: true,
      progress: 100,
      stats: metrics.stats,
      competitorAnalysis: metrics.competitorAnalysis,
      failedPoints: failed,
      creditsRefunded: current.creditsRefunded + refunded,
      vendorCostUsd,
      completedAt: new Date(),
      runToken: null,
    });
    // The portfolio's figures follow in the same transaction (docs/decisions.md §25.1).
    await keywordFiguresRepository.refresh(tx, row.keywordId);
    // The alerts are worked out by their own job, queued with the completion (docs/decisions.md §23.2).
    await sendNotifyAnalysisJob(deps.container.boss, tx, row.id);
    return 'completed';
  });
}

/** After the job's last retry failed: the analysis fails (and costs nothing) rather than staying pending. */
export async function failScan(deps: Pick<ScanDeps, 'container'>, rankMapId: string, reason: string = FAILURE_REASONS.internal): Promise<void> {
  await deps.container.database.db.transaction(async (tx) => {
    const [row] = await rankMapsRepository.lockActive(tx, { id: rankMapId });
    if (row) await failRankMap(tx, row, reason, deps.container.boss);
  });
}
