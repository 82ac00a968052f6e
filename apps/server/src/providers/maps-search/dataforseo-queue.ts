import { z } from 'zod';
import {
  NO_RESULTS,
  OK,
  type OddItemHook,
  PENDING_CODES,
  TASK_CREATED,
  VENDOR,
  isRetryableCode,
  readEnvelope,
  readSerp,
  taskBody,
} from './dataforseo-parse';
import {
  type CollectedTask,
  type FoundTask,
  MapsSearchFatalError,
  type MapsSearchStandardQueue,
  type PostedTask,
  type QueuedSearch,
  type ReadyTask,
} from './interface';
import { DEFAULT_TIMEOUT_MS, callVendor } from './vendor-http';

// DataForSEO's standard queue for Google Maps (docs/decisions.md §21.1):
// task_post  https://docs.dataforseo.com/v3/serp/google/maps/task_post/   (≤ 100 tasks a POST, billed when set)
// tasks_ready https://docs.dataforseo.com/v3/serp/google/maps/tasks_ready/ (finished, not yet collected; 20 calls a minute)
// task_get   https://docs.dataforseo.com/v3/serp/google/maps/task_get/advanced/ (free; results kept 30 days)
// id_list    https://docs.dataforseo.com/v3/serp/id_list/ (free; every SERP task of a period, with its POST parameters)

export const DATAFORSEO_TASK_POST_PATH = '/v3/serp/google/maps/task_post';
export const DATAFORSEO_TASKS_READY_PATH = '/v3/serp/google/maps/tasks_ready';
export const DATAFORSEO_TASK_GET_PATH = '/v3/serp/google/maps/task_get/advanced';
export const DATAFORSEO_ID_LIST_PATH = '/v3/serp/id_list';
/** "1 – normal execution priority (set by default)": the cheaper one, up to 5 minutes (45 guaranteed). */
export const DATAFORSEO_NORMAL_PRIORITY = 1;
export const DATAFORSEO_MAX_TASKS_PER_POST = 100;
/** List price of a standard-queue SERP at normal priority (https://dataforseo.com/pricing/serp/google-maps-serp-api). */
export const DATAFORSEO_STANDARD_PRICE_USD = 0.0006;
/** id_list keeps POST parameters (our tag) for a month only; older tasks cannot be found by tag. */
const ID_LIST_METADATA_DAYS = 30;
const ID_LIST_PAGE = 1000;
const ID_LIST_MAX_PAGES = 10;

const readySchema = z.object({ id: z.string(), tag: z.string().nullish() });
const idListSchema = z.object({
  id: z.string(),
  url: z.string().nullish(),
  cost: z.number().nullish(),
  metadata: z.object({ tag: z.string().nullish() }).passthrough().nullish(),
});

type EnvelopeCall = (path: string, init: RequestInit, signal?: AbortSignal) => Promise<{ envelope: ReturnType<typeof readEnvelope>['envelope'] }>;

/**
 * The tasks posted since `since` under one of `tags` (id_list, docs/decisions.md §21.1): what a task_post whose
 * answer was lost did create. At most a month back (id_list keeps POST parameters that long),
 * pages of 1,000; `postedHere` keeps one endpoint's standard-queue tasks. Shared by the map
 * scans' queue and the AI engines' (docs/decisions.md §31.9).
 */
export async function findPostedTasks(
  call: EnvelopeCall,
  opts: { tags: string[]; since: Date; now: Date; postedHere: (url: string | null | undefined) => boolean; signal?: AbortSignal },
): Promise<FoundTask[]> {
  const wanted = new Set(opts.tags);
  if (wanted.size === 0) return [];
  const to = opts.now;
  const oldest = new Date(to.getTime() - ID_LIST_METADATA_DAYS * 86_400_000);
  const from = opts.since < oldest ? oldest : opts.since;
  if (from >= to) return [];
  const found: FoundTask[] = [];
  for (let page = 0; page < ID_LIST_MAX_PAGES; page++) {
    const body = [{ datetime_from: dataForSeoDateTime(from), datetime_to: dataForSeoDateTime(to), limit: ID_LIST_PAGE, offset: page * ID_LIST_PAGE, sort: 'asc', include_metadata: true }];
    const { envelope } = await call(DATAFORSEO_ID_LIST_PATH, { method: 'POST', body: JSON.stringify(body) }, opts.signal);
    const rows = envelope.tasks?.[0]?.result ?? [];
    for (const raw of rows) {
      const row = idListSchema.safeParse(raw);
      if (!row.success) continue;
      const tag = row.data.metadata?.tag;
      if (tag && wanted.has(tag) && opts.postedHere(row.data.url)) found.push({ tag, taskId: row.data.id, costUsd: row.data.cost ?? 0 });
    }
    if (rows.length < ID_LIST_PAGE) break;
  }
  return found;
}

/** "yyyy-mm-dd hh:mm:ss +00:00", the UTC form id_list takes. */
export function dataForSeoDateTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} +00:00`;
}

export function createDataForSeoStandardQueue(
  opts: { base: string; authorization: string; onOddItem: OddItemHook; timeoutMs?: number; now?: () => Date },
  fetchImpl: typeof fetch = fetch,
): MapsSearchStandardQueue {
  const { base, authorization, onOddItem } = opts;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = opts.now ?? (() => new Date());
  const call = (path: string, init: RequestInit, signal?: AbortSignal) =>
    callVendor(VENDOR, fetchImpl, `${base}${path}`, { ...init, headers: { authorization, 'content-type': 'application/json' } }, timeoutMs, signal).then(readEnvelope);

  return {
    maxTasksPerPost: DATAFORSEO_MAX_TASKS_PER_POST,
    taskPriceUsd: DATAFORSEO_STANDARD_PRICE_USD,

    async post(tasks: QueuedSearch[], signal?: AbortSignal): Promise<PostedTask[]> {
      if (tasks.length === 0) return [];
      if (tasks.length > DATAFORSEO_MAX_TASKS_PER_POST) throw new RangeError(`A DataForSEO task_post takes at most ${DATAFORSEO_MAX_TASKS_PER_POST} tasks.`);
      const body = tasks.map(({ tag, request }) => ({ ...taskBody({ ...request, tag }), priority: DATAFORSEO_NORMAL_PRIORITY }));
      const { envelope } = await call(DATAFORSEO_TASK_POST_PATH, { method: 'POST', body: JSON.stringify(body) }, signal);
      // Each answer names its tag in `data`; by tag, not by order, in case the vendor reorders them.
      const answers = new Map((envelope.tasks ?? []).map((t) => [t.data?.tag ?? '', t]));
      return tasks.map(({ tag }): PostedTask => {
        const t = answers.get(tag);
        if (!t) return { tag, ok: false, error: `${VENDOR} no ha devuelto esta tarea en su respuesta.`, fatal: false, costUsd: 0 };
        const costUsd = t.cost ?? 0;
        if (t.status_code === TASK_CREATED && t.id) return { tag, ok: true, taskId: t.id, costUsd };
        const error = `${VENDOR} no ha aceptado la tarea (${t.status_code}${t.status_message ? `: ${t.status_message}` : ''}).`;
        return { tag, ok: false, error, fatal: !isRetryableCode(t.status_code), costUsd };
      });
    },

    async ready(signal?: AbortSignal): Promise<ReadyTask[]> {
      const { envelope } = await call(DATAFORSEO_TASKS_READY_PATH, { method: 'GET' }, signal);
      const out: ReadyTask[] = [];
      for (const task of envelope.tasks ?? []) {
        if (task.status_code !== OK) continue;
        for (const raw of task.result ?? []) {
          const r = readySchema.safeParse(raw);
          if (r.success) out.push({ taskId: r.data.id, tag: r.data.tag ?? null });
        }
      }
      return out;
    },

    async collect(taskId: string, signal?: AbortSignal): Promise<CollectedTask> {
      const { envelope } = await call(`${DATAFORSEO_TASK_GET_PATH}/${encodeURIComponent(taskId)}`, { method: 'GET' }, signal);
      const task = envelope.tasks?.[0];
      if (!task) throw new MapsSearchFatalError(`${VENDOR} ha respondido sin la tarea pedida.`);
      if (PENDING_CODES.has(task.status_code)) return { state: 'pending' };
      // Collecting is free: what the task cost was told when it was posted.
      if (task.status_code === NO_RESULTS) return { state: 'ready', result: { organic: [], ads: [], costUsd: 0 } };
      if (task.status_code === OK) return { state: 'ready', result: { ...readSerp(task, onOddItem), costUsd: 0 } };
      const error = `${VENDOR} no ha podido hacer la búsqueda (${task.status_code}${task.status_message ? `: ${task.status_message}` : ''}).`;
      return { state: 'failed', error, fatal: !isRetryableCode(task.status_code) };
    },

    findPosted: (tags: string[], since: Date, signal?: AbortSignal): Promise<FoundTask[]> =>
      // Only Maps tasks set through the standard queue: a live call with the same tag is another thing.
      findPostedTasks(call, { tags, since, now: now(), postedHere: (url) => !!url?.includes(DATAFORSEO_TASK_POST_PATH.slice(1)), signal }),
  };
}
