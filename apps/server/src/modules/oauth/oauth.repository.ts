import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '@rankmaps/shared/permissions';
import type { DbOrTx } from '../../db/client';
import { oauthClients, oauthCodes, oauthGrants, oauthTokens } from '../../db/oauth-schema';
import { preparedStatement } from '../../db/prepared';
import { workspaceMembers, workspaces } from '../../db/workspaces-schema';

// The authorization server's storage (docs/decisions.md §33.2). Every "use once" (a code, a
// refresh token) is one conditional UPDATE … WHERE used_at IS NULL: of two requests racing
// with the same secret exactly one wins, and the other is treated as a reuse.

export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type OAuthGrantRow = typeof oauthGrants.$inferSelect;

/** What /mcp needs of an access token, with the member's current place in the grant's workspace (null: no longer a member). */
const accessContext = preparedStatement('oauth_access_context', (db) =>
  db
    .select({
      tokenId: oauthTokens.id,
      kind: oauthTokens.kind,
      expiresAt: oauthTokens.expiresAt,
      tokenRevokedAt: oauthTokens.revokedAt,
      grantId: oauthGrants.id,
      grantRevokedAt: oauthGrants.revokedAt,
      grantRole: oauthGrants.role,
      resource: oauthGrants.resource,
      userId: oauthGrants.userId,
      workspaceId: oauthGrants.workspaceId,
      lastUsedAt: oauthGrants.lastUsedAt,
      memberRole: workspaceMembers.role,
      clientIds: workspaceMembers.clientIds,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .leftJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, oauthGrants.workspaceId), eq(workspaceMembers.userId, oauthGrants.userId)))
    .where(eq(oauthTokens.tokenHash, sql.placeholder('hash'))),
);

export type AccessContext = {
  tokenId: string;
  kind: 'access' | 'refresh';
  expiresAt: Date;
  tokenRevokedAt: Date | null;
  grantId: string;
  grantRevokedAt: Date | null;
  grantRole: WorkspaceRole;
  resource: string;
  userId: string;
  workspaceId: string;
  lastUsedAt: Date | null;
  memberRole: WorkspaceRole | null;
  clientIds: string[] | null;
};

export const oauthRepository = {
  async insertClient(db: DbOrTx, client: { name: string; redirectUris: string[] }): Promise<OAuthClientRow> {
    const [row] = await db.insert(oauthClients).values(client).returning();
    if (!row) throw new Error('oauth client insert returned nothing');
    return row;
  },

  async client(db: DbOrTx, id: string): Promise<OAuthClientRow | undefined> {
    const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id));
    return row;
  },

  /**
   * A new consent and its code. An earlier consent of the same person to the same client in
   * the same workspace is replaced (revoked with its tokens): «Aplicaciones conectadas» shows one row per client and workspace.
   */
  async grantWithCode(
    tx: DbOrTx,
    grant: { clientId: string; userId: string; workspaceId: string; role: WorkspaceRole; resource: string },
    code: { codeHash: string; redirectUri: string; codeChallenge: string; expiresAt: Date },
    now: Date,
  ): Promise<string> {
    const earlier = await tx
      .select({ id: oauthGrants.id })
      .from(oauthGrants)
      .where(and(eq(oauthGrants.clientId, grant.clientId), eq(oauthGrants.userId, grant.userId), eq(oauthGrants.workspaceId, grant.workspaceId), isNull(oauthGrants.revokedAt)));
    for (const { id } of earlier) await this.revokeGrant(tx, id, now);
    const [row] = await tx.insert(oauthGrants).values(grant).returning({ id: oauthGrants.id });
    if (!row) throw new Error('oauth grant insert returned nothing');
    await tx.insert(oauthCodes).values({ ...code, grantId: row.id });
    return row.id;
  },

  /** Marks a code used; `first` false when it had been used already (or never existed: `code` undefined). */
  async useCode(db: DbOrTx, codeHash: string, now: Date) {
    const [won] = await db
      .update(oauthCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
      .returning();
    if (won) return { code: won, first: true };
    const [seen] = await db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash));
    return { code: seen, first: false };
  },

  async grant(db: DbOrTx, id: string): Promise<OAuthGrantRow | undefined> {
    const [row] = await db.select().from(oauthGrants).where(eq(oauthGrants.id, id));
    return row;
  },

  async insertTokens(db: DbOrTx, grantId: string, tokens: { kind: 'access' | 'refresh'; tokenHash: string; expiresAt: Date }[]): Promise<void> {
    await db.insert(oauthTokens).values(tokens.map((t) => ({ ...t, grantId })));
  },

  async token(db: DbOrTx, tokenHash: string) {
    const [row] = await db.select().from(oauthTokens).where(eq(oauthTokens.tokenHash, tokenHash));
    return row;
  },

  /** Marks a refresh token used; false when another request used it first. */
  async useRefreshToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(oauthTokens)
      .set({ usedAt: now })
      .where(and(eq(oauthTokens.id, id), isNull(oauthTokens.usedAt)))
      .returning({ id: oauthTokens.id });
    return rows.length === 1;
  },

  async revokeToken(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db.update(oauthTokens).set({ revokedAt: now }).where(and(eq(oauthTokens.id, id), isNull(oauthTokens.revokedAt)));
  },

  /** Ends a grant and every token it gave, at once (docs/decisions.md §33.4). */
  async revokeGrant(db: DbOrTx, grantId: string, now: Date): Promise<void> {
    await db.update(oauthGrants).set({ revokedAt: now }).where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
    await db.update(oauthTokens).set({ revokedAt: now }).where(and(eq(oauthTokens.grantId, grantId), isNull(oauthTokens.revokedAt)));
  },

  async accessContext(db: DbOrTx, tokenHash: string): Promise<AccessContext | undefined> {
    const [row] = await accessContext(db).execute({ hash: tokenHash });
    return row;
  },

  async touchGrant(db: DbOrTx, grantId: string, now: Date): Promise<void> {
    await db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, grantId));
  },

  /** A person's live consents, newest first, for «Aplicaciones conectadas». */
  async liveGrantsOf(db: DbOrTx, userId: string) {
    return db
      .select({
        id: oauthGrants.id,
        clientName: oauthClients.name,
        redirectUris: oauthClients.redirectUris,
        workspaceId: oauthGrants.workspaceId,
        workspaceName: workspaces.name,
        role: oauthGrants.role,
        createdAt: oauthGrants.createdAt,
        lastUsedAt: oauthGrants.lastUsedAt,
      })
      .from(oauthGrants)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
      .innerJoin(workspaces, eq(workspaces.id, oauthGrants.workspaceId))
      .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
      .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id));
  },

  /** A person's own grant, live or not; undefined for anyone else's. */
  async grantOf(db: DbOrTx, userId: string, grantId: string): Promise<OAuthGrantRow | undefined> {
    const [row] = await db.select().from(oauthGrants).where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.userId, userId)));
    return row;
  },
};
