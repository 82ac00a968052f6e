import { aiEngineInfo } from '@rankmaps/shared/ai-engines';
import { DATAFORSEO_CALLS_PER_MINUTE, type DataForSeoAiOptions, askDataForSeoLive, tagField } from './dataforseo-ai-live';
import { aiLocationCoordinate, readAiOverviewSerp } from './dataforseo-ai-parse';
import { createDataForSeoAiQueue } from './dataforseo-ai-queue';
import type { AiAnswerRequest, AiEngine } from './interface';

// Google AI Overviews through DataForSEO's Google organic SERP with the AI overview loaded
// (docs/decisions.md §31.9), one task per grid point:
//   live        https://docs.dataforseo.com/v3/serp/google/organic/live/advanced/
//   task_post   https://docs.dataforseo.com/v3/serp/google/organic/task_post/   (billed when set)
//   tasks_ready https://docs.dataforseo.com/v3/serp/google/organic/tasks_ready/
//   task_get    https://docs.dataforseo.com/v3/serp/google/organic/task_get/advanced/ (free for 30 days)

export const AI_OVERVIEW_LIVE_PATH = '/v3/serp/google/organic/live/advanced';
export const AI_OVERVIEW_TASK_POST_PATH = '/v3/serp/google/organic/task_post';
export const AI_OVERVIEW_TASKS_READY_PATH = '/v3/serp/google/organic/tasks_ready';
export const AI_OVERVIEW_TASK_GET_PATH = '/v3/serp/google/organic/task_get/advanced';
/**
 * List prices of one SERP of 10 results (https://dataforseo.com/pricing/serp/google-organic-serp-api)
 * plus load_async_ai_overview's extra (the parameter's own note: $0.002 live, $0.0006 queued,
 * returned when the SERP has no asynchronous overview): $0.002 + $0.002 live, $0.0006 + $0.0006
 * at normal priority. The task's `cost` says what was really charged.
 */
export const AI_OVERVIEW_LIVE_PRICE_USD = 0.004;
export const AI_OVERVIEW_STANDARD_PRICE_USD = 0.0012;
/** "≤6 s average turnaround in Live mode": 120 s, as for AI Mode, lets a slow answer finish rather than be billed twice. */
export const AI_OVERVIEW_LIVE_TIMEOUT_MS = 120_000;
/**
 * location_coordinate on the organic SERP is "latitude,longitude,radius" (radius 199.9 to
 * 199,999); the documented example's 200, the smallest round value, stands at the point itself.
 */
export const AI_OVERVIEW_RADIUS = 200;

/** One task as both the live endpoint and task_post take it: the keyword at the point, in the market's language, with the overview loaded. */
export function aiOverviewTaskBody(request: AiAnswerRequest): Record<string, unknown> {
  return {
    keyword: request.query,
    location_coordinate: `${aiLocationCoordinate(request.lat, request.lng)},${AI_OVERVIEW_RADIUS}`,
    language_code: request.languageCode,
    // Without it only overviews already in Google's cache come back, and most load asynchronously.
    load_async_ai_overview: true,
    ...tagField(request.tag),
  };
}

export function createDataForSeoAiOverviewEngine(opts: DataForSeoAiOptions, fetchImpl: typeof fetch = fetch): AiEngine {
  const timeoutMs = opts.timeoutMs ?? AI_OVERVIEW_LIVE_TIMEOUT_MS;
  const onOddItem = opts.onOddItem ?? (() => {});
  const info = aiEngineInfo('google-ai-overview');
  const read = (task: Parameters<typeof readAiOverviewSerp>[0]) => readAiOverviewSerp(task, onOddItem);
  return {
    id: 'google-ai-overview',
    provider: 'dataforseo',
    scope: info.scope,
    creditsPerCall: info.creditsPerCall,
    liveCallPriceUsd: AI_OVERVIEW_LIVE_PRICE_USD,
    liveTimeoutMs: timeoutMs,
    callsPerMinute: DATAFORSEO_CALLS_PER_MINUTE,
    freeCallsPerDay: null,
    standardQueue: createDataForSeoAiQueue(opts, fetchImpl, {
      paths: { taskPost: AI_OVERVIEW_TASK_POST_PATH, tasksReady: AI_OVERVIEW_TASKS_READY_PATH, taskGet: AI_OVERVIEW_TASK_GET_PATH },
      taskPriceUsd: AI_OVERVIEW_STANDARD_PRICE_USD,
      taskBody: aiOverviewTaskBody,
      read,
    }),
    ask: (request, signal) => askDataForSeoLive({ ...opts, path: AI_OVERVIEW_LIVE_PATH, timeoutMs }, fetchImpl, aiOverviewTaskBody(request), read, signal),
  };
}
