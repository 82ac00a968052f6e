import { createHash } from 'node:crypto';
import type { Report } from '@rankmaps/shared/schemas/report';
import type { Container } from '../../container';
import type { Tx } from '../../db/client';
import type { ReportPdfAssets } from '../reports/pdf';
import { getCurrentPlanState } from '../billing/billing.service';
import { mailRepository } from '../mail/mail.repository';
import { queueEmail } from '../mail/mail.service';
import { unsubscribeHeaders } from '../notifications/notification-mail';
import { usersRepository } from '../users/users.repository';
import { unsubscribeToken } from './recipient-tokens';
import { REPORT_MAIL_KINDS, unsubscribeUrl } from './recipients.service';
import { reportMailRepository } from './report-mail.repository';
import { reportEmail, sharerName } from './report-mail-templates';

// The report-email job's work (docs/reports.md, "Scheduled report e-mails"; docs/decisions.md §24.6).

/** How long the share link each round's e-mail carries stays valid. */
export const REPORT_SHARE_LINK_DAYS = 90;

/** The report pieces the job uses, built by other modules; a test may swap one (a PDF renderer that fails). */
export interface ReportSendDeps {
  buildPlaceReport(container: Container, ownerId: string, placeId: string): Promise<Report>;
  renderPdf(report: Report, assets: ReportPdfAssets): Promise<Buffer>;
  assetsFor(container: Container, userId: string, report: Report): Promise<ReportPdfAssets>;
  /** A share link to the place report, created through `tx` (so it exists only if the e-mails do). */
  createShareLink(container: Container, tx: Tx, input: { ownerId: string; placeId: string; expiresInDays: number }): Promise<{ id: string; url: string }>;
}

export type SendOutcome = 'sent' | 'skipped' | 'already-done';

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** «informe-clinica-sonrisa-2026-W47.pdf»: the business and the round, in plain letters. */
export function pdfFileName(business: string, round: string): string {
  const slug = business
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `informe-${slug || 'negocio'}-${round.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/**
 * Sends a due round's report, exactly once. Reads and renders first, outside any transaction
 * (the place report, the PDF: a failure is recorded on the round and thrown, so pg-boss retries
 * and no e-mail exists until the PDF does); then, in one transaction holding the round's row,
 * stores the PDF, creates the share link, queues one e-mail per confirmed recipient with the PDF
 * attached (each its own send-email job, through the same transaction) and marks the round sent.
 * A second run, or a run after a crash at any point, finds the round sent, or redoes everything
 * of a transaction that never committed: nothing goes out twice.
 */
export async function sendRoundReport(container: Container, sendId: string, deps: ReportSendDeps): Promise<SendOutcome> {
  const db = container.database.db;
  const send = await reportMailRepository.findSend(db, sendId);
  if (!send || send.status !== 'queued') return 'already-done';
  const place = await reportMailRepository.findPlace(db, send.placeId);
  if (!place) return 'already-done';

  const plan = await getCurrentPlanState(container, place.userId);
  if (plan.planLimits.type === 'free') {
    await reportMailRepository.finish(db, send.id, { status: 'skipped', recipients: 0, lastError: 'El titular no tiene un plan activo.' });
    return 'skipped';
  }
  const confirmed = (await reportMailRepository.listRecipients(db, place.id)).filter((r) => r.state === 'confirmed');
  if (confirmed.length === 0) {
    await reportMailRepository.finish(db, send.id, { status: 'skipped', recipients: 0 });
    return 'skipped';
  }

  let report: Report;
  let pdf: Buffer;
  try {
    report = await deps.buildPlaceReport(container, place.userId, place.id);
    pdf = await deps.renderPdf(report, await deps.assetsFor(container, place.userId, report));
    if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('the PDF renderer returned something that is not a PDF');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await reportMailRepository.recordFailure(db, send.id, message);
    container.log.warn({ sendId, placeId: place.id, err: message }, 'informe por correo: no se pudo preparar el informe; se reintentará');
    throw err;
  }

  const owner = await usersRepository.findById(db, place.userId);
  const sharer = sharerName(owner?.name ?? report.brand.name, report.brand);
  const tokens = new Map<string, string>();
  for (const r of confirmed) tokens.set(r.id, await unsubscribeToken(db, r.id));
  const hash = sha256(pdf);
  const filename = pdfFileName(report.place.name, send.round);

  return db.transaction(async (tx) => {
    const locked = await reportMailRepository.lockSend(tx, send.id);
    if (!locked || locked.status !== 'queued') return 'already-done' as const;
    await mailRepository.storeAttachment(tx, hash, pdf);
    const link = await deps.createShareLink(container, tx, { ownerId: place.userId, placeId: place.id, expiresInDays: REPORT_SHARE_LINK_DAYS });
    // Read again under the round's lock: a recipient who unsubscribed or bounced meanwhile is left out.
    const still = (await reportMailRepository.listRecipients(tx, place.id)).filter((r) => r.state === 'confirmed' && tokens.has(r.id));
    for (const r of still) {
      const url = unsubscribeUrl(container.config.appUrl, tokens.get(r.id)!);
      const mail = reportEmail({ report, round: send.trigger, sharer, recipientName: r.name, shareUrl: link.url, unsubscribeUrl: url, pdfName: filename, appUrl: container.config.appUrl });
      await queueEmail(
        container,
        { to: r.email, ...mail, kind: REPORT_MAIL_KINDS.report, headers: unsubscribeHeaders(url), attachments: [{ filename, contentType: 'application/pdf', sha256: hash, size: pdf.length }] },
        tx,
      );
    }
    await reportMailRepository.finish(tx, send.id, { status: 'sent', recipients: still.length, shareLinkId: link.id, pdfSha256: hash, lastError: null });
    return 'sent' as const;
  });
}
