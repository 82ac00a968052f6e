import { vendorCalls, vendorCost, vendorErrors } from '../../metrics/metrics';
import { type AiEngine, AiEngineFatalError, AiEngineRetryableError, AiEngineTimeoutError } from './interface';

/**
 * A real engine with every vendor call counted for /metrics (docs/operations.md "Metrics"),
 * as the map provider's are, under provider «<vendor>:<engine id>»: live questions, and the
 * standard queue's posts with what they were billed. A timed-out question counts the engine's
 * live list price, since the vendor may have answered and billed it.
 */
export function withAiMetering(engine: AiEngine): AiEngine {
  const provider = `${engine.provider}:${engine.id}`;
  const calls = vendorCalls.labels({ provider, mode: 'live' });
  const errors = vendorErrors.labels({ provider, mode: 'live' });
  const cost = vendorCost.labels({ provider, mode: 'live' });
  const queue = engine.standardQueue;
  const standard = { calls: vendorCalls.labels({ provider, mode: 'standard' }), cost: vendorCost.labels({ provider, mode: 'standard' }), errors: vendorErrors.labels({ provider, mode: 'standard' }) };
  return {
    ...engine,
    ...(queue
      ? {
          standardQueue: {
            ...queue,
            post: async (tasks, signal) => {
              standard.calls.inc();
              const posted = await queue.post(tasks, signal).catch((err: unknown) => {
                standard.errors.inc();
                throw err;
              });
              standard.cost.inc(posted.reduce((sum, t) => sum + t.costUsd, 0));
              return posted;
            },
          },
        }
      : {}),
    async ask(request, signal) {
      calls.inc();
      try {
        const answer = await engine.ask(request, signal);
        cost.inc(answer.costUsd);
        return answer;
      } catch (err) {
        errors.inc();
        if (err instanceof AiEngineTimeoutError) cost.inc(engine.liveCallPriceUsd);
        else if (err instanceof AiEngineRetryableError || err instanceof AiEngineFatalError) cost.inc(err.costUsd);
        throw err;
      }
    },
  };
}
