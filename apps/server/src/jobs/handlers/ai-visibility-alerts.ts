import { evaluateAiAnalysis } from '../../modules/ai-visibility/ai-alerts.service';
import type { NotifyContainer } from '../../modules/notifications/notifications.service';
import { aiVisibilityAlertsPayload } from '../definitions/ai-visibility-alerts';

/** Works out an AI-visibility analysis's alerts, each notification once by its dedupe key (docs/decisions.md §31.7); a failure is thrown so the job retries. */
export async function handleAiVisibilityAlerts(container: NotifyContainer, data: unknown): Promise<void> {
  const { analysisId } = aiVisibilityAlertsPayload.parse(data);
  const created = await evaluateAiAnalysis(container, analysisId);
  container.log.debug({ analysisId, created }, 'avisos del análisis de IA');
}
