import { MapsSearchFatalError, MapsSearchRetryableError, MapsSearchTimeoutError } from '../maps-search/interface';
import { AiEngineFatalError, AiEngineRetryableError, AiEngineTimeoutError } from './interface';

// The AI adapters reuse the map adapters' HTTP call and DataForSEO envelope reading
// (maps-search/vendor-http.ts, maps-search/dataforseo-parse.ts): the same timeouts, the same
// retryable-or-fatal split, the same Retry-After. Those throw the map search's errors; this
// turns them into the AI engine's, keeping message, wait and cost.

export function asAiError(err: unknown): unknown {
  if (err instanceof MapsSearchTimeoutError) return new AiEngineTimeoutError(err.message);
  if (err instanceof MapsSearchRetryableError) return new AiEngineRetryableError(err.message, err.retryAfterSeconds, err.costUsd);
  if (err instanceof MapsSearchFatalError) return new AiEngineFatalError(err.message, err.costUsd);
  return err;
}

/** Runs a vendor call, rethrowing its failure as the AI engine's error. */
export async function aiVendorCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw asAiError(err);
  }
}
