import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { getPlan } from '@rankmaps/shared/plans';
import type { SupportTicketSummary, supportTicketRequestSchema } from '@rankmaps/shared/schemas/support';
import type { Container } from '../../container';
import { badRequest, forbidden, unauthorized } from '../../errors';
import { getPlanState } from '../billing';
import { CAPTCHA_FAILED_MESSAGE } from '../contact/contact.service';
import { queueEmail } from '../mail/mail.service';
import { buildSupportConfirmationEmail, buildSupportInboxEmail } from './support.email';
import { supportRepository } from './support.repository';

export const SUPPORT_TICKET_SENT_MESSAGE = 'Ticket creado';

/** Validated input: trimmed subject and message, known category and priority. */
export type SupportTicketInput = z.output<typeof supportTicketRequestSchema>;

/** 'TK-' and the first 8 hex digits of the ticket's id, upper-cased: short enough to read out on a call. */
export const ticketReference = (id: string) => `TK-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;

/**
 * A signed-in user's ticket. The sender's id, e-mail and name come from the session's
 * account, never from the body (anyone can put another address there). The captcha is
 * checked first; then the ticket, the support-inbox e-mail and the user's confirmation
 * are written in one transaction, so none of them exists without the others.
 */
export async function sendSupportTicket(container: Pick<Container, 'boss' | 'captcha' | 'config' | 'database'>, userId: string, input: SupportTicketInput, remoteIp: string): Promise<{ reference: string }> {
  const db = container.database.db;
  const sender = await supportRepository.findSender(db, userId);
  if (!sender) throw unauthorized();
  // The confirmation goes to the account's address: only once it is proven to be theirs.
  if (!sender.mailConfirmed) throw forbidden('Confirma tu email antes de enviar un ticket de soporte.', 'EMAIL_NOT_CONFIRMED', 'email_not_confirmed');

  const human = await container.captcha.verify(input.recaptcha, remoteIp);
  if (!human) throw badRequest(CAPTCHA_FAILED_MESSAGE, 'CAPTCHA_FAILED');

  const plan = await getPlanState(container, userId);
  const id = randomUUID();
  const reference = ticketReference(id);
  const { category, priority, subject, message } = input;
  const ticket = { reference, category, priority, subject, message, userName: sender.name, userEmail: sender.email };
  await db.transaction(async (tx) => {
    await supportRepository.insert(tx, { id, userId: sender.id, ...ticket });
    const planName = getPlan(plan.currentPlan)?.name ?? 'Free';
    await queueEmail(container, buildSupportInboxEmail({ ...ticket, userId: sender.id, planName, supportEmail: container.config.supportEmail }), tx);
    await queueEmail(container, buildSupportConfirmationEmail(ticket), tx);
  });
  return { reference };
}

/** How many tickets /support lists: a person's whole history in practice; a bot's is cut. */
export const SUPPORT_TICKETS_LISTED = 100;

/** The user's own tickets, newest first (docs/decisions.md §22.5). Every one is 'recibido': replies go by e-mail. */
export async function listSupportTickets(container: Pick<Container, 'database'>, userId: string): Promise<SupportTicketSummary[]> {
  const rows = await supportRepository.listByUser(container.database.db, userId, SUPPORT_TICKETS_LISTED);
  return rows.map((r) => ({
    reference: r.reference,
    subject: r.subject,
    category: r.category as SupportTicketSummary['category'],
    priority: r.priority as SupportTicketSummary['priority'],
    createdAt: r.createdAt.toISOString(),
    state: 'recibido',
  }));
}
