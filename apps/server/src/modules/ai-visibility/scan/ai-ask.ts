import { type AiAnswer, type AiAnswerRequest, type AiEngine, AiEngineFatalError, AiEngineRetryableError } from '../../../providers/ai-answers/interface';
import { sleep } from '../../../lib/sleep';
import type { RetryPolicy } from '../../rankmaps/scan/point-search';
import type { RateLimiter } from '../../rankmaps/scan/rate-limiter';

/** One call's end: every try's vendor cost summed, as a map scan's point (docs/decisions.md §31.5). */
export type AskOutcome = { ok: true; answer: AiAnswer; costUsd: number } | { ok: false; error: string; fatal: boolean; costUsd: number };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function backoffMs(policy: RetryPolicy, attempt: number, err: unknown): number {
  if (err instanceof AiEngineRetryableError && err.retryAfterSeconds !== undefined && err.retryAfterSeconds >= 0) return Math.min(policy.maxBackoffMs, err.retryAfterSeconds * 1000);
  const base = policy.backoffBaseMs * 2 ** (attempt - 1);
  return Math.min(policy.maxBackoffMs, base / 2 + (Math.random() * base) / 2);
}

/**
 * What a failed try cost: the vendor's own figure when it gave one; for a try that timed out,
 * the engine's live list price, since the vendor may have answered (and billed) without our
 * hearing back.
 */
function failedTryCost(engine: AiEngine, err: unknown, timedOut: boolean): number {
  if (timedOut || (err instanceof Error && err.name === 'AiEngineTimeoutError')) return engine.liveCallPriceUsd;
  if (err instanceof AiEngineRetryableError || err instanceof AiEngineFatalError) return err.costUsd;
  return 0;
}

/**
 * One call (an engine, a point or the city, a sample), as point-search.ts asks a map point:
 * each try takes a request from the vendor's shared rate limit (none for an unlimited engine);
 * 429s, 5xx, timeouts and dropped connections are retried with exponential backoff, a fatal
 * error is not. Every try carries the same tag, so a try asked again after a lost answer is the
 * same question in the vendor's records. Rejects only when `signal` aborts (the run stopped).
 */
export async function askEngine(engine: AiEngine, request: AiAnswerRequest, deps: { limiter: RateLimiter | null; policy: RetryPolicy; signal: AbortSignal }): Promise<AskOutcome> {
  const { limiter, policy, signal } = deps;
  // A slow live answer is let finish rather than abandoned: abandoning it would pay for it twice.
  const timeoutMs = Math.max(policy.requestTimeoutMs, engine.liveTimeoutMs);
  let costUsd = 0;
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    await limiter?.acquire(signal);
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
    timer.unref();
    try {
      const answer = await engine.ask(request, controller.signal);
      return { ok: true, answer, costUsd: costUsd + answer.costUsd };
    } catch (err) {
      signal.throwIfAborted();
      costUsd += failedTryCost(engine, err, controller.signal.aborted);
      if (err instanceof AiEngineFatalError) return { ok: false, error: err.message, fatal: true, costUsd };
      lastError = err;
      if (attempt < policy.maxAttempts) await sleep(backoffMs(policy, attempt, err), signal);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
  return { ok: false, error: messageOf(lastError), fatal: false, costUsd };
}
