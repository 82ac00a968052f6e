import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { computeAiMetrics } from '@rankmaps/shared/ai-metrics';
import type { Container } from '../../../container';
import { sendAiAlertsJob } from '../../../jobs/definitions/ai-visibility-alerts';
import { sendAiScanJob } from '../../../jobs/definitions/ai-visibility-scan';
import { runPool } from '../../../lib/concurrency';
import type { AiEngine, AiEngineCatalogue, AiEngineId } from '../../../providers/ai-answers/interface';
import { getPlanState } from '../../billing/billing.service';
import type { RetryPolicy } from '../../rankmaps/scan/point-search';
import { type RateLimiter, createRateLimiter } from '../../rankmaps/scan/rate-limiter';
import { type AiAnalysisRow, type NewAiAnswer, aiAnalysesRepository, answerKey } from '../ai-analyses.repository';
import { callsOf } from '../ai-plan';
import { metricsAnswerOf } from '../ai-answers.presenter';
import { failedAnswer, okAnswer, requestOf } from './ai-calls';
import type { AiMatcher } from '../ai-matcher';
import { AI_FAILURE_REASONS, creditsOfFailures, failAiAnalysis, refundAiCredits } from './ai-billing.service';
import { askEngine } from './ai-ask';
import { awaitedKeys, postAiTasks, queuedEngines, taskCosts, waitForAiVendor } from './ai-standard-queue.service';

/** What an AI scan reads of the process. */
export type AiScanContainer = Pick<Container, 'boss' | 'config' | 'database' | 'log'>;

export interface AiScanDeps {
  container: AiScanContainer;
  engines: AiEngineCatalogue;
  match: AiMatcher;
  /** Calls in flight per engine of one analysis. */
  concurrency: number;
  retry: RetryPolicy;
  heartbeatMs: number;
  /** A run whose heartbeat is older than this is presumed dead. */
  staleSeconds: number;
  /** Runs an analysis may start (crashes included) before it fails for good. */
  maxRuns: number;
  /** Rate-limit windows (60 s in production; tests shorten them). */
  windowSeconds: number;
  /** Aborted when the process shuts down: the run keeps its answers and hands itself to a new job. */
  stopping?: AbortSignal;
  /** The standard queues: seconds between polls, and the bound on the wait before the missing calls are asked live (docs/decisions.md §31.16). */
  standard: { pollSeconds: number; maxWaitMinutes: number };
}

export const AI_SCAN_DEFAULTS = {
  // Calls in flight per engine: DataForSEO's 2,000 a minute at ≈ 6 s each allow ≈ 200 (Little's law); 100 keeps a 5×5 × 3 engine's calls all in flight.
  concurrency: 100,
  // A live AI answer takes seconds (AI Mode ≈ 6 s, the LLM scraper up to 90 s): the engine's own timeout wins over this.
  retry: { maxAttempts: 3, backoffBaseMs: 2000, maxBackoffMs: 60_000, requestTimeoutMs: 30_000 },
  heartbeatMs: 15_000,
  staleSeconds: 180,
  maxRuns: 5,
  windowSeconds: 60,
} satisfies Partial<AiScanDeps>;

/** After this many fatal errors of an engine with no success, its vendor is taken to refuse us: its other calls fail without being asked. */
const FATAL_STOP = 3;

export function aiScanDeps(container: AiScanContainer, engines: AiEngineCatalogue, match: AiMatcher, overrides: Partial<Omit<AiScanDeps, 'container' | 'engines' | 'match'>> = {}): AiScanDeps {
  return { container, engines, match, ...AI_SCAN_DEFAULTS, standard: container.config.mapsSearch.standard, ...overrides };
}

export type AiScanOutcome = 'missing' | 'finished' | 'busy' | 'completed' | 'failed' | 'lost' | 'handed-over' | 'waiting';
type Claim = { kind: 'missing' | 'finished' | 'busy' | 'failed' } | { kind: 'claimed'; row: AiAnalysisRow; runToken: string };

const isDone = (row: Pick<AiAnalysisRow, 'status'>) => row.status === 'completed' || row.status === 'failed';

/**
 * Runs one analysis to its end (docs/decisions.md §31.4). Safe to run again at any point: the
 * stored answers are skipped (their unique key makes a twin's write a no-op), the credits were
 * reserved once when it was queued, and a live run elsewhere is left alone.
 */
export async function runAiScan(deps: AiScanDeps, analysisId: string): Promise<AiScanOutcome> {
  const claim = await claimAiScan(deps, analysisId);
  if (claim.kind !== 'claimed') return claim.kind;
  const { row, runToken } = claim;
  try {
    // Scheduled and campaign analyses post the calls of engines with a standard queue first (docs/decisions.md §31.16).
    const queues = queuedEngines(deps, row);
    if (queues.size > 0 && (await postAiTasks(deps, row, runToken, queues, await aiAnalysesRepository.ordinalInKeyword(deps.container.database.db, row))) === 'lost') return 'lost';
    const awaited = queues.size > 0 ? await awaitedKeys(deps, row.id) : new Set<string>();
    const asked = await askAll(deps, row, runToken, awaited);
    if (asked.lost) return 'lost';
    if (asked.stopped) return await handOver(deps, row.id, runToken);
    if (awaited.size > 0) return await waitForAiVendor(deps, row, runToken);
    return await finishAiScan(deps, row, runToken);
  } catch (err) {
    // Free the lease so that the job's retry can take over at once.
    await aiAnalysesRepository.updateLeased(deps.container.database.db, row.id, runToken, { runToken: null }).catch(() => undefined);
    throw err;
  }
}

async function claimAiScan(deps: AiScanDeps, id: string): Promise<Claim> {
  const db = deps.container.database.db;
  const before = await aiAnalysesRepository.findById(db, id);
  if (!before) return { kind: 'missing' };
  if (isDone(before)) return { kind: 'finished' };
  const plan = await getPlanState(deps.container, before.userId);
  const runToken = randomUUID();
  return db.transaction(async (tx): Promise<Claim> => {
    const found = await aiAnalysesRepository.lockWithLease(tx, id, deps.staleSeconds);
    if (!found) return { kind: 'missing' };
    const { row, leaseLive } = found;
    if (isDone(row)) return { kind: 'finished' };
    // Waiting on a vendor's queue: its poll hands it to a run (docs/decisions.md §31.16).
    if (leaseLive || row.vendorWaitSince !== null) return { kind: 'busy' };
    const failure = row.attempts >= deps.maxRuns ? AI_FAILURE_REASONS.exhausted : plan.planLimits.type === 'free' ? AI_FAILURE_REASONS.planEnded : null;
    if (failure) {
      await failAiAnalysis(tx, row, failure, deps.container.boss);
      return { kind: 'failed' };
    }
    const startedAt = row.startedAt ?? new Date();
    await aiAnalysesRepository.startRun(tx, id, { runToken, startedAt });
    return { kind: 'claimed', row: { ...row, status: 'processing', startedAt }, runToken };
  });
}

/** The process is stopping mid-run: the lease is freed and a new job queued in one transaction (the answers so far are kept). */
async function handOver(deps: AiScanDeps, id: string, runToken: string): Promise<'handed-over' | 'lost'> {
  const { boss, database, log } = deps.container;
  const handed = await database.db.transaction(async (tx) => {
    if (!(await aiAnalysesRepository.updateLeased(tx, id, runToken, { runToken: null }))) return false;
    await aiAnalysesRepository.requeue(tx, id, await sendAiScanJob(boss, tx, id));
    return true;
  });
  if (handed) log.info({ analysisId: id }, 'cierre: el análisis de IA pasa a otro worker');
  return handed ? 'handed-over' : 'lost';
}

/**
 * Asks every call not stored yet: each engine with its own lanes, under its vendor's shared
 * rate limit, and every answer written as soon as it comes (an AI call takes seconds: a batch
 * would only lose more on a crash). Each write beats the heartbeat; a timer beats it too while
 * every lane waits on a slow vendor.
 */
async function askAll(deps: AiScanDeps, row: AiAnalysisRow, runToken: string, awaited: ReadonlySet<string>): Promise<{ lost: boolean; stopped: boolean }> {
  const db = deps.container.database.db;
  const stored = await aiAnalysesRepository.storedKeys(db, row.id);
  // Calls a vendor's queue still owes are not asked live; one whose task failed or was abandoned is, its task's cost added.
  const todo = callsOf(row.engines, row.grid.points.map((p) => p.index), row.samples).filter((c) => !stored.has(answerKey(c)) && !awaited.has(answerKey(c)));
  const queuedCost = todo.length > 0 && row.kind !== 'manual' ? await taskCosts(deps, row.id) : new Map<string, number>();
  const ordinal = await aiAnalysesRepository.ordinalInKeyword(db, row);
  const abort = new AbortController();
  setMaxListeners(4 * deps.concurrency * Math.max(1, row.engines.length) + 10, abort.signal);
  let lost = false;
  let stopped = false;
  const onStopping = () => {
    stopped = true;
    abort.abort(new Error('process shutting down'));
  };
  if (deps.stopping?.aborted) onStopping();
  else deps.stopping?.addEventListener('abort', onStopping, { once: true });
  let written = stored.size;
  const beat = async (changes: { progress?: number } = {}) => {
    if (lost) return;
    if (!(await aiAnalysesRepository.updateLeased(db, row.id, runToken, changes))) {
      lost = true;
      abort.abort(new Error('AI scan lease lost'));
    }
  };
  // Answers that come together (every lane waits on the same vendor latency) are written together:
  // one insert and one progress update for all those waiting, not two statements each.
  const pending: NewAiAnswer[] = [];
  let flushing: Promise<void> | null = null;
  const flush = async () => {
    try {
      while (pending.length > 0) {
        written += await aiAnalysesRepository.insertAnswers(db, pending.splice(0));
        await beat({ progress: Math.min(99, Math.floor((100 * written) / Math.max(1, row.totalCalls))) });
      }
    } finally {
      // In the same turn as the last empty check: an answer pushed after it starts a new flush.
      flushing = null;
    }
  };
  const write = (answer: NewAiAnswer): Promise<void> => {
    pending.push(answer);
    flushing ??= flush();
    return flushing;
  };
  const heartbeat = setInterval(() => void beat().catch((err: unknown) => deps.container.log.warn({ err, analysisId: row.id }, 'no se pudo renovar el análisis de IA')), deps.heartbeatMs);
  heartbeat.unref();
  try {
    await Promise.all(
      row.engines.map(async (plan) => {
        const calls = todo.filter((c) => c.engine === plan.id);
        if (calls.length === 0) return;
        const engine = deps.engines.get(plan.id as AiEngineId);
        const limiter = engine ? limiterFor(deps, engine, calls.length) : null;
        let okCount = 0;
        let fatalCount = 0;
        let rejected: string | null = engine ? null : 'Este motor de IA ya no está disponible en el servidor.';
        await runPool(calls, deps.concurrency, async (call) => {
          if (abort.signal.aborted) return;
          const request = requestOf(row, call, ordinal);
          let answer: NewAiAnswer;
          if (rejected !== null || !engine) {
            answer = failedAnswer(row.id, call, 'none', rejected ?? '', 0);
          } else {
            let outcome;
            try {
              outcome = await askEngine(engine, request, { limiter, policy: deps.retry, signal: abort.signal });
            } catch (err) {
              if (abort.signal.aborted) return;
              throw err;
            }
            if (outcome.ok) {
              okCount++;
              answer = okAnswer(deps.match, row, call, engine.provider, outcome.answer, outcome.costUsd + (queuedCost.get(answerKey(call)) ?? 0));
            } else {
              if (outcome.fatal && okCount === 0 && ++fatalCount >= FATAL_STOP) rejected ??= outcome.error;
              answer = failedAnswer(row.id, call, engine.provider, outcome.error, outcome.costUsd + (queuedCost.get(answerKey(call)) ?? 0));
            }
          }
          if (abort.signal.aborted && lost) return;
          // A twin run may have written it first: its write stands, this one is dropped, and nothing is charged again (the credits were reserved once).
          await write(answer);
        });
      }),
    );
  } catch (err) {
    abort.abort(err);
    if (!lost) throw err;
  } finally {
    clearInterval(heartbeat);
    deps.stopping?.removeEventListener('abort', onStopping);
  }
  return { lost, stopped: stopped && !lost };
}

/** The vendor's per-minute limit, shared by every engine of that vendor and every worker; none for an unlimited engine (the demo). */
function limiterFor(deps: AiScanDeps, engine: AiEngine, calls: number): RateLimiter | null {
  if (engine.callsPerMinute === null) return null;
  const limit = engine.callsPerMinute;
  return createRateLimiter({
    db: deps.container.database.db,
    provider: `ai:${engine.provider}`,
    rateLimit: { limit, windowSeconds: deps.windowSeconds },
    batch: Math.max(1, Math.min(calls, deps.concurrency)),
    onRetry: (err, delayMs) => deps.container.log.warn({ err, delayMs }, 'no se pudo reservar cupo del proveedor de IA: se reintenta'),
  });
}

/**
 * Settles the analysis exactly once, under its lock and only by the run holding the lease: the
 * metrics from every stored answer, the failed calls' credits refunded (by the analysis's one
 * ledger reference, which refuses a second refund), the vendors' cost, and its alerts queued.
 * No valid answer at all fails it, and it costs nothing.
 */
async function finishAiScan(deps: AiScanDeps, row: AiAnalysisRow, runToken: string): Promise<'completed' | 'failed' | 'lost'> {
  const db = deps.container.database.db;
  const answers = await aiAnalysesRepository.listAnswers(db, row.id);
  const ok = answers.filter((a) => a.status === 'ok');
  const metrics = computeAiMetrics(answers.map(metricsAnswerOf), row.engines.map((e) => e.id));
  return db.transaction(async (tx) => {
    const found = await aiAnalysesRepository.lockWithLease(tx, row.id, deps.staleSeconds);
    if (found?.row.runToken !== runToken) return 'lost';
    const current = found.row;
    if (ok.length === 0) {
      await failAiAnalysis(tx, current, AI_FAILURE_REASONS.noAnswers, deps.container.boss);
      return 'failed';
    }
    const { failedByEngine, costUsd } = await aiAnalysesRepository.tally(tx, row.id);
    const failedCalls = [...failedByEngine.values()].reduce((a, b) => a + b, 0);
    const refunded = await refundAiCredits(tx, current, creditsOfFailures(current.engines, failedByEngine));
    const creditsRefunded = current.creditsRefunded + refunded;
    await aiAnalysesRepository.update(tx, row.id, {
      status: 'completed',
      progress: 100,
      metrics,
      failedCalls,
      creditsRefunded,
      creditsCharged: current.creditsReserved - creditsRefunded,
      vendorCostUsd: costUsd,
      finishedAt: new Date(),
      runToken: null,
    });
    await sendAiAlertsJob(deps.container.boss, tx, row.id);
    return 'completed';
  });
}

/** After the job's last retry failed: the analysis fails (and costs nothing) rather than staying pending. */
export async function failAiScan(deps: Pick<AiScanDeps, 'container'>, analysisId: string, reason: string = AI_FAILURE_REASONS.internal): Promise<void> {
  await deps.container.database.db.transaction(async (tx) => {
    const found = await aiAnalysesRepository.lockWithLease(tx, analysisId, 0);
    if (found && !isDone(found.row)) await failAiAnalysis(tx, found.row, reason, deps.container.boss);
  });
}

/** Re-queues running analyses whose worker went silent; one that used up its runs fails, and costs nothing. */
export async function sweepStaleAiScans(container: Pick<Container, 'boss' | 'database'>, opts: { staleSeconds: number; maxRuns: number } = AI_SCAN_DEFAULTS): Promise<{ requeued: number; failed: number }> {
  const db = container.database.db;
  let requeued = 0;
  let failed = 0;
  for (const { id } of await aiAnalysesRepository.listStale(db, opts.staleSeconds)) {
    await db.transaction(async (tx) => {
      const found = await aiAnalysesRepository.lockWithLease(tx, id, opts.staleSeconds);
      // Checked again under the lock: the run may have beaten or finished meanwhile.
      if (found?.row.status !== 'processing' || found.leaseLive) return;
      if (found.row.attempts >= opts.maxRuns) {
        await failAiAnalysis(tx, found.row, AI_FAILURE_REASONS.exhausted, container.boss);
        failed++;
        return;
      }
      await aiAnalysesRepository.requeue(tx, id, await sendAiScanJob(container.boss, tx, id));
      requeued++;
    });
  }
  return { requeued, failed };
}
