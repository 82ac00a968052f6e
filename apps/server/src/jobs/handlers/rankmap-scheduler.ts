import type { Container } from '../../container';
import { enqueueDueCampaignRounds } from '../../modules/campaigns/campaign-scheduler.service';
import { SCAN_DEFAULTS } from '../../modules/rankmaps/scan/scan.service';
import { sweepStaleAiScans } from '../../modules/ai-visibility/scan/ai-scan.service';
import { requeueAiVendorPolls } from '../../modules/ai-visibility/scan/ai-standard-queue.service';
import { sweepStaleScans } from '../../modules/rankmaps/scan/scan-sweeper.service';
import { requeueVendorPolls } from '../../modules/rankmaps/scan/standard-queue.service';

/** Queues the campaign rounds that are due (every place's weekly scan is one), and recovers analyses whose worker died. */
export async function handleRankmapScheduler(container: Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'seaIndex'>, now: Date = new Date()): Promise<void> {
  // Each part runs even if the other fails: a broken campaign round must not stop the recovery of crashed scans.
  const [weekly, swept, polls, aiSwept, aiPolls] = await Promise.allSettled([
    enqueueDueCampaignRounds(container, now),
    sweepStaleScans(container, { staleSeconds: SCAN_DEFAULTS.staleSeconds, maxRuns: SCAN_DEFAULTS.maxRuns }),
    // A waiting analysis whose poll job was lost (its retries spent) gets one again; a queued one is left alone.
    requeueVendorPolls(container),
    // AI-visibility analyses whose worker went silent, the same way (docs/decisions.md §31.4).
    sweepStaleAiScans(container),
    // And AI analyses waiting on an engine's standard queue whose poll was lost (docs/decisions.md §31.16).
    requeueAiVendorPolls(container),
  ]);
  const queued = weekly.status === 'fulfilled' ? weekly.value : 0;
  const { requeued, failed } = swept.status === 'fulfilled' ? swept.value : { requeued: 0, failed: 0 };
  const ai = aiSwept.status === 'fulfilled' ? aiSwept.value : { requeued: 0, failed: 0 };
  if (queued > 0 || requeued > 0 || failed > 0 || ai.requeued > 0 || ai.failed > 0) container.log.info({ queued, requeued, failed, ai }, 'rankmap scheduler');
  for (const r of [weekly, swept, polls, aiSwept, aiPolls]) if (r.status === 'rejected') throw r.reason;
}
