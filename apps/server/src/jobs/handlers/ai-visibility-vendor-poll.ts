import type { AiScanDeps } from '../../modules/ai-visibility/scan/ai-scan.service';
import { pollAiStandardQueue } from '../../modules/ai-visibility/scan/ai-standard-queue.service';
import { aiVisibilityVendorPollPayload } from '../definitions/ai-visibility-vendor-poll';

/** One poll of the engines' standard queues for a waiting AI analysis (docs/decisions.md §31.16); a failure is retried by the queue. */
export async function handleAiVisibilityVendorPoll(deps: AiScanDeps, data: unknown): Promise<void> {
  const parsed = aiVisibilityVendorPollPayload.safeParse(data);
  if (!parsed.success) {
    deps.container.log.error({ data }, 'ai-visibility-vendor-poll: payload no válido');
    return;
  }
  try {
    await pollAiStandardQueue(deps, parsed.data.analysisId);
  } catch (err) {
    deps.container.log.error({ err, analysisId: parsed.data.analysisId }, 'ai-visibility-vendor-poll: error');
    throw err;
  }
}
