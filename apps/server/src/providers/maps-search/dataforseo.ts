import { DATAFORSEO_DEPTH, NO_RESULTS, OK, type OddItemHook, VENDOR, locationCoordinate, readEnvelope, readSerp, taskBody, taskError } from './dataforseo-parse';
import { createDataForSeoStandardQueue } from './dataforseo-queue';
import { MapsSearchFatalError, type MapsSearchProvider, type MapsSearchRequest } from './interface';
import { callVendor } from './vendor-http';

// DataForSEO Google Maps SERP, live mode, advanced results:
// https://docs.dataforseo.com/v3/serp/google/maps/live/advanced/
// One task per call; the search stands at location_coordinate "lat,lng,zoomz".

export { DATAFORSEO_DEPTH, locationCoordinate };
export const DATAFORSEO_LIVE_PATH = '/v3/serp/google/maps/live/advanced';
/**
 * List prices per SERP (https://dataforseo.com/pricing/serp/google-maps-serp-api): live
 * $0.002, standard queue at normal priority $0.0006. What a timed-out live call may have cost.
 */
export const DATAFORSEO_LIVE_PRICE_USD = 0.002;
export const DATAFORSEO_STANDARD_PRICE_USD = 0.0006;
/**
 * How long a live call may take. The docs give no ceiling, only "up to 6 seconds on average";
 * 120 s lets a slow SERP finish rather than be abandoned (and billed) and asked again.
 */
export const DATAFORSEO_LIVE_TIMEOUT_MS = 120_000;

export interface DataForSeoOptions {
  login: string;
  password: string;
  baseUrl: string;
  /** Defaults to DATAFORSEO_LIVE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Told of each SERP item skipped as unreadable or of an unknown type (the provider index logs it). */
  onOddItem?: OddItemHook;
}

export function createDataForSeoProvider(opts: DataForSeoOptions, fetchImpl: typeof fetch = fetch): MapsSearchProvider {
  const base = opts.baseUrl.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${opts.login}:${opts.password}`).toString('base64')}`;
  const timeoutMs = opts.timeoutMs ?? DATAFORSEO_LIVE_TIMEOUT_MS;
  const onOddItem: OddItemHook = opts.onOddItem ?? (() => {});

  return {
    name: 'dataforseo',
    liveSearchPriceUsd: DATAFORSEO_LIVE_PRICE_USD,
    liveTimeoutMs: timeoutMs,
    standardQueue: createDataForSeoStandardQueue({ base, authorization, onOddItem }, fetchImpl),
    async search(request: MapsSearchRequest, signal?: AbortSignal) {
      const answer = await callVendor(
        VENDOR,
        fetchImpl,
        `${base}${DATAFORSEO_LIVE_PATH}`,
        { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify([taskBody(request)]) },
        timeoutMs,
        signal,
      );
      const { envelope, retryAfter } = readEnvelope(answer);
      const task = envelope.tasks?.[0];
      if (!task) throw new MapsSearchFatalError(`${VENDOR} ha respondido sin la tarea enviada.`, envelope.cost ?? 0);
      const costUsd = task.cost ?? 0;
      // 40102 "No Search Results": the search ran (and is billed) and nothing is there.
      if (task.status_code === NO_RESULTS) return { organic: [], ads: [], costUsd };
      if (task.status_code !== OK) throw taskError(task.status_code, task.status_message ?? '', retryAfter, costUsd);
      return { ...readSerp(task, onOddItem), costUsd };
    },
  };
}
