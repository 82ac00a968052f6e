import { and, desc, eq, gte, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/api-keys-schema';
import { users } from '../../db/schema';
import { campaigns } from '../../db/campaigns-schema';
import { clients, places } from '../../db/places-schema';
import { keywords } from '../../db/rankmaps-schema';
import { activityLog } from '../../db/workspaces-schema';
import { isUuid } from '../../lib/uuid';

// The activity log's table (docs/decisions.md §30.5). Append-only: entries are inserted, read
// and, past their 13 months, deleted by the retention job; nothing here updates a row.

export type ActivityRow = typeof activityLog.$inferSelect;
export type NewActivity = typeof activityLog.$inferInsert;

export interface ActivityFilter {
  workspaceId: string;
  actorId?: string;
  kind?: string;
  /** Inclusive. */
  since?: Date;
  /** Exclusive. */
  until?: Date;
}

function whereOf(f: ActivityFilter, after: { createdAt: Date; id: string } | null) {
  return and(
    eq(activityLog.workspaceId, f.workspaceId),
    f.actorId ? eq(activityLog.actorId, f.actorId) : undefined,
    f.kind ? eq(activityLog.kind, f.kind) : undefined,
    f.since ? gte(activityLog.createdAt, f.since) : undefined,
    f.until ? lt(activityLog.createdAt, f.until) : undefined,
    // Keyset: strictly after the cursor's (created_at, id), newest first.
    after ? or(lt(activityLog.createdAt, after.createdAt), and(eq(activityLog.createdAt, after.createdAt), lt(activityLog.id, after.id))) : undefined,
  );
}

export const activityRepository = {
  async insert(db: DbOrTx, entries: NewActivity | NewActivity[]): Promise<void> {
    const rows = Array.isArray(entries) ? entries : [entries];
    if (rows.length > 0) await db.insert(activityLog).values(rows);
  },

  /** Newest first by (created_at, id), after `after`, at most `limit` rows. */
  async list(db: DbOrTx, filter: ActivityFilter, after: { createdAt: Date; id: string } | null, limit: number): Promise<ActivityRow[]> {
    return db
      .select()
      .from(activityLog)
      .where(whereOf(filter, after))
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(limit);
  },

  /** The retention (docs/decisions.md §30.5): entries created before `cutoff` go. Returns how many. */
  async deleteCreatedBefore(db: DbOrTx, cutoff: Date): Promise<number> {
    const rows = await db.delete(activityLog).where(lt(activityLog.createdAt, cutoff)).returning({ id: activityLog.id });
    return rows.length;
  },

  /** A person's name, for an entry a route makes (the recorder caches it). */
  async userName(db: DbOrTx, userId: string): Promise<string | null> {
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  },

  /** Who created an API key: the actor of what the key does. */
  async apiKeyCreator(db: DbOrTx, apiKeyId: string): Promise<string | null> {
    const [row] = await db.select({ createdBy: apiKeys.createdBy }).from(apiKeys).where(eq(apiKeys.id, apiKeyId));
    return row?.createdBy ?? null;
  },

  /** The name of a business, keyword, client, campaign or member of the workspace, when the answer gave none; null for other targets or one gone. */
  async targetName(db: DbOrTx, workspaceId: string, type: string, id: string): Promise<string | null> {
    if (!isUuid(id)) return null;
    // A member the route just changed or removed (a 2xx: they were in this workspace).
    if (type === 'member') return this.userName(db, id);
    const table = type === 'place' ? places : type === 'keyword' ? keywords : type === 'client' ? clients : type === 'campaign' ? campaigns : null;
    if (!table) return null;
    const [row] = await db
      .select({ name: table.name })
      .from(table)
      .where(and(eq(table.id, id), eq(table.userId, workspaceId)));
    return row?.name ?? null;
  },
};
