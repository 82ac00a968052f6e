import { summarizeRoundAfterAnalysis } from '../../modules/campaigns/round-summary.service';
import { recordListingFromAnalysis } from '../../modules/listing-guard/listing-guard.service';
import { evaluateAnalysis, type NotifyContainer } from '../../modules/notifications/notifications.service';
import { reportRoundAfterAnalysis } from '../../modules/report-mail/report-rounds.service';
import { emitAnalysisEvents } from '../../modules/webhooks/webhook-facts.service';
import { notifyAnalysisPayload } from '../definitions/notify-analysis';

/**
 * Works out and records an analysis's notifications, each once (docs/decisions.md §23.2), the
 * summary of the round it ends, if it does (docs/decisions.md §25.6), and,
 * for a weekly analysis that ends its place's round, records the round's report e-mail as due
 * (docs/decisions.md §24.6), and makes its webhook events. One after the other (PGlite has one connection); each runs even if
 * the other fails, and a failure is thrown so the job retries (both are idempotent).
 */
export async function handleNotifyAnalysis(container: NotifyContainer, data: unknown): Promise<void> {
  const { rankMapId } = notifyAnalysisPayload.parse(data);
  let failure: unknown = null;
  try {
    // The listing guard first (docs/decisions.md §32.2): the alerts below announce the changes it records.
    const changes = await recordListingFromAnalysis(container, rankMapId);
    if (changes.length > 0) container.log.info({ rankMapId, fields: changes.map((c) => c.field) }, 'cambios en la ficha');
    const created = await evaluateAnalysis(container, rankMapId);
    container.log.debug({ rankMapId, created }, 'avisos del análisis');
  } catch (err) {
    failure = err;
  }
  try {
    // The campaign's or weekly scan's round summary, once the round's last analysis ends (docs/decisions.md §25.6).
    if (await summarizeRoundAfterAnalysis(container, rankMapId)) container.log.info({ rankMapId }, 'ronda terminada: resumen creado');
  } catch (err) {
    failure ??= err;
  }
  try {
    const round = await reportRoundAfterAnalysis(container, rankMapId);
    if (round) container.log.info({ placeId: round.placeId, round: round.round }, 'ronda terminada: informe por correo en cola');
  } catch (err) {
    failure ??= err;
  }
  try {
    // The analysis's webhook events (docs/decisions.md §26.4), each delivery made once.
    await emitAnalysisEvents(container, rankMapId);
  } catch (err) {
    failure ??= err;
  }
  if (failure) throw failure;
}
