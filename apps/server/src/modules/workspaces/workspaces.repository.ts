import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '@rankmaps/shared/permissions';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { sessionWorkspaces, workspaceMembers, workspaces } from '../../db/workspaces-schema';

/** A person's place in a workspace: what the permission table and the assigned clients allow. */
export interface Membership {
  role: WorkspaceRole;
  /** The clients whose businesses a Miembro or Cliente sees; ignored for the other roles. */
  clientIds: readonly string[];
}

const findMembership = preparedStatement('workspace_membership', (db) =>
  db
    .select({ role: workspaceMembers.role, clientIds: workspaceMembers.clientIds })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, sql.placeholder('workspaceId')), eq(workspaceMembers.userId, sql.placeholder('userId')))),
);

export const workspacesRepository = {
  /**
   * The workspace a sign-up owns, with the user's own id (docs/decisions.md §30.1), so that
   * everything the user then creates is the workspace's with no change to any owned table.
   */
  async createOwned(tx: DbOrTx, user: { id: string; name: string }): Promise<void> {
    await tx.insert(workspaces).values({ id: user.id, name: user.name }).onConflictDoNothing();
    await tx.insert(workspaceMembers).values({ workspaceId: user.id, userId: user.id, role: 'owner' }).onConflictDoNothing();
  },

  async membership(db: DbOrTx, workspaceId: string, userId: string): Promise<Membership | null> {
    const [row] = await findMembership(db).execute({ workspaceId, userId });
    return row ?? null;
  },

  /**
   * The workspace a session works in: the one it last switched to while the person still
   * belongs to it, else the one they own, else the one they joined first; null when they
   * belong to none.
   */
  async sessionWorkspace(db: DbOrTx, userId: string, familyId: string): Promise<string | null> {
    const [row] = await db
      .select({ workspaceId: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .leftJoin(sessionWorkspaces, and(eq(sessionWorkspaces.familyId, familyId), eq(sessionWorkspaces.workspaceId, workspaceMembers.workspaceId)))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(desc(sql`${sessionWorkspaces.familyId} is not null`), desc(sql`${workspaceMembers.role} = 'owner'`), asc(workspaceMembers.createdAt))
      .limit(1);
    return row?.workspaceId ?? null;
  },

  async rememberSessionWorkspace(db: DbOrTx, familyId: string, workspaceId: string): Promise<void> {
    await db
      .insert(sessionWorkspaces)
      .values({ familyId, workspaceId })
      .onConflictDoUpdate({ target: sessionWorkspaces.familyId, set: { workspaceId, updatedAt: sql`now()` } });
  },

  /** The workspaces a person belongs to, theirs first, for the switcher. */
  async listForUser(db: DbOrTx, userId: string) {
    return db
      .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(desc(sql`${workspaceMembers.role} = 'owner'`), asc(workspaces.name));
  },
};
