import { vendorCalls, vendorCost, vendorErrors } from '../../metrics/metrics';
import { MapsSearchFatalError, type MapsSearchProvider, MapsSearchRetryableError, type MapsSearchStandardQueue, MapsSearchTimeoutError } from './interface';

/** What a failed call cost: the vendor's figure, or the list price of a call that timed out (it may have run; docs/decisions.md §21.1). */
function failedCallCost(provider: MapsSearchProvider, err: unknown, signal: AbortSignal | undefined): number {
  const timedOut = err instanceof MapsSearchTimeoutError || (signal?.aborted === true && (signal.reason as { name?: string } | undefined)?.name === 'TimeoutError');
  if (timedOut) return provider.liveSearchPriceUsd ?? 0;
  if (err instanceof MapsSearchRetryableError || err instanceof MapsSearchFatalError) return err.costUsd;
  return 0;
}

/** Whether the caller gave up on the call (the scan stopped): not the vendor's failure. */
const cancelled = (signal: AbortSignal | undefined) => signal?.aborted === true && (signal.reason as { name?: string } | undefined)?.name !== 'TimeoutError';

function meteredQueue(name: string, queue: MapsSearchStandardQueue): MapsSearchStandardQueue {
  const calls = vendorCalls.labels({ provider: name, mode: 'standard' });
  const errors = vendorErrors.labels({ provider: name, mode: 'standard' });
  const cost = vendorCost.labels({ provider: name, mode: 'standard' });
  const counted = async <T>(call: () => Promise<T>): Promise<T> => {
    calls.inc();
    try {
      return await call();
    } catch (err) {
      errors.inc();
      if (err instanceof MapsSearchRetryableError || err instanceof MapsSearchFatalError) cost.inc(err.costUsd);
      throw err;
    }
  };
  return {
    maxTasksPerPost: queue.maxTasksPerPost,
    taskPriceUsd: queue.taskPriceUsd,
    async post(tasks, signal) {
      const posted = await counted(() => queue.post(tasks, signal));
      // Each task is billed when posted; a refused one counts as an error.
      cost.inc(posted.reduce((sum, t) => sum + t.costUsd, 0));
      const refused = posted.filter((t) => !t.ok).length;
      if (refused > 0) errors.inc(refused);
      return posted;
    },
    ready: (signal) => counted(() => queue.ready(signal)),
    collect: (taskId, signal) => counted(() => queue.collect(taskId, signal)),
    ...(queue.findPosted ? { findPosted: (tags: string[], since: Date, signal?: AbortSignal) => counted(() => queue.findPosted!(tags, since, signal)) } : {}),
  };
}

/**
 * The provider with every vendor call counted (docs/operations.md "Metrics"): calls, errors and
 * what they cost in USD, by provider and mode (a live search, or the standard queue's posts,
 * polls and collections). The figures are the ones the scan records (rank_results.cost_usd).
 */
export function withMetering(provider: MapsSearchProvider): MapsSearchProvider {
  const calls = vendorCalls.labels({ provider: provider.name, mode: 'live' });
  const errors = vendorErrors.labels({ provider: provider.name, mode: 'live' });
  const cost = vendorCost.labels({ provider: provider.name, mode: 'live' });
  return {
    name: provider.name,
    ...(provider.liveSearchPriceUsd !== undefined ? { liveSearchPriceUsd: provider.liveSearchPriceUsd } : {}),
    ...(provider.liveTimeoutMs !== undefined ? { liveTimeoutMs: provider.liveTimeoutMs } : {}),
    ...(provider.standardQueue ? { standardQueue: meteredQueue(provider.name, provider.standardQueue) } : {}),
    async search(request, signal) {
      calls.inc();
      try {
        const result = await provider.search(request, signal);
        cost.inc(result.costUsd);
        return result;
      } catch (err) {
        if (!cancelled(signal)) errors.inc();
        cost.inc(failedCallCost(provider, err, signal));
        throw err;
      }
    },
  };
}
