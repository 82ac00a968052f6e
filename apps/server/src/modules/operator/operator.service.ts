import { getPlan } from '@rankmaps/shared/plans';
import type { OperatorCustomer, OperatorTicketSummary, OperatorTicketThread, SupportTicketState } from '@rankmaps/shared/schemas/support';
import type { Container } from '../../container';
import type { Database, DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { getCurrentPlanState } from '../billing/billing.service';
import { queueEmail } from '../mail/mail.service';
import { buildSupportAnswerEmail } from '../support/support.email';
import { type SupportTicketRow, supportRepository } from '../support/support.repository';
import { TICKET_NOT_FOUND, normalReference, threadOf, ticketSummary } from '../support/support.service';
import { operatorRepository } from './operator.repository';

/**
 * The operator role (docs/support.md, docs/decisions.md §27.1). Only `npm run operator:add`
 * grants it (operator-cli.ts calls grantOperator); no route, sign-up, profile update or
 * development parameter writes the operators table.
 */

export type OperatorCommandResult = { ok: true; message: string } | { ok: false; message: string };

/** `npm run operator:add -- email`: the account with that e-mail becomes an operator. */
export async function grantOperator(database: Pick<Database, 'db'>, email: string): Promise<OperatorCommandResult> {
  const user = await operatorRepository.findUserByEmail(database.db, email);
  if (!user) return { ok: false, message: `No hay ninguna cuenta con el email ${email.trim()}. La persona debe registrarse primero.` };
  const added = await operatorRepository.grant(database.db, user.id);
  return { ok: true, message: added ? `${user.email} ya es operador de soporte.` : `${user.email} ya era operador de soporte; no cambia nada.` };
}

/** `npm run operator:remove -- email`: the account loses the role. */
export async function revokeOperator(database: Pick<Database, 'db'>, email: string): Promise<OperatorCommandResult> {
  const user = await operatorRepository.findUserByEmail(database.db, email);
  if (!user) return { ok: false, message: `No hay ninguna cuenta con el email ${email.trim()}.` };
  const removed = await operatorRepository.revoke(database.db, user.id);
  return { ok: true, message: removed ? `${user.email} ya no es operador de soporte.` : `${user.email} no era operador de soporte; no cambia nada.` };
}

/** How many tickets the inbox lists at once. */
export const OPERATOR_TICKETS_LISTED = 200;

const withCustomer = <T extends object>(t: T, row: Pick<SupportTicketRow, 'userName' | 'userEmail'>) => ({ ...t, customerName: row.userName, customerEmail: row.userEmail });

export async function listInbox(container: Pick<Container, 'database'>, state: SupportTicketState | undefined): Promise<OperatorTicketSummary[]> {
  const rows = await supportRepository.listAll(container.database.db, state, OPERATOR_TICKETS_LISTED);
  return rows.map((r) => withCustomer(ticketSummary(r), r));
}

async function ticketOrMissing(db: DbOrTx, reference: string): Promise<SupportTicketRow> {
  const ticket = await supportRepository.findByReference(db, normalReference(reference));
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return ticket;
}

export async function getInboxTicket(container: Pick<Container, 'database'>, reference: string): Promise<OperatorTicketThread> {
  const db = container.database.db;
  const ticket = await ticketOrMissing(db, reference);
  return withCustomer(await threadOf(db, ticket), ticket);
}

/**
 * An operator's answer: stored in the thread, the ticket left waiting for the customer (or in
 * the state the operator chose), and the answer queued by e-mail to the customer, in one
 * transaction.
 */
export async function answerTicket(
  container: Pick<Container, 'boss' | 'config' | 'database'>,
  operatorId: string,
  reference: string,
  input: { body: string; state?: SupportTicketState | undefined },
): Promise<OperatorTicketThread> {
  return container.database.db.transaction(async (tx) => {
    const ticket = await ticketOrMissing(tx, reference);
    const state = input.state ?? 'esperando';
    await supportRepository.addMessage(tx, ticket.id, { author: 'operador', operatorId, body: input.body }, state);
    // The customer's current address: the one on the ticket may be out of date.
    const customer = await operatorRepository.findUser(tx, ticket.userId);
    await queueEmail(
      container,
      buildSupportAnswerEmail({
        reference: ticket.reference,
        subject: ticket.subject,
        userName: customer?.name ?? ticket.userName,
        userEmail: customer?.email ?? ticket.userEmail,
        body: input.body,
        appUrl: container.config.appUrl,
        closed: state === 'cerrado',
      }),
      tx,
    );
    const updated = await ticketOrMissing(tx, ticket.reference);
    return withCustomer(await threadOf(tx, updated), updated);
  });
}

export async function setTicketState(container: Pick<Container, 'database'>, reference: string, state: SupportTicketState): Promise<OperatorTicketThread> {
  const db = container.database.db;
  const ticket = await ticketOrMissing(db, reference);
  await supportRepository.setState(db, ticket.id, state);
  return withCustomer(await threadOf(db, { ...ticket, state }), ticket);
}

/** What a look at the customer panel shows, as the audit log records it. */
export const CUSTOMER_LOOK = 'plan y negocios';

/**
 * The customer panel of a ticket: the customer's plan and businesses, read-only. The look is
 * written to the audit log (operator, customer, when, what) before anything is answered.
 */
export async function lookAtCustomer(container: Pick<Container, 'config' | 'database'>, operatorId: string, reference: string): Promise<OperatorCustomer> {
  const db = container.database.db;
  const ticket = await ticketOrMissing(db, reference);
  const [customer, operator] = await Promise.all([operatorRepository.findUser(db, ticket.userId), operatorRepository.findUser(db, operatorId)]);
  if (!customer || !operator) throw notFound(TICKET_NOT_FOUND);
  await operatorRepository.logLook(db, { operatorId, operatorEmail: operator.email, customerId: customer.id, ticketReference: ticket.reference, what: CUSTOMER_LOOK });
  const [planState, placeRows] = await Promise.all([getCurrentPlanState(container, customer.id), operatorRepository.placesOf(db, customer.id)]);
  const plan = planState.plan ?? getPlan(planState.currentPlan);
  return {
    name: customer.name,
    email: customer.email,
    plan: { id: plan?.id ?? null, name: plan?.name ?? 'Free', liveSupport: plan?.liveSupport ?? false },
    places: placeRows.map((p) => ({ name: p.name, address: p.address || null })),
  };
}
