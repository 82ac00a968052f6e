import {
  type AddReportRecipientRequest,
  MAX_REPORT_RECIPIENTS,
  type ReportRecipient,
  type ReportRecipientsResponse,
  addReportRecipientRequestSchema,
} from '@rankmaps/shared/schemas/report-mail';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { requirePaidPlan } from '../billing/plan-access.service';
import type { EmailRow } from '../mail/mail.repository';
import { queueEmail } from '../mail/mail.service';
import { PLACE_NOT_FOUND, ownedOr404 } from '../places/places.service';
import { reportBrandFor } from '../reports/report-brand';
import { usersRepository } from '../users/users.repository';
import { hashConfirmToken, isConfirmTokenShape, newConfirmToken, readUnsubscribeToken } from './recipient-tokens';
import { type ReportRecipientRow, reportMailRepository } from './report-mail.repository';
import { recipientConfirmationEmail, sharerName } from './report-mail-templates';
import { isUuid } from '../../lib/uuid';

export const RECIPIENT_NOT_FOUND = 'Destinatario no encontrado.';
export const RECIPIENT_EXISTS = 'Esa dirección ya está en la lista de destinatarios de este negocio.';
export const RECIPIENT_LIMIT = `Solo puedes tener hasta ${MAX_REPORT_RECIPIENTS} destinatarios por negocio. Quita uno para añadir otro.`;

/** The e-mail kinds of report recipients: a permanent refusal of one of them marks the address bounced. */
export const REPORT_MAIL_KINDS = { confirm: 'report-recipient-confirm', report: 'report-email' } as const;

export const presentRecipient = (row: ReportRecipientRow): ReportRecipient => ({
  id: row.id,
  email: row.email,
  name: row.name,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
});

async function listOf(db: DbOrTx, placeId: string): Promise<ReportRecipientsResponse> {
  return { recipients: (await reportMailRepository.listRecipients(db, placeId)).map(presentRecipient), max: MAX_REPORT_RECIPIENTS };
}

export async function listRecipients(container: Pick<Container, 'database'>, userId: string, placeId: string): Promise<ReportRecipientsResponse> {
  const place = await ownedOr404(container, userId, placeId);
  return listOf(container.database.db, place.id);
}

/** The public confirmation link of a recipient's token. */
export const confirmUrl = (appUrl: string, token: string) => `${appUrl}/api/report-recipients/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (appUrl: string, token: string) => `${appUrl}/api/report-recipients/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * Adds a recipient and queues its confirmation e-mail in the same transaction. The count and
 * the duplicate check run under the place's row lock, so two adds at once cannot make an
 * eleventh; the unique (place, lower(email)) index backs the duplicate check. An address already
 * on the list, whatever its state, is a 409: the confirmation is never sent twice by adding
 * again (docs/decisions.md §24.6).
 */
export async function addRecipient(
  container: Pick<Container, 'boss' | 'config' | 'database' | 'log'>,
  userId: string,
  placeId: string,
  input: AddReportRecipientRequest,
): Promise<{ recipient: ReportRecipient; list: ReportRecipientsResponse }> {
  const place = await ownedOr404(container, userId, placeId);
  await requirePaidPlan(container, userId);
  const { email, name } = addReportRecipientRequestSchema.parse(input);
  const db = container.database.db;
  // Read before the transaction: on PGlite nothing may read through the pool while one is open.
  const owner = await usersRepository.findById(db, userId);
  const brand = await reportBrandFor(container, userId);
  const sharer = sharerName(owner?.name ?? 'Tu agencia', brand);
  const { token, hash } = newConfirmToken();
  return db.transaction(async (tx) => {
    if (!(await reportMailRepository.lockPlace(tx, place.id))) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
    const current = await reportMailRepository.listRecipients(tx, place.id);
    if (current.some((r) => r.email.toLowerCase() === email)) throw conflict(RECIPIENT_EXISTS, 'RECIPIENT_EXISTS');
    if (current.length >= MAX_REPORT_RECIPIENTS) throw conflict(RECIPIENT_LIMIT, 'RECIPIENT_LIMIT');
    const row = await reportMailRepository.insertRecipient(tx, { placeId: place.id, email, name, confirmTokenHash: hash });
    if (!row) throw conflict(RECIPIENT_EXISTS, 'RECIPIENT_EXISTS');
    const mail = recipientConfirmationEmail({ business: place.name, sharer, recipientName: name, brand, link: confirmUrl(container.config.appUrl, token) });
    await queueEmail(container, { to: email, ...mail, kind: REPORT_MAIL_KINDS.confirm }, tx);
    return { recipient: presentRecipient(row), list: await listOf(tx, place.id) };
  });
}

export async function removeRecipient(container: Pick<Container, 'database'>, userId: string, placeId: string, recipientId: string): Promise<ReportRecipientsResponse> {
  const place = await ownedOr404(container, userId, placeId);
  if (!isUuid(recipientId)) throw notFound(RECIPIENT_NOT_FOUND, 'RECIPIENT_NOT_FOUND');
  if (!(await reportMailRepository.deleteRecipient(container.database.db, place.id, recipientId))) throw notFound(RECIPIENT_NOT_FOUND, 'RECIPIENT_NOT_FOUND');
  return listOf(container.database.db, place.id);
}

/** What a recipient page knows about a valid link: the recipient, the business, and its owner (whose brand signs the page). */
export interface RecipientLink {
  recipient: ReportRecipientRow;
  business: string;
  ownerId: string;
}

async function linkOf(db: DbOrTx, recipient: ReportRecipientRow | null | undefined): Promise<RecipientLink | null> {
  if (!recipient) return null;
  const place = await reportMailRepository.placeAndOwner(db, recipient.placeId);
  return place === null ? null : { recipient, business: place.name, ownerId: place.ownerId };
}

/** What the confirmation page shows about a token, or null when the link is not valid. */
export async function readConfirmation(container: Pick<Container, 'database'>, token: string): Promise<RecipientLink | null> {
  if (!isConfirmTokenShape(token)) return null;
  const db = container.database.db;
  return linkOf(db, await reportMailRepository.findRecipientByTokenHash(db, hashConfirmToken(token)));
}

/**
 * Confirms the recipient of a token: pending → confirmed. A recipient already confirmed stays
 * so; one that bounced or unsubscribed is not brought back by an old link (`changed` false).
 */
export async function confirmRecipient(container: Pick<Container, 'database'>, token: string): Promise<(RecipientLink & { changed: boolean }) | null> {
  const found = await readConfirmation(container, token);
  if (!found) return null;
  const confirmed = await reportMailRepository.confirm(container.database.db, found.recipient.id);
  return confirmed ? { ...found, recipient: confirmed, changed: true } : { ...found, changed: false };
}

export async function readUnsubscribe(container: Pick<Container, 'database'>, token: string): Promise<RecipientLink | null> {
  const id = await readUnsubscribeToken(container.database.db, token);
  if (!id) return null;
  return linkOf(container.database.db, await reportMailRepository.findRecipientById(container.database.db, id));
}

export async function unsubscribeRecipient(container: Pick<Container, 'database'>, token: string): Promise<{ business: string; email: string; ownerId: string } | null> {
  const found = await readUnsubscribe(container, token);
  if (!found) return null;
  await reportMailRepository.unsubscribe(container.database.db, found.recipient.id);
  return { business: found.business, email: found.recipient.email, ownerId: found.ownerId };
}

/** A report recipient's address refused for good by the mail server: it is never sent to again. */
export async function recordReportBounce(container: Pick<Container, 'database' | 'log'>, email: Pick<EmailRow, 'kind' | 'to'>, reason: string): Promise<void> {
  if (email.kind !== REPORT_MAIL_KINDS.confirm && email.kind !== REPORT_MAIL_KINDS.report) return;
  const marked = await reportMailRepository.markBounced(container.database.db, email.to, reason);
  if (marked > 0) container.log.info({ kind: email.kind, marked }, 'destinatario de informes marcado como rebotado');
}
