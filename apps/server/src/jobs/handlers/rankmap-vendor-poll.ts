import { type ScanDeps } from '../../modules/rankmaps/scan/scan.service';
import { pollStandardQueue } from '../../modules/rankmaps/scan/standard-queue.service';
import { rankmapVendorPollPayload } from '../definitions/rankmap-vendor-poll';

/** One poll of the vendor's standard queue for a waiting analysis (docs/decisions.md §21.2); a failure is retried by the queue. */
export async function handleRankmapVendorPoll(deps: ScanDeps, data: unknown): Promise<void> {
  const parsed = rankmapVendorPollPayload.safeParse(data);
  if (!parsed.success) {
    deps.container.log.error({ data }, 'rankmap-vendor-poll: payload no válido');
    return;
  }
  try {
    await pollStandardQueue(deps, parsed.data.rankMapId);
  } catch (err) {
    deps.container.log.error({ err, rankMapId: parsed.data.rankMapId }, 'rankmap-vendor-poll: error');
    throw err;
  }
}
