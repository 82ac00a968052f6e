import { PLANS, type Plan } from '@rankmaps/shared/plans';
import { type WorkspaceRole, takesSeat } from '@rankmaps/shared/permissions';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../errors';
import { getCurrentPlanState } from '../billing/billing.service';
import { teamRepository } from './team.repository';

// Member seats (docs/decisions.md §30.3): members besides the owner and open invitations,
// counted against the plan's `seats`; Cliente viewers are free on the agency plans.

export interface SeatUse {
  used: number;
  /** null: unlimited. */
  limit: number | null;
  plan: Plan | undefined;
}

const onAgencyPlan = (plan: Plan | undefined) => plan?.category === 'professional';
/** Without a plan there is no seat to give. */
const limitOf = (plan: Plan | undefined) => (plan ? plan.seats : 0);
const more = (a: number | null, b: number | null) => a === null || (b !== null && a > b);
const members = (n: number) => `${n} ${n === 1 ? 'miembro' : 'miembros'}`;

/** The cheapest plan with more seats than `plan`, to name in a refusal. */
export function planWithMoreSeats(plan: Plan | undefined): Plan | undefined {
  const current = limitOf(plan);
  return [...PLANS].sort((a, b) => a.monthlyPrice - b.monthlyPrice).find((p) => more(p.seats, current));
}

export function seatsFullMessage(plan: Plan | undefined): string {
  const next = planWithMoreSeats(plan);
  if (!plan) return `Para invitar a miembros necesitas un plan: ${next?.name ?? 'Básico'} incluye ${members(next?.seats ?? 1)}.`;
  const upgrade = next ? ` Pasa a ${next.name} para invitar a más.` : '';
  return `Tu plan ${plan.name} incluye ${members(plan.seats ?? 0)}.${upgrade}`;
}

export function countSeats(holders: readonly { role: WorkspaceRole }[], plan: Plan | undefined): number {
  return holders.filter((h) => takesSeat(h.role, onAgencyPlan(plan))).length;
}

/** The workspace's plan, read before a transaction (the plan state reads through the pool, not the transaction). */
export async function workspacePlan(container: Pick<Container, 'config' | 'database'>, workspaceId: string): Promise<Plan | undefined> {
  return (await getCurrentPlanState(container, workspaceId)).plan;
}

/** Seats taken now in the workspace, and its plan's number. */
export async function seatUse(db: DbOrTx, workspaceId: string, plan: Plan | undefined): Promise<SeatUse> {
  return { used: countSeats(await teamRepository.seatHolders(db, workspaceId), plan), limit: limitOf(plan), plan };
}

/**
 * Refuses (403, naming the plan that allows it) one more seat-taking role. Call inside the
 * transaction that adds it, after teamRepository.lockWorkspace, so two invitations sent at once
 * cannot both take the last seat.
 */
export async function requireFreeSeat(tx: DbOrTx, workspaceId: string, role: WorkspaceRole, plan: Plan | undefined): Promise<void> {
  if (!takesSeat(role, onAgencyPlan(plan))) return;
  const use = await seatUse(tx, workspaceId, plan);
  if (use.limit !== null && use.used + 1 > use.limit) throw forbidden(seatsFullMessage(plan), 'SEATS_FULL', 'upgrade_required');
}

export { onAgencyPlan };

/**
 * For a move to `target` (a plan change): null when the team fits its seats, else one Spanish
 * sentence naming whom to remove (the members and invitations that take a seat there).
 */
export async function seatsOverMessage(db: DbOrTx, workspaceId: string, target: Plan): Promise<string | null> {
  const holders = (await teamRepository.seatHolders(db, workspaceId)).filter((h) => takesSeat(h.role, onAgencyPlan(target)));
  if (target.seats === null || holders.length <= target.seats) return null;
  const excess = holders.length - target.seats;
  const names = holders.map((h) => (h.kind === 'member' ? h.label : `la invitación a ${h.label}`));
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} y ${names.at(-1)!}`;
  return `Para pasar a ${target.name} tienes que quitar antes ${members(excess)} del equipo (tienes ${holders.length} y el plan permite ${target.seats}): elige entre ${list}.`;
}
