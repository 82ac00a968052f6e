import { aiEngineInfo } from '@rankmaps/shared/ai-engines';
import { DATAFORSEO_CALLS_PER_MINUTE, type DataForSeoAiOptions, askDataForSeoLive, tagField } from './dataforseo-ai-live';
import { aiLocationCoordinate, readAiSerp } from './dataforseo-ai-parse';
import { createDataForSeoAiQueue } from './dataforseo-ai-queue';
import type { AiAnswerRequest, AiEngine } from './interface';

// Google AI Mode through DataForSEO (docs/decisions.md §31.1), one task per grid point:
//   live        https://docs.dataforseo.com/v3/serp/google/ai_mode/live/advanced/
//   task_post   https://docs.dataforseo.com/v3/serp/google/ai_mode/task_post/   (billed when set)
//   tasks_ready https://docs.dataforseo.com/v3/serp/google/ai_mode/tasks_ready/
//   task_get    https://docs.dataforseo.com/v3/serp/google/ai_mode/task_get/advanced/ (free for 30 days)

export const AI_MODE_LIVE_PATH = '/v3/serp/google/ai_mode/live/advanced';
export const AI_MODE_TASK_POST_PATH = '/v3/serp/google/ai_mode/task_post';
export const AI_MODE_TASKS_READY_PATH = '/v3/serp/google/ai_mode/tasks_ready';
export const AI_MODE_TASK_GET_PATH = '/v3/serp/google/ai_mode/task_get/advanced';
/** List prices per SERP (https://dataforseo.com/pricing/serp/google-ai-mode-serp-api): live, and the standard queue at normal priority. */
export const AI_MODE_LIVE_PRICE_USD = 0.004;
export const AI_MODE_STANDARD_PRICE_USD = 0.0012;
/** "up to 6 seconds on average": 120 s lets a slow answer finish rather than be abandoned (and billed) and asked again, as for the map SERP. */
export const AI_MODE_LIVE_TIMEOUT_MS = 120_000;

/** One task as both the live endpoint and task_post take it: the keyword asked at the point, in the market's language. */
export function aiModeTaskBody(request: AiAnswerRequest): Record<string, unknown> {
  return {
    keyword: request.query,
    location_coordinate: aiLocationCoordinate(request.lat, request.lng),
    language_code: request.languageCode,
    ...tagField(request.tag),
  };
}

export function createDataForSeoAiModeEngine(opts: DataForSeoAiOptions, fetchImpl: typeof fetch = fetch): AiEngine {
  const timeoutMs = opts.timeoutMs ?? AI_MODE_LIVE_TIMEOUT_MS;
  const onOddItem = opts.onOddItem ?? (() => {});
  const info = aiEngineInfo('google-ai-mode');
  const read = (task: Parameters<typeof readAiSerp>[0]) => readAiSerp(task, onOddItem);
  return {
    id: 'google-ai-mode',
    provider: 'dataforseo',
    scope: info.scope,
    creditsPerCall: info.creditsPerCall,
    liveCallPriceUsd: AI_MODE_LIVE_PRICE_USD,
    liveTimeoutMs: timeoutMs,
    callsPerMinute: DATAFORSEO_CALLS_PER_MINUTE,
    freeCallsPerDay: null,
    standardQueue: createDataForSeoAiQueue(opts, fetchImpl, {
      paths: { taskPost: AI_MODE_TASK_POST_PATH, tasksReady: AI_MODE_TASKS_READY_PATH, taskGet: AI_MODE_TASK_GET_PATH },
      taskPriceUsd: AI_MODE_STANDARD_PRICE_USD,
      taskBody: aiModeTaskBody,
      read,
    }),
    ask: (request, signal) => askDataForSeoLive({ ...opts, path: AI_MODE_LIVE_PATH, timeoutMs }, fetchImpl, aiModeTaskBody(request), read, signal),
  };
}
