import { type DataForSeoTask, NO_RESULTS, OK, PENDING_CODES, TASK_CREATED, VENDOR, isRetryableCode, readEnvelope } from '../maps-search/dataforseo-parse';
import { findPostedTasks } from '../maps-search/dataforseo-queue';
import { DEFAULT_TIMEOUT_MS, callVendor } from '../maps-search/vendor-http';
import { type DataForSeoAiOptions, dataForSeoAuth } from './dataforseo-ai-live';
import { type AiAnswer, type AiAnswerRequest, AiEngineFatalError, type AiPostedTask, type AiReadyTask, type AiStandardQueue } from './interface';
import { aiVendorCall } from './vendor-errors';

// DataForSEO's standard queue for an AI engine's SERP (docs/decisions.md §31.1 and docs/decisions.md §31.9), one
// implementation for every SERP type that has one (Google AI Mode, the organic SERP with its AI
// overview): task_post (≤ 100 tasks, billed when set), tasks_ready, task_get/advanced (free for
// 30 days), and id_list (https://docs.dataforseo.com/v3/serp/id_list/) to find tasks whose POST
// answer was lost, by our tag.

const MAX_TASKS_PER_POST = 100;
/** "1 – normal execution priority (set by default)": the cheaper one. */
const NORMAL_PRIORITY = 1;

export interface DataForSeoAiQueueSpec {
  paths: { taskPost: string; tasksReady: string; taskGet: string };
  /** The documented list price of one task at normal priority, in USD. */
  taskPriceUsd: number;
  /** One task as task_post takes it (without priority and tag, which the queue adds). */
  taskBody(request: AiAnswerRequest): Record<string, unknown>;
  /** The answer in a finished task. */
  read(task: DataForSeoTask): Omit<AiAnswer, 'costUsd'>;
}

export function createDataForSeoAiQueue(opts: DataForSeoAiOptions, fetchImpl: typeof fetch, spec: DataForSeoAiQueueSpec): AiStandardQueue {
  const { base, authorization } = dataForSeoAuth(opts);
  const now = opts.now ?? (() => new Date());
  const call = (path: string, init: RequestInit, signal?: AbortSignal) =>
    callVendor(VENDOR, fetchImpl, `${base}${path}`, { ...init, headers: { authorization, 'content-type': 'application/json' } }, DEFAULT_TIMEOUT_MS, signal).then(readEnvelope);
  // id_list rows name the endpoint as a full URL ("https://api.dataforseo.com/v3/serp/google/ai_mode/task_post").
  const postedHere = (url: string | null | undefined) => !!url && url.replace(/\/$/, '').endsWith(spec.paths.taskPost);

  return {
    maxTasksPerPost: MAX_TASKS_PER_POST,
    taskPriceUsd: spec.taskPriceUsd,
    post: (tasks, signal) =>
      aiVendorCall(async () => {
        if (tasks.length === 0) return [];
        if (tasks.length > MAX_TASKS_PER_POST) throw new RangeError(`A DataForSEO task_post takes at most ${MAX_TASKS_PER_POST} tasks.`);
        const body = tasks.map(({ tag, request }) => ({ ...spec.taskBody(request), tag: tag.slice(0, 255), priority: NORMAL_PRIORITY }));
        const { envelope } = await call(spec.paths.taskPost, { method: 'POST', body: JSON.stringify(body) }, signal);
        // By tag, not by order: each answer names its tag in `data`.
        const answers = new Map((envelope.tasks ?? []).map((t) => [t.data?.tag ?? '', t]));
        return tasks.map(({ tag }): AiPostedTask => {
          const t = answers.get(tag.slice(0, 255));
          if (!t) return { tag, ok: false, error: `${VENDOR} no ha devuelto esta tarea en su respuesta.`, fatal: false, costUsd: 0 };
          const costUsd = t.cost ?? 0;
          if (t.status_code === TASK_CREATED && t.id) return { tag, ok: true, taskId: t.id, costUsd };
          const error = `${VENDOR} no ha aceptado la tarea (${t.status_code}${t.status_message ? `: ${t.status_message}` : ''}).`;
          return { tag, ok: false, error, fatal: !isRetryableCode(t.status_code), costUsd };
        });
      }),
    ready: (signal) =>
      aiVendorCall(async () => {
        const { envelope } = await call(spec.paths.tasksReady, { method: 'GET' }, signal);
        const out: AiReadyTask[] = [];
        for (const task of envelope.tasks ?? []) {
          if (task.status_code !== OK) continue;
          for (const raw of task.result ?? []) {
            const r = raw as { id?: unknown; tag?: unknown };
            if (typeof r.id === 'string') out.push({ taskId: r.id, tag: typeof r.tag === 'string' ? r.tag : null });
          }
        }
        return out;
      }),
    collect: (taskId, signal) =>
      aiVendorCall(async () => {
        const { envelope } = await call(`${spec.paths.taskGet}/${encodeURIComponent(taskId)}`, { method: 'GET' }, signal);
        const task = envelope.tasks?.[0];
        if (!task) throw new AiEngineFatalError(`${VENDOR} ha respondido sin la tarea pedida.`);
        if (PENDING_CODES.has(task.status_code)) return { state: 'pending' as const };
        // Collecting is free: the task was billed when posted.
        if (task.status_code === NO_RESULTS) return { state: 'ready' as const, answer: { text: '', businesses: [], sources: [], costUsd: 0 } };
        if (task.status_code === OK) return { state: 'ready' as const, answer: { ...spec.read(task), costUsd: 0 } };
        const error = `${VENDOR} no ha podido obtener la respuesta (${task.status_code}${task.status_message ? `: ${task.status_message}` : ''}).`;
        return { state: 'failed' as const, error, fatal: !isRetryableCode(task.status_code) };
      }),
    findPosted: (tags, since, signal) =>
      // Only this engine's standard-queue tasks: a live call, or another SERP type, under the same tag is another thing.
      aiVendorCall(() => findPostedTasks(call, { tags, since, now: now(), postedHere, signal })),
  };
}
