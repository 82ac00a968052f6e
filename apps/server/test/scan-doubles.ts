import type { Container } from '../src/container';
import { sleep } from '../src/lib/sleep';
import { type ScanDeps, scanDeps } from '../src/modules/rankmaps/scan/scan.service';
import { simulateSearch } from '../src/providers/maps-search/demo';
import {
  type CollectedTask,
  MapsSearchFatalError,
  MapsSearchRetryableError,
  type MapsSearchProvider,
  type MapsSearchRequest,
  type MapsSearchStandardQueue,
  type PostedTask,
} from '../src/providers/maps-search/interface';

/** Scan dependencies for tests: tiny backoff and quick flushes, so retries take milliseconds. */
export function fastScanDeps(container: Container, provider: MapsSearchProvider, overrides: Partial<Omit<ScanDeps, 'container' | 'provider'>> = {}): ScanDeps {
  return scanDeps(container, provider, {
    retry: { maxAttempts: 4, backoffBaseMs: 1, maxBackoffMs: 5, requestTimeoutMs: 5_000 },
    flushIntervalMs: 50,
    ...overrides,
  });
}

export type Failure = 'retryable' | 'fatal' | null;

/**
 * A test double of an external maps-search vendor: answers like the demo simulation, but
 * fails the calls `fail` names (by point and attempt) and can take time to answer. `at` fixes
 * the simulation's clock: the demo's rankings drift by week and by hour, so a test that needs
 * two scans to differ (or to agree) says when each ran instead of depending on today's date.
 */
export function scriptedProvider(
  opts: { fail?: (request: MapsSearchRequest, attempt: number) => Failure; delayMs?: number; name?: MapsSearchProvider['name']; at?: () => Date } = {},
) {
  const attempts = new Map<string, number>();
  const calls: { at: number; lat: number; lng: number }[] = [];
  const provider: MapsSearchProvider = {
    // The rate limit is kept per provider name.
    name: opts.name ?? 'demo',
    async search(request, signal) {
      calls.push({ at: Date.now(), lat: request.lat, lng: request.lng });
      const key = `${request.lat},${request.lng}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      if (opts.delayMs) await sleep(opts.delayMs, signal);
      const failure = opts.fail?.(request, attempt) ?? null;
      if (failure === 'retryable') throw new MapsSearchRetryableError('HTTP 429 Too Many Requests', 0);
      if (failure === 'fatal') throw new MapsSearchFatalError('HTTP 401 Unauthorized');
      return simulateSearch(opts.at ? { ...request, now: opts.at() } : request);
    },
  };
  return { provider, calls, attempts };
}

/** The documented list price of one standard-queue task (https://dataforseo.com/pricing/serp/google-maps-serp-api). */
export const STANDARD_TASK_USD = 0.0006;

/**
 * A test double of a vendor's standard queue, in process: it keeps the tasks posted, makes
 * them ready when the test says (`finish`), and can lose a POST's answer after accepting its
 * tasks (`loseAnswerOfPost`, 1-based) or fail tasks (`failTags`). Counts every POST and every
 * task posted per tag, so a test can tell a point was posted once.
 */
export function scriptedStandardQueue(opts: { maxTasksPerPost?: number; loseAnswerOfPost?: number; failTags?: Set<string> } = {}) {
  const tasks = new Map<string, { tag: string; request: MapsSearchRequest; ready: boolean; collected: boolean }>();
  const postsPerTag = new Map<string, number>();
  const counters = { posts: 0, readyCalls: 0, collects: 0 };
  let nextId = 1;
  const queue: MapsSearchStandardQueue = {
    maxTasksPerPost: opts.maxTasksPerPost ?? 100,
    taskPriceUsd: STANDARD_TASK_USD,
    async post(batch) {
      counters.posts++;
      const answers: PostedTask[] = batch.map(({ tag, request }) => {
        postsPerTag.set(tag, (postsPerTag.get(tag) ?? 0) + 1);
        const taskId = `task-${nextId++}`;
        tasks.set(taskId, { tag, request, ready: false, collected: false });
        return { tag, ok: true, taskId, costUsd: STANDARD_TASK_USD };
      });
      if (counters.posts === opts.loseAnswerOfPost) throw new MapsSearchRetryableError('socket hang up');
      return answers;
    },
    async ready() {
      counters.readyCalls++;
      return [...tasks].filter(([, t]) => t.ready && !t.collected).map(([taskId, t]) => ({ taskId, tag: t.tag }));
    },
    async collect(taskId): Promise<CollectedTask> {
      counters.collects++;
      const task = tasks.get(taskId);
      if (!task) return { state: 'failed', error: 'unknown task', fatal: true };
      if (!task.ready) return { state: 'pending' };
      task.collected = true;
      if (opts.failTags?.has(task.tag)) return { state: 'failed', error: 'task failed at the vendor', fatal: false };
      // Collecting is free, as at DataForSEO: the task was billed when posted.
      return { state: 'ready', result: { ...simulateSearch(task.request), costUsd: 0 } };
    },
  };
  return {
    queue,
    counters,
    postsPerTag,
    /** Makes the vendor finish `count` more tasks (all when omitted). */
    finish(count = Infinity) {
      let n = 0;
      for (const t of tasks.values()) if (!t.ready && n++ < count) t.ready = true;
    },
  };
}
