import { NO_RESULTS, OK, type DataForSeoTask, type OddItemHook, VENDOR, readEnvelope, taskError } from '../maps-search/dataforseo-parse';
import { callVendor } from '../maps-search/vendor-http';
import { type AiAnswer, AiEngineFatalError } from './interface';
import { aiVendorCall } from './vendor-errors';

// What the three DataForSEO engines (AI Mode, AI Overviews, ChatGPT) share: the account, Basic
// auth, and one live call of one task (docs/decisions.md §31.1 and docs/decisions.md §31.9). Each engine says where
// it posts, what the task carries, and how its result reads.

/** DataForSEO's 2,000 calls a minute per account (https://dataforseo.com/google-serp-api-data). */
export const DATAFORSEO_CALLS_PER_MINUTE = 2_000;

export interface DataForSeoAiOptions {
  login: string;
  password: string;
  baseUrl: string;
  timeoutMs?: number;
  onOddItem?: OddItemHook;
  /** The clock findPosted measures its window with; tests pin it. */
  now?: () => Date;
}

export function dataForSeoAuth(opts: Pick<DataForSeoAiOptions, 'login' | 'password' | 'baseUrl'>): { base: string; authorization: string } {
  return { base: opts.baseUrl.replace(/\/$/, ''), authorization: `Basic ${Buffer.from(`${opts.login}:${opts.password}`).toString('base64')}` };
}

/** Our tag, cut to the 255 characters DataForSEO keeps. */
export const tagField = (tag: string | undefined): Record<string, string> => (tag ? { tag: tag.slice(0, 255) } : {});

/**
 * Posts one task to a live endpoint and reads its answer, at the task's own `cost`. A task that
 * ends with 40102 "No Search Results" was asked (and billed) and is an empty answer, not a failure.
 */
export function askDataForSeoLive(
  opts: DataForSeoAiOptions & { path: string; timeoutMs: number },
  fetchImpl: typeof fetch,
  task: Record<string, unknown>,
  read: (task: DataForSeoTask) => Omit<AiAnswer, 'costUsd'>,
  signal: AbortSignal | undefined,
): Promise<AiAnswer> {
  const { base, authorization } = dataForSeoAuth(opts);
  return aiVendorCall(async () => {
    const init = { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify([task]) };
    const answer = await callVendor(VENDOR, fetchImpl, `${base}${opts.path}`, init, opts.timeoutMs, signal);
    const { envelope, retryAfter } = readEnvelope(answer);
    const t = envelope.tasks?.[0];
    if (!t) throw new AiEngineFatalError(`${VENDOR} ha respondido sin la tarea enviada.`, envelope.cost ?? 0);
    const costUsd = t.cost ?? 0;
    if (t.status_code === NO_RESULTS) return { text: '', businesses: [], sources: [], costUsd };
    if (t.status_code !== OK) throw taskError(t.status_code, t.status_message ?? '', retryAfter, costUsd);
    return { ...read(t), costUsd };
  });
}
