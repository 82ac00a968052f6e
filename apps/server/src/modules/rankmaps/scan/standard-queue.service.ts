import { runPool } from '../../../lib/concurrency';
import { sendScanJob } from '../../../jobs/definitions/rankmap-scan';
import { sendVendorPollJob } from '../../../jobs/definitions/rankmap-vendor-poll';
import {
  type CollectedTask,
  MapsSearchFatalError,
  type MapsSearchProvider,
  type MapsSearchStandardQueue,
  type PostedTask,
} from '../../../providers/maps-search/interface';
import { rankResultsRepository, type NewRankResult } from '../rank-results.repository';
import { type RankMapPoint, type RankMapRow, rankMapsRepository } from '../rankmaps.repository';
import { resultOf } from './point-result';
import { createRateLimiter } from './rate-limiter';
import type { ScanDeps } from './scan.service';
import { searchRequest } from './scan-snapshot.service';
import { type VendorTaskRow, vendorTasksRepository } from './vendor-tasks.repository';
import { scanPoints } from '../../../metrics/metrics';

// The vendor's standard queue for scheduled and weekly scans (docs/decisions.md §21.2). A run
// posts the points (each task row committed before its POST), then lets go of the analysis;
// the `rankmap-vendor-poll` job collects what the vendor has finished, and once nothing more
// is awaited (or the wait bound has passed) hands the analysis back to a scan run, which
// searches live whatever is still missing and finishes it like any other.

/** Tasks read from the vendor at once while collecting. */
const COLLECT_CONCURRENCY = 8;

/** The tag sent with a point's task: the analysis and the point, so a task is recognised even without its id. */
export const vendorTag = (rankMapId: string, pointIndex: number) => `${rankMapId}:${pointIndex}`;

const AWAITED = new Set<VendorTaskRow['state']>(['posting', 'posted']);
const isAwaited = (t: VendorTaskRow) => AWAITED.has(t.state);

/** The standard queue an analysis goes through: scheduled and weekly scans, on a provider that has one; never "Ahora" (docs/decisions.md §21). */
export function standardQueueFor(provider: MapsSearchProvider, row: Pick<RankMapRow, 'kind' | 'vendorQueue'>): MapsSearchStandardQueue | undefined {
  if (row.kind === 'manual' || row.vendorQueue === 'live') return undefined;
  return provider.standardQueue;
}

/** When the analysis stops waiting for the vendor: its first task's posting plus the configured bound. */
function deadlineOf(deps: Pick<ScanDeps, 'standard'>, tasks: VendorTaskRow[]): number | null {
  if (tasks.length === 0) return null;
  const first = Math.min(...tasks.map((t) => t.postedAt.getTime()));
  return first + deps.standard.maxWaitMinutes * 60_000;
}

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Posts every point that has neither a result nor a task, in batches of the vendor's maximum.
 * Each batch's rows are committed (under the run's lease) before its POST, so a crash never
 * posts a point twice: a row left 'posting' is never posted again, only adopted when its tag
 * comes back ready, or searched live past the wait bound.
 */
export async function postStandardTasks(deps: ScanDeps, queue: MapsSearchStandardQueue, row: RankMapRow, runToken: string): Promise<'lost' | 'done'> {
  const db = deps.container.database.db;
  const [stored, tasks] = await Promise.all([rankResultsRepository.storedIndices(db, row.id), vendorTasksRepository.listFor(db, row.id)]);
  const deadline = deadlineOf(deps, tasks);
  // Past the bound, what was never posted is searched live with the rest.
  if (deadline !== null && Date.now() >= deadline) return 'done';
  const posted = new Set(tasks.map((t) => t.pointIndex));
  const todo = row.grid.points.filter((p) => !stored.has(p.index) && !posted.has(p.index));
  const at = row.scheduledFor ?? row.createdAt;
  for (const batch of chunks(todo, Math.max(1, queue.maxTasksPerPost))) {
    const held = await db.transaction(async (tx) => {
      if (!(await rankMapsRepository.updateLeased(tx, row.id, runToken, {}))) return null;
      return vendorTasksRepository.insertPosting(
        tx,
        row.id,
        batch.map((p) => ({ pointIndex: p.index, tag: vendorTag(row.id, p.index) })),
      );
    });
    if (held === null) return 'lost';
    const mine = new Set(held);
    const sending = batch.filter((p) => mine.has(p.index));
    if (sending.length === 0) continue;
    let answers: PostedTask[];
    try {
      answers = await queue.post(
        sending.map((point) => ({ tag: vendorTag(row.id, point.index), request: searchRequest({ query: row.query, target: row.target, grid: row.grid, point, at }) })),
      );
    } catch (err) {
      if (err instanceof MapsSearchFatalError) {
        // Refused as a whole: no task was made. The run after the wait searches them live.
        await vendorTasksRepository.setState(db, row.id, held, 'failed', { error: err.message.slice(0, 500) });
      } else {
        // The answer is unknown: the vendor may have the tasks. They stay 'posting', to be adopted by tag.
        deps.container.log.warn({ err, rankMapId: row.id, tasks: sending.length }, 'no se supo si el proveedor recibió las tareas: se esperan por su etiqueta');
      }
      continue;
    }
    await db.transaction(async (tx) => {
      for (const a of answers) {
        await vendorTasksRepository.recordAnswer(
          tx,
          a.tag,
          a.ok ? { taskId: a.taskId, state: 'posted', costUsd: a.costUsd, error: null } : { taskId: null, state: 'failed', costUsd: a.costUsd, error: a.error.slice(0, 500) },
        );
      }
    });
  }
  return 'done';
}

/** What a standard-queue run knows before it searches live: tasks still awaited, and what each point's task cost already. */
export interface StandardPlan {
  awaited: number;
  taskCost: Map<number, number>;
}

export async function planStandardRun(deps: ScanDeps, row: RankMapRow): Promise<StandardPlan> {
  const tasks = await vendorTasksRepository.listFor(deps.container.database.db, row.id);
  return { awaited: tasks.filter(isAwaited).length, taskCost: new Map(tasks.map((t) => [t.pointIndex, t.costUsd])) };
}

/** The run lets go of the analysis (no heartbeat to keep) and the first poll is queued with that change. */
export async function waitForVendor(deps: ScanDeps, row: RankMapRow, runToken: string): Promise<'waiting' | 'lost'> {
  return deps.container.database.db.transaction(async (tx) => {
    const since = row.vendorWaitSince ?? new Date();
    if (!(await rankMapsRepository.updateLeased(tx, row.id, runToken, { runToken: null, vendorWaitSince: since }))) return 'lost';
    await sendVendorPollJob(deps.container.boss, row.id, deps.standard.pollSeconds, tx);
    return 'waiting';
  });
}

interface Collected {
  task: VendorTaskRow;
  taskId: string;
  answer: CollectedTask;
}

/** Reads these tasks from the vendor, a few at a time, under the provider's shared per-minute limit. */
async function collectTasks(deps: ScanDeps, queue: MapsSearchStandardQueue, wanted: { task: VendorTaskRow; taskId: string }[]): Promise<Collected[]> {
  if (wanted.length === 0) return [];
  const limiter = createRateLimiter({
    db: deps.container.database.db,
    provider: deps.provider.name,
    rateLimit: deps.rateLimit,
    batch: Math.min(wanted.length, Math.max(COLLECT_CONCURRENCY, Math.floor(deps.rateLimit.limit / 20))),
  });
  const out: Collected[] = [];
  const signal = new AbortController().signal;
  await runPool(wanted, COLLECT_CONCURRENCY, async (w) => {
    try {
      await limiter.acquire(signal);
      out.push({ ...w, answer: await queue.collect(w.taskId) });
    } catch (err) {
      // Tried again at the next poll (or by id at the wait bound).
      deps.container.log.warn({ err, taskId: w.taskId }, 'no se pudo leer una tarea del proveedor');
    }
  });
  return out;
}

/**
 * Stores what was collected for one analysis, under its row lock (the only writer of its
 * businesses while it waits), only for tasks still awaited: a point is stored once.
 */
async function storeCollected(deps: ScanDeps, queue: MapsSearchStandardQueue, rankMapId: string, items: Collected[]): Promise<void> {
  await deps.container.database.db.transaction(async (tx) => {
    const row = await rankMapsRepository.lock(tx, rankMapId);
    if (row?.status !== 'processing') return;
    const awaited = new Map((await vendorTasksRepository.lockAwaited(tx, rankMapId, items.map((i) => i.task.pointIndex))).map((t) => [t.pointIndex, t]));
    const points = new Map<number, RankMapPoint>(row.grid.points.map((p) => [p.index, p]));
    const results: NewRankResult[] = [];
    const failed: number[] = [];
    for (const item of items) {
      const task = awaited.get(item.task.pointIndex);
      const point = points.get(item.task.pointIndex);
      if (!task || !point) continue;
      if (item.answer.state === 'ready') {
        // Collecting is free: the task was billed when posted. One adopted from the ready list
        // alone never had its POST answer, so it is counted at the queue's list price.
        const costUsd = task.state === 'posted' ? task.costUsd : queue.taskPriceUsd;
        results.push(resultOf(row, point, { ok: true, result: item.answer.result, costUsd }));
        await vendorTasksRepository.setState(tx, rankMapId, [point.index], 'collected', { taskId: item.taskId });
      } else if (item.answer.state === 'failed') {
        failed.push(point.index);
      }
    }
    await vendorTasksRepository.setState(tx, rankMapId, failed, 'failed');
    if (results.length === 0) return;
    await rankResultsRepository.insertMany(tx, results, await rankResultsRepository.registryFor(tx, rankMapId));
    scanPoints.labels({ outcome: 'ok' }).inc(results.length);
    const stored = await rankResultsRepository.countStored(tx, rankMapId);
    await rankMapsRepository.update(tx, rankMapId, { progress: Math.min(99, Math.floor((100 * stored) / Math.max(1, row.totalPoints))) });
  });
}

/** Collects every ready task this database knows, of any analysis: the vendor's ready list is per account. */
async function collectReady(deps: ScanDeps, queue: MapsSearchStandardQueue): Promise<number> {
  const db = deps.container.database.db;
  const ready = await queue.ready();
  const tasks = await vendorTasksRepository.findAwaited(db, ready);
  const idByTag = new Map(ready.flatMap((r) => (r.tag ? [[r.tag, r.taskId] as const] : [])));
  const wanted = tasks.flatMap((task) => {
    const taskId = task.taskId ?? idByTag.get(task.tag);
    return taskId ? [{ task, taskId }] : [];
  });
  await storeAll(deps, queue, await collectTasks(deps, queue, wanted));
  return wanted.length;
}

async function storeAll(deps: ScanDeps, queue: MapsSearchStandardQueue, collected: Collected[]): Promise<void> {
  const byAnalysis = new Map<string, Collected[]>();
  for (const c of collected) byAnalysis.set(c.task.rankMapId, [...(byAnalysis.get(c.task.rankMapId) ?? []), c]);
  for (const [id, items] of byAnalysis) await storeCollected(deps, queue, id, items);
}

/**
 * Rows whose POST answer was lost, found in the vendor's list of posted tasks by their tags
 * (DataForSEO's id_list, when the adapter offers it): they get their id and cost, and are
 * then collected like any other. Without that list they wait to be adopted from `ready()`.
 */
async function adoptLostPosts(deps: ScanDeps, queue: MapsSearchStandardQueue, rankMapId: string, tasks: VendorTaskRow[]): Promise<void> {
  const lost = tasks.filter((t) => t.state === 'posting' && t.taskId === null);
  if (lost.length === 0 || !queue.findPosted) return;
  // A minute of slack for clocks: id_list dates the task by the vendor's clock.
  const since = new Date(Math.min(...lost.map((t) => t.postedAt.getTime())) - 60_000);
  const found = await queue.findPosted(
    lost.map((t) => t.tag),
    since,
  );
  await deps.container.database.db.transaction(async (tx) => {
    for (const f of found) await vendorTasksRepository.recordAnswer(tx, f.tag, { taskId: f.taskId, state: 'posted', costUsd: f.costUsd, error: null });
  });
}

export type PollOutcome = 'idle' | 'waiting' | 'handedOver';

/**
 * One poll for an analysis waiting on the standard queue: collect what is ready (of every
 * analysis), then either queue the next poll, or hand the analysis to a scan run once nothing
 * is awaited or the wait bound has passed. At the bound the tasks with an id are asked for one
 * last time each; what is still missing is abandoned and searched live by that run.
 */
export async function pollStandardQueue(deps: ScanDeps, rankMapId: string): Promise<PollOutcome> {
  const db = deps.container.database.db;
  const row = await rankMapsRepository.findById(db, rankMapId);
  if (row?.status !== 'processing' || row.vendorWaitSince === null) return 'idle';
  const queue = standardQueueFor(deps.provider, row);
  if (queue) {
    await adoptLostPosts(deps, queue, rankMapId, await vendorTasksRepository.listFor(db, rankMapId));
    await collectReady(deps, queue);
  }
  let tasks = await vendorTasksRepository.listFor(db, rankMapId);
  const deadline = deadlineOf(deps, tasks) ?? 0;
  const pastBound = Date.now() >= deadline;
  if (queue && pastBound && tasks.some(isAwaited)) {
    await storeAll(deps, queue, await collectTasks(deps, queue, tasks.filter((t) => isAwaited(t) && t.taskId !== null).map((task) => ({ task, taskId: task.taskId! }))));
    tasks = await vendorTasksRepository.listFor(db, rankMapId);
  }
  const awaited = tasks.filter(isAwaited);
  if (queue && awaited.length > 0 && !pastBound) {
    await sendVendorPollJob(deps.container.boss, rankMapId, Math.min(deps.standard.pollSeconds, Math.max(1, (deadline - Date.now()) / 1000)));
    return 'waiting';
  }
  return handOver(deps, rankMapId);
}

/** The wait is over: what is still awaited is abandoned, and a scan run searches the missing points live and finishes. */
async function handOver(deps: ScanDeps, rankMapId: string): Promise<PollOutcome> {
  return deps.container.database.db.transaction(async (tx) => {
    const row = await rankMapsRepository.lock(tx, rankMapId);
    if (row?.status !== 'processing' || row.vendorWaitSince === null) return 'idle';
    const left = await vendorTasksRepository.lockAwaited(tx, rankMapId);
    await vendorTasksRepository.setState(
      tx,
      rankMapId,
      left.map((t) => t.pointIndex),
      'abandoned',
    );
    if (left.length > 0) deps.container.log.warn({ rankMapId, abandoned: left.length }, 'el proveedor no entregó a tiempo algunos puntos: se buscan en directo');
    const jobId = await sendScanJob(deps.container.boss, tx, rankMapId);
    await rankMapsRepository.requeue(tx, rankMapId, jobId);
    await rankMapsRepository.update(tx, rankMapId, { vendorWaitSince: null });
    return 'handedOver';
  });
}

/** The scheduler's safety net: every analysis waiting for the vendor has a poll queued ('stately' drops a second one). */
export async function requeueVendorPolls(container: Pick<ScanDeps['container'], 'boss' | 'config' | 'database'>): Promise<number> {
  const waiting = await vendorTasksRepository.listWaiting(container.database.db);
  for (const { id } of waiting) await sendVendorPollJob(container.boss, id, 0);
  return waiting.length;
}
