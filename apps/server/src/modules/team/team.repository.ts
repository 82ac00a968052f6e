import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '@rankmaps/shared/permissions';
import type { AssignableRole } from '@rankmaps/shared/schemas/team';
import { apiKeys } from '../../db/api-keys-schema';
import type { DbOrTx } from '../../db/client';
import { clients } from '../../db/places-schema';
import { reportBrands } from '../../db/report-brand-schema';
import { users } from '../../db/schema';
import { workspaceInvitations, workspaceMembers, workspaces } from '../../db/workspaces-schema';

// Members, invitations and ownership of a workspace (docs/decisions.md §30.3): the only code
// that writes workspace_members after a sign-up, and workspace_invitations.

export type InvitationRow = typeof workspaceInvitations.$inferSelect;
export type MemberRow = Awaited<ReturnType<typeof teamRepository.listMembers>>[number];

/** Neither accepted nor revoked: an expired one is still open (it can be resent or revoked). */
const isOpen = and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt));

const memberColumns = {
  userId: workspaceMembers.userId,
  name: users.name,
  email: users.email,
  role: workspaceMembers.role,
  clientIds: workspaceMembers.clientIds,
  joinedAt: workspaceMembers.createdAt,
};

export const teamRepository = {
  async findWorkspace(db: DbOrTx, workspaceId: string) {
    const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    return row;
  },

  /** Holds the workspace's row until the transaction ends: seat counts and ownership changes queue here. */
  async lockWorkspace(tx: DbOrTx, workspaceId: string) {
    const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
    return row;
  },

  /** The owner first, then by the day they joined. */
  async listMembers(db: DbOrTx, workspaceId: string) {
    return db
      .select(memberColumns)
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(desc(sql`${workspaceMembers.role} = 'owner'`), asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  },

  async findMember(db: DbOrTx, workspaceId: string, userId: string) {
    const [row] = await db
      .select(memberColumns)
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    return row;
  },

  async findMemberByEmail(db: DbOrTx, workspaceId: string, email: string) {
    const [row] = await db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)));
    return row;
  },

  async owner(db: DbOrTx, workspaceId: string) {
    const [row] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
    return row;
  },

  /** Changes a member other than the owner; false when there is no such member (or it is the owner). */
  async updateMember(db: DbOrTx, workspaceId: string, userId: string, changes: { role: AssignableRole; clientIds: string[] }): Promise<boolean> {
    const rows = await db
      .update(workspaceMembers)
      .set({ role: changes.role, clientIds: changes.clientIds, updatedAt: new Date() })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId), ne(workspaceMembers.role, 'owner')))
      .returning({ userId: workspaceMembers.userId });
    return rows.length > 0;
  },

  async insertMember(tx: DbOrTx, values: { workspaceId: string; userId: string; role: AssignableRole; clientIds: string[] }): Promise<void> {
    await tx.insert(workspaceMembers).values(values);
  },

  /** Removes a member other than the owner; false when there was none. */
  async deleteMember(tx: DbOrTx, workspaceId: string, userId: string): Promise<boolean> {
    const rows = await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId), ne(workspaceMembers.role, 'owner')))
      .returning({ userId: workspaceMembers.userId });
    return rows.length > 0;
  },

  /** Revokes the live API keys a person created in the workspace; returns their names. */
  async revokeKeysCreatedBy(tx: DbOrTx, workspaceId: string, userId: string) {
    return tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.userId, workspaceId), eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
  },

  /** Which of `ids` are clients of the workspace. */
  async ownClientIds(db: DbOrTx, workspaceId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.userId, workspaceId), inArray(clients.id, [...ids])));
    return rows.map((r) => r.id);
  },

  /**
   * The roles of everyone who holds or is promised a place: members besides the owner, and open
   * invitations that can still be accepted (an expired one frees its seat until it is resent).
   */
  async seatHolders(db: DbOrTx, workspaceId: string): Promise<{ kind: 'member' | 'invitation'; label: string; role: WorkspaceRole }[]> {
    const [members, invitations] = await Promise.all([
      db
        .select({ name: users.name, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.role, 'owner')))
        .orderBy(asc(workspaceMembers.createdAt)),
      db
        .select({ email: workspaceInvitations.email, role: workspaceInvitations.role })
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), isOpen, gt(workspaceInvitations.expiresAt, sql`now()`)))
        .orderBy(asc(workspaceInvitations.createdAt)),
    ]);
    return [...members.map((m) => ({ kind: 'member' as const, label: m.name, role: m.role })), ...invitations.map((i) => ({ kind: 'invitation' as const, label: i.email, role: i.role }))];
  },

  async listOpenInvitations(db: DbOrTx, workspaceId: string) {
    return db
      .select({ invitation: workspaceInvitations, invitedByName: users.name })
      .from(workspaceInvitations)
      .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
      .where(and(eq(workspaceInvitations.workspaceId, workspaceId), isOpen))
      .orderBy(desc(workspaceInvitations.createdAt), desc(workspaceInvitations.id));
  },

  async findOpenInvitation(db: DbOrTx, workspaceId: string, id: string) {
    const [row] = await db
      .select({ invitation: workspaceInvitations, invitedByName: users.name })
      .from(workspaceInvitations)
      .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
      .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id), isOpen));
    return row;
  },

  async hasOpenInvitation(db: DbOrTx, workspaceId: string, email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: workspaceInvitations.id })
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.email, email), isOpen));
    return Boolean(row);
  },

  async insertInvitation(tx: DbOrTx, values: Pick<InvitationRow, 'workspaceId' | 'email' | 'role' | 'clientIds' | 'tokenHash' | 'invitedBy' | 'expiresAt'>): Promise<InvitationRow> {
    const [row] = await tx.insert(workspaceInvitations).values(values).returning();
    if (!row) throw new Error('invitation insert returned no row');
    return row;
  },

  /** A resend: a new token and expiry for an open invitation. */
  async renewInvitation(tx: DbOrTx, id: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await tx.update(workspaceInvitations).set({ tokenHash, expiresAt, updatedAt: new Date() }).where(and(eq(workspaceInvitations.id, id), isOpen));
  },

  async revokeInvitation(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(workspaceInvitations)
      .set({ revokedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id), isOpen))
      .returning({ id: workspaceInvitations.id });
    return rows.length > 0;
  },

  /**
   * The invitation a token opens, while it is open and unexpired; with `lock`, its row is held
   * until the transaction ends, so of two accepts the second waits and then finds it used.
   */
  async findUsableByToken(db: DbOrTx, tokenHash: string, now: Date, lock = false) {
    const query = db
      .select()
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.tokenHash, tokenHash), isOpen, gt(workspaceInvitations.expiresAt, now)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async markAccepted(tx: DbOrTx, id: string, userId: string): Promise<boolean> {
    const rows = await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: userId, updatedAt: new Date() })
      .where(and(eq(workspaceInvitations.id, id), isOpen))
      .returning({ id: workspaceInvitations.id });
    return rows.length > 0;
  },

  async brandOf(db: DbOrTx, workspaceId: string) {
    const [row] = await db.select().from(reportBrands).where(eq(reportBrands.userId, workspaceId));
    return row;
  },

  /** The workspaces a person belongs to with their saved brands: theirs first, then by name. */
  async listForUserWithBrands(db: DbOrTx, userId: string) {
    return db
      .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role, brand: reportBrands })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .leftJoin(reportBrands, eq(reportBrands.userId, workspaces.id))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(desc(sql`${workspaceMembers.role} = 'owner'`), asc(workspaces.name), asc(workspaces.id));
  },

  async setPendingOwner(db: DbOrTx, workspaceId: string, userId: string | null): Promise<void> {
    await db
      .update(workspaces)
      .set({ pendingOwnerId: userId, pendingOwnerAt: userId ? new Date() : null })
      .where(eq(workspaces.id, workspaceId));
  },

  /** The workspaces whose owner offered them to this person. */
  async pendingFor(db: DbOrTx, userId: string) {
    return db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.pendingOwnerId, userId));
  },

  /** Hands the workspace over in one transaction: the owner becomes an Administrador, then the member the owner. */
  async swapOwner(tx: DbOrTx, workspaceId: string, oldOwnerId: string, newOwnerId: string): Promise<void> {
    await tx
      .update(workspaceMembers)
      .set({ role: 'admin', clientIds: [], updatedAt: new Date() })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, oldOwnerId)));
    await tx
      .update(workspaceMembers)
      .set({ role: 'owner', clientIds: [], updatedAt: new Date() })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, newOwnerId)));
    await tx.update(workspaces).set({ pendingOwnerId: null, pendingOwnerAt: null }).where(eq(workspaces.id, workspaceId));
  },
};
