import { type AiScanDeps, failAiScan, runAiScan } from '../../modules/ai-visibility/scan/ai-scan.service';
import { aiVisibilityScanPayload } from '../definitions/ai-visibility-scan';

/** Runs the AI-visibility analysis; after the job's last failed try, the analysis fails instead of waiting forever. */
export async function handleAiVisibilityScan(deps: AiScanDeps, data: unknown, isLastAttempt: boolean): Promise<void> {
  const parsed = aiVisibilityScanPayload.safeParse(data);
  if (!parsed.success) {
    deps.container.log.error({ data }, 'ai-visibility-scan: payload no válido');
    return;
  }
  try {
    await runAiScan(deps, parsed.data.analysisId);
  } catch (err) {
    deps.container.log.error({ err, analysisId: parsed.data.analysisId }, 'ai-visibility-scan: error');
    if (isLastAttempt) await failAiScan(deps, parsed.data.analysisId);
    throw err;
  }
}
