import { sendAiScanJob } from '../../../jobs/definitions/ai-visibility-scan';
import { sendAiVendorPollJob } from '../../../jobs/definitions/ai-visibility-vendor-poll';
import { runPool } from '../../../lib/concurrency';
import { AiEngineFatalError, type AiCollectedTask, type AiEngineId, type AiPostedTask, type AiStandardQueue } from '../../../providers/ai-answers/interface';
import { type AiAnalysisRow, type NewAiAnswer, aiAnalysesRepository, answerKey } from '../ai-analyses.repository';
import { type AiCall, callTag, callsOf } from '../ai-plan';
import { okAnswer, requestOf } from './ai-calls';
import type { AiScanDeps } from './ai-scan.service';
import { AWAITED_STATES, type AiVendorTaskRow, aiVendorTasksRepository } from './ai-vendor-tasks.repository';

// The engines' standard queues for scheduled and campaign AI analyses (docs/decisions.md §31.16),
// the map scans' path (docs/decisions.md §21.2) for AI calls: a run posts the calls of every engine
// that has a queue (each batch's rows committed before its POST), asks the other engines live, and
// lets go of the analysis; the `ai-visibility-vendor-poll` job collects what is ready, and once
// nothing more is awaited (or the wait bound has passed) hands the analysis back to a run, which
// asks live whatever is still missing and settles it like any other. «Ahora» never queues.

/** Tasks read from the vendor at once while collecting. */
const COLLECT_CONCURRENCY = 8;

const isAwaited = (t: Pick<AiVendorTaskRow, 'state'>) => AWAITED_STATES.includes(t.state);
const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
const callOf = (t: Pick<AiVendorTaskRow, 'engine' | 'pointIndex' | 'sample'>): AiCall => ({ engine: t.engine, pointIndex: t.pointIndex, sample: t.sample });

/** The standard queue of each engine the analysis asks through one: scheduled and campaign analyses, on an engine that has one; never «Ahora». */
export function queuedEngines(deps: Pick<AiScanDeps, 'engines'>, row: Pick<AiAnalysisRow, 'kind' | 'engines'>): Map<string, AiStandardQueue> {
  const out = new Map<string, AiStandardQueue>();
  if (row.kind === 'manual') return out;
  for (const plan of row.engines) {
    const queue = deps.engines.get(plan.id as AiEngineId)?.standardQueue;
    if (queue) out.set(plan.id, queue);
  }
  return out;
}

function waitBound(deps: Pick<AiScanDeps, 'standard'>): number {
  return deps.standard.maxWaitMinutes * 60_000;
}

/** When the analysis stops waiting for the vendors: its first task's posting plus the configured bound. */
function deadlineOf(deps: Pick<AiScanDeps, 'standard'>, tasks: AiVendorTaskRow[]): number | null {
  if (tasks.length === 0) return null;
  return Math.min(...tasks.map((t) => t.postedAt.getTime())) + waitBound(deps);
}

/**
 * Posts every call of a queued engine that has neither an answer nor a task, in batches of the
 * vendor's maximum. Each batch's rows are committed under the run's lease before its POST, so a
 * crash never posts a call twice (nor charges it twice): a row left 'posting' is only adopted by
 * its tag (findPosted, or the ready list), or asked live past the wait bound.
 */
export async function postAiTasks(deps: AiScanDeps, row: AiAnalysisRow, runToken: string, queues: Map<string, AiStandardQueue>, ordinal: number): Promise<'lost' | 'done'> {
  const db = deps.container.database.db;
  const [stored, tasks] = await Promise.all([aiAnalysesRepository.storedKeys(db, row.id), aiVendorTasksRepository.listFor(db, row.id)]);
  const deadline = deadlineOf(deps, tasks);
  // Past the bound, what was never posted is asked live with the rest.
  if (deadline !== null && Date.now() >= deadline) return 'done';
  const tasked = new Set(tasks.map((t) => answerKey(t)));
  const all = callsOf(row.engines, row.grid.points.map((p) => p.index), row.samples);
  for (const [engine, queue] of queues) {
    const todo = all.filter((c) => c.engine === engine && !stored.has(answerKey(c)) && !tasked.has(answerKey(c)));
    for (const batch of chunks(todo, Math.max(1, queue.maxTasksPerPost))) {
      const held = await db.transaction(async (tx) => {
        if (!(await aiAnalysesRepository.updateLeased(tx, row.id, runToken, {}))) return null;
        return aiVendorTasksRepository.insertPosting(
          tx,
          row.id,
          batch.map((c) => ({ ...c, tag: callTag(row.id, c) })),
        );
      });
      if (held === null) return 'lost';
      const sending = batch.filter((c) => held.has(callTag(row.id, c)));
      if (sending.length === 0) continue;
      let answers: AiPostedTask[];
      try {
        answers = await queue.post(sending.map((c) => ({ tag: callTag(row.id, c), request: requestOf(row, c, ordinal) })));
      } catch (err) {
        if (err instanceof AiEngineFatalError) {
          // Refused as a whole: no task was made. The run after the wait asks them live.
          await aiVendorTasksRepository.setState(db, [...held], 'failed', { error: err.message.slice(0, 500) });
        } else {
          // The answer is unknown: the vendor may have the tasks. They stay 'posting', to be adopted by tag.
          deps.container.log.warn({ err, analysisId: row.id, tasks: sending.length }, 'no se supo si el proveedor de IA recibió las tareas: se esperan por su etiqueta');
        }
        continue;
      }
      await db.transaction(async (tx) => {
        for (const a of answers) {
          await aiVendorTasksRepository.recordAnswer(
            tx,
            a.tag,
            a.ok ? { taskId: a.taskId, state: 'posted', costUsd: a.costUsd, error: null } : { taskId: null, state: 'failed', costUsd: a.costUsd, error: a.error.slice(0, 500) },
          );
        }
      });
    }
  }
  return 'done';
}

/** The keys of the calls still awaited from a vendor's queue: a run does not ask them live. */
export async function awaitedKeys(deps: Pick<AiScanDeps, 'container'>, analysisId: string): Promise<Set<string>> {
  const tasks = await aiVendorTasksRepository.listFor(deps.container.database.db, analysisId);
  return new Set(tasks.filter(isAwaited).map((t) => answerKey(t)));
}

/** What every failed or abandoned task of a call cost already: the live answer's cost is added to it. */
export async function taskCosts(deps: Pick<AiScanDeps, 'container'>, analysisId: string): Promise<Map<string, number>> {
  const tasks = await aiVendorTasksRepository.listFor(deps.container.database.db, analysisId);
  return new Map(tasks.filter((t) => !isAwaited(t) && t.state !== 'collected').map((t) => [answerKey(t), t.costUsd]));
}

/**
 * The run lets go of the analysis (no heartbeat to keep) and the first poll is queued with that
 * change: after the poll interval, or sooner when every queue awaited says its tasks are ready
 * sooner (the demo queue's delay).
 */
export async function waitForAiVendor(deps: AiScanDeps, row: AiAnalysisRow, runToken: string): Promise<'waiting' | 'lost'> {
  const queues = row.engines.flatMap((e) => deps.engines.get(e.id as AiEngineId)?.standardQueue ?? []);
  const hints = queues.flatMap((q) => (q.readySeconds === undefined ? [] : [q.readySeconds]));
  const firstPoll = queues.length > 0 && hints.length === queues.length ? Math.min(deps.standard.pollSeconds, Math.max(1, Math.ceil(Math.max(...hints)))) : deps.standard.pollSeconds;
  return deps.container.database.db.transaction(async (tx) => {
    const since = row.vendorWaitSince ?? new Date();
    if (!(await aiAnalysesRepository.updateLeased(tx, row.id, runToken, { runToken: null, vendorWaitSince: since }))) return 'lost';
    await sendAiVendorPollJob(deps.container.boss, row.id, firstPoll, tx);
    return 'waiting';
  });
}

interface Collected {
  task: AiVendorTaskRow;
  taskId: string;
  answer: AiCollectedTask;
}

async function collectTasks(deps: AiScanDeps, queue: AiStandardQueue, wanted: { task: AiVendorTaskRow; taskId: string }[]): Promise<Collected[]> {
  const out: Collected[] = [];
  await runPool(wanted, COLLECT_CONCURRENCY, async (w) => {
    try {
      out.push({ ...w, answer: await queue.collect(w.taskId) });
    } catch (err) {
      // Tried again at the next poll (or by id at the wait bound).
      deps.container.log.warn({ err, taskId: w.taskId }, 'no se pudo leer una tarea del proveedor de IA');
    }
  });
  return out;
}

/**
 * Stores what was collected for one analysis, under its row lock, only for tasks still awaited: an
 * answer is stored once. Collecting is free; a task known only from the ready list never had its
 * POST answer, so it counts at the queue's list price (docs/decisions.md §21.2).
 */
async function storeCollected(deps: AiScanDeps, queue: AiStandardQueue, provider: string, analysisId: string, items: Collected[]): Promise<void> {
  await deps.container.database.db.transaction(async (tx) => {
    const found = await aiAnalysesRepository.lockWithLease(tx, analysisId, deps.staleSeconds);
    if (found?.row.status !== 'processing') return;
    const row = found.row;
    const awaited = new Map((await aiVendorTasksRepository.lockAwaited(tx, analysisId, items.map((i) => i.task.tag))).map((t) => [t.tag, t]));
    const answers: NewAiAnswer[] = [];
    const failed: string[] = [];
    for (const item of items) {
      const task = awaited.get(item.task.tag);
      if (!task) continue;
      if (item.answer.state === 'ready') {
        const costUsd = task.state === 'posted' ? task.costUsd : queue.taskPriceUsd;
        answers.push(okAnswer(deps.match, row, callOf(task), provider, item.answer.answer, costUsd));
        await aiVendorTasksRepository.setState(tx, [task.tag], 'collected', { taskId: item.taskId });
      } else if (item.answer.state === 'failed') {
        failed.push(task.tag);
      }
    }
    // A task the vendor failed is asked live by the run after the wait.
    await aiVendorTasksRepository.setState(tx, failed, 'failed');
    if (answers.length === 0) return;
    await aiAnalysesRepository.insertAnswers(tx, answers);
    const { stored } = await aiAnalysesRepository.tally(tx, analysisId);
    await aiAnalysesRepository.update(tx, analysisId, { progress: Math.min(99, Math.floor((100 * stored) / Math.max(1, row.totalCalls))) });
  });
}

async function storeAll(deps: AiScanDeps, queue: AiStandardQueue, provider: string, collected: Collected[]): Promise<void> {
  const byAnalysis = new Map<string, Collected[]>();
  for (const c of collected) byAnalysis.set(c.task.analysisId, [...(byAnalysis.get(c.task.analysisId) ?? []), c]);
  for (const [id, items] of byAnalysis) await storeCollected(deps, queue, provider, id, items);
}

/** Collects every ready task of this engine the database awaits, of any analysis: the vendor's ready list is per account. */
async function collectReady(deps: AiScanDeps, engine: string, queue: AiStandardQueue, provider: string): Promise<void> {
  const ready = await queue.ready();
  const tasks = await aiVendorTasksRepository.findAwaited(deps.container.database.db, engine, ready);
  const idByTag = new Map(ready.flatMap((r) => (r.tag ? [[r.tag, r.taskId] as const] : [])));
  const wanted = tasks.flatMap((task) => {
    const taskId = task.taskId ?? idByTag.get(task.tag);
    return taskId ? [{ task, taskId }] : [];
  });
  await storeAll(deps, queue, provider, await collectTasks(deps, queue, wanted));
}

/** Rows whose POST answer was lost, found in the vendor's list of posted tasks by their tags (id_list): they get their id and cost. */
async function adoptLostPosts(deps: AiScanDeps, queue: AiStandardQueue, tasks: AiVendorTaskRow[]): Promise<void> {
  const lost = tasks.filter((t) => t.state === 'posting' && t.taskId === null);
  if (lost.length === 0 || !queue.findPosted) return;
  // A minute of slack for clocks: the vendor dates the task by its own.
  const since = new Date(Math.min(...lost.map((t) => t.postedAt.getTime())) - 60_000);
  const found = await queue.findPosted(
    lost.map((t) => t.tag),
    since,
  );
  await deps.container.database.db.transaction(async (tx) => {
    for (const f of found) await aiVendorTasksRepository.recordAnswer(tx, f.tag, { taskId: f.taskId, state: 'posted', costUsd: f.costUsd, error: null });
  });
}

export type AiPollOutcome = 'idle' | 'waiting' | 'handedOver';

/**
 * One poll for an analysis waiting on the standard queues: adopt lost posts, collect what is ready
 * (of every analysis), then queue the next poll, or hand the analysis to a run once nothing is
 * awaited or the wait bound has passed (the tasks with an id asked for once more first).
 */
export async function pollAiStandardQueue(deps: AiScanDeps, analysisId: string): Promise<AiPollOutcome> {
  const db = deps.container.database.db;
  const row = await aiAnalysesRepository.findById(db, analysisId);
  if (row?.status !== 'processing' || row.vendorWaitSince === null) return 'idle';
  const queues = queuedEngines(deps, row);
  let tasks = await aiVendorTasksRepository.listFor(db, analysisId);
  const deadline = deadlineOf(deps, tasks) ?? 0;
  const pastBound = Date.now() >= deadline;
  for (const [engine, queue] of queues) {
    const provider = deps.engines.get(engine as AiEngineId)?.provider ?? 'none';
    const mine = tasks.filter((t) => t.engine === engine);
    await adoptLostPosts(deps, queue, mine);
    await collectReady(deps, engine, queue, provider);
    if (pastBound) {
      const left = (await aiVendorTasksRepository.listFor(db, analysisId)).filter((t) => t.engine === engine && isAwaited(t) && t.taskId !== null);
      await storeAll(deps, queue, provider, await collectTasks(deps, queue, left.map((task) => ({ task, taskId: task.taskId! }))));
    }
  }
  tasks = await aiVendorTasksRepository.listFor(db, analysisId);
  if (queues.size > 0 && tasks.some(isAwaited) && !pastBound) {
    await sendAiVendorPollJob(deps.container.boss, analysisId, Math.min(deps.standard.pollSeconds, Math.max(1, (deadline - Date.now()) / 1000)));
    return 'waiting';
  }
  return handOver(deps, analysisId);
}

/** The wait is over: what is still awaited is abandoned, and a run asks the missing calls live and settles the analysis. */
async function handOver(deps: AiScanDeps, analysisId: string): Promise<AiPollOutcome> {
  return deps.container.database.db.transaction(async (tx) => {
    const found = await aiAnalysesRepository.lockWithLease(tx, analysisId, deps.staleSeconds);
    if (found?.row.status !== 'processing' || found.row.vendorWaitSince === null) return 'idle';
    const left = await aiVendorTasksRepository.lockAwaited(tx, analysisId);
    await aiVendorTasksRepository.setState(
      tx,
      left.map((t) => t.tag),
      'abandoned',
    );
    if (left.length > 0) deps.container.log.warn({ analysisId, abandoned: left.length }, 'el proveedor de IA no entregó a tiempo algunas respuestas: se piden en directo');
    await aiAnalysesRepository.update(tx, analysisId, { vendorWaitSince: null });
    await aiAnalysesRepository.requeue(tx, analysisId, await sendAiScanJob(deps.container.boss, tx, analysisId));
    return 'handedOver';
  });
}

/** The scheduler's safety net: every AI analysis waiting for a vendor has a poll queued ('stately' drops a second one). */
export async function requeueAiVendorPolls(container: Pick<AiScanDeps['container'], 'boss' | 'database'>): Promise<number> {
  const waiting = await aiVendorTasksRepository.listWaiting(container.database.db);
  for (const { id } of waiting) await sendAiVendorPollJob(container.boss, id, 0);
  return waiting.length;
}
