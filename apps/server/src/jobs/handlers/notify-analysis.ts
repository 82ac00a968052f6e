import { evaluateAnalysis, type NotifyContainer } from '../../modules/notifications/notifications.service';
import { notifyAnalysisPayload } from '../definitions/notify-analysis';

/** Works out and records an analysis's notifications, each once (docs/decisions.md §23.2). */
export async function handleNotifyAnalysis(container: NotifyContainer, data: unknown): Promise<void> {
  const { rankMapId } = notifyAnalysisPayload.parse(data);
  const created = await evaluateAnalysis(container, rankMapId);
  container.log.debug({ rankMapId, created }, 'avisos del análisis');
}
