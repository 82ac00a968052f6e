import { type ScanDeps, failScan, runScan } from '../../modules/rankmaps/scan/scan.service';
import { rankmapScanPayload } from '../definitions/rankmap-scan';

/** Runs the analysis; after the job's last failed try, the analysis fails instead of waiting forever. */
export async function handleRankmapScan(deps: ScanDeps, data: unknown, isLastAttempt: boolean): Promise<void> {
  const parsed = rankmapScanPayload.safeParse(data);
  if (!parsed.success) {
    deps.container.log.error({ data }, 'rankmap-scan: payload no válido');
    return;
  }
  try {
    await runScan(deps, parsed.data.rankMapId);
  } catch (err) {
    deps.container.log.error({ err, rankMapId: parsed.data.rankMapId }, 'rankmap-scan: error');
    if (isLastAttempt) await failScan(deps, parsed.data.rankMapId);
    throw err;
  }
}
