import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { getPlan } from '@rankmaps/shared/plans';
import type { SupportTicketState, SupportTicketSummary, SupportTicketThread, supportTicketRequestSchema } from '@rankmaps/shared/schemas/support';
import type { DbOrTx } from '../../db/client';
import type { Container } from '../../container';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { getPlanState } from '../billing';
import { CAPTCHA_FAILED_MESSAGE } from '../contact/contact.service';
import { queueEmail } from '../mail/mail.service';
import { buildSupportConfirmationEmail, buildSupportInboxEmail } from './support.email';
import { type SupportTicketRow, type SupportTicketSummaryRow, supportRepository } from './support.repository';

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

  return createTicket(container, sender, input);
}

/**
 * Writes a ticket, the support-inbox e-mail and the sender's confirmation in one transaction,
 * so none of them exists without the others. The form (after its captcha) and the live chat
 * outside hours (docs/support.md, «Chat en vivo») both come here.
 */
export async function createTicket(
  container: Pick<Container, 'boss' | 'config' | 'database'>,
  sender: { id: string; name: string; email: string },
  input: Pick<SupportTicketInput, 'category' | 'priority' | 'subject' | 'message'>,
  /** The ticket's id when the caller has one already (the chat's message id, so a retry makes no second ticket). */
  id: string = randomUUID(),
): Promise<{ reference: string }> {
  const db = container.database.db;
  const plan = await getPlanState(container, sender.id);
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

/** A ticket row as the lists show it. */
export function ticketSummary(r: SupportTicketSummaryRow): SupportTicketSummary {
  return {
    reference: r.reference,
    subject: r.subject,
    category: r.category as SupportTicketSummary['category'],
    priority: r.priority as SupportTicketSummary['priority'],
    createdAt: r.createdAt.toISOString(),
    lastActivityAt: r.lastActivityAt.toISOString(),
    state: r.state as SupportTicketState,
  };
}

/** The user's own tickets, newest activity first, each with its state (docs/support.md). */
export async function listSupportTickets(container: Pick<Container, 'database'>, userId: string): Promise<SupportTicketSummary[]> {
  const rows = await supportRepository.listByUser(container.database.db, userId, SUPPORT_TICKETS_LISTED);
  return rows.map(ticketSummary);
}

/** The ticket's own message first, then the thread, oldest first. */
export async function threadOf(db: DbOrTx, ticket: SupportTicketRow): Promise<SupportTicketThread> {
  const messages = await supportRepository.messagesOf(db, ticket.id);
  return {
    ...ticketSummary(ticket),
    messages: [
      { author: 'cliente', body: ticket.message, createdAt: ticket.createdAt.toISOString() },
      ...messages.map((m) => ({ author: m.author as 'cliente' | 'operador', body: m.body, createdAt: m.createdAt.toISOString() })),
    ],
  };
}

/** A reference as a path gives it: trimmed and upper-cased ('tk-1a2b3c4d' finds TK-1A2B3C4D). */
export const normalReference = (reference: string) => reference.trim().toUpperCase();

export const TICKET_NOT_FOUND = 'Ticket no encontrado.';

/** One of the user's own tickets with its thread; anyone else's answers 404 like a missing one. */
export async function getOwnTicket(container: Pick<Container, 'database'>, userId: string, reference: string): Promise<SupportTicketThread> {
  const db = container.database.db;
  const ticket = await supportRepository.findByReference(db, normalReference(reference), userId);
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return threadOf(db, ticket);
}

/** The customer's reply in their own ticket's thread: stored, and the ticket (re)opens for the support team. */
export async function replyAsCustomer(container: Pick<Container, 'database'>, userId: string, reference: string, body: string): Promise<SupportTicketThread> {
  const db = container.database.db;
  return db.transaction(async (tx) => {
    const ticket = await supportRepository.findByReference(tx, normalReference(reference), userId);
    if (!ticket) throw notFound(TICKET_NOT_FOUND);
    await supportRepository.addMessage(tx, ticket.id, { author: 'cliente', operatorId: null, body }, 'abierto');
    const updated = await supportRepository.findByReference(tx, ticket.reference);
    return threadOf(tx, updated!);
  });
}
