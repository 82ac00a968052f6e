import { sleep } from '../../lib/sleep';
import type { MapsSearchProvider } from './interface';

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
