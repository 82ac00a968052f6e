import { MapsSearchRetryableError, MapsSearchTimeoutError } from './interface';

// What the real adapters share: one HTTP call with a timeout, read to the end, with
// network trouble and timeouts turned into retryable errors.

/** How long one vendor call may take, reading the body included. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface VendorAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Sends the request and reads the whole answer. Our timeout and the caller's signal both cancel it; when
 * the caller cancelled, its reason is rethrown untouched, as that is not the vendor's failure.
 */
export async function callVendor(
  vendor: string,
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<VendorAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const res = await fetchImpl(url, { ...init, signal: combined });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) {
      const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
      throw new MapsSearchTimeoutError(`${vendor} no ha respondido en ${limit}.`);
    }
    throw new MapsSearchRetryableError(`No se ha podido conectar con ${vendor}: ${(err as Error).message}`);
  }
}

/** Retry-After in seconds, from either form HTTP allows (seconds or a date); undefined when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The parsed JSON, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
