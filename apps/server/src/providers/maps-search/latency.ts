import type { MapsSearchProvider } from './interface';

/** Resolves after `ms`, or rejects at once when the scan is aborted. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The provider, answering `ms` later: a real vendor takes a second or two per search, and
 * the demo's instant answers would hide the progress a user watches (DEMO_SEARCH_LATENCY_MS).
 */
export function withLatency(provider: MapsSearchProvider, ms: number): MapsSearchProvider {
  return {
    name: provider.name,
    async search(request, signal) {
      await sleep(ms, signal);
      return provider.search(request, signal);
    },
  };
}
