import type { Container } from '../../container';
import { type ReportSendDeps, sendRoundReport } from '../../modules/report-mail/report-send.service';
import { reportSendDeps } from '../../modules/report-mail/report-send.deps';
import { reportEmailPayload } from '../definitions/report-email';

/** Builds a due round's report and PDF and queues its e-mails, once (docs/decisions.md §24.6). */
export async function handleReportEmail(container: Container, data: unknown, deps: ReportSendDeps = reportSendDeps): Promise<void> {
  const { sendId } = reportEmailPayload.parse(data);
  const outcome = await sendRoundReport(container, sendId, deps);
  container.log.debug({ sendId, outcome }, 'informe por correo');
}
