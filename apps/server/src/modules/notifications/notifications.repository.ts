import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationDeliveries, notificationMutedPlaces, notificationSettings, notifications } from '../../db/notifications-schema';
import { places } from '../../db/places-schema';
import { keywords, rankMaps } from '../../db/rankmaps-schema';
import { workspaceMembers } from '../../db/workspaces-schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

export const notificationsRepository = {
  async findSettings(db: DbOrTx, userId: string): Promise<NotificationSettingsRow | undefined> {
    const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
    return row;
  },
  async upsertSettings(db: DbOrTx, values: Omit<NotificationSettingsRow, 'updatedAt' | 'slackUrl'>): Promise<void> {
    const { userId, ...rest } = values;
    await db
      .insert(notificationSettings)
      .values({ ...values, updatedAt: new Date() })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...rest, updatedAt: new Date() } });
    void userId;
  },
  async mutedPlaceIds(db: DbOrTx, userId: string): Promise<string[]> {
    const rows = await db.select({ placeId: notificationMutedPlaces.placeId }).from(notificationMutedPlaces).where(eq(notificationMutedPlaces.userId, userId));
    return rows.map((r) => r.placeId);
  },
  async isMuted(db: DbOrTx, userId: string, placeId: string): Promise<boolean> {
    const rows = await db
      .select({ placeId: notificationMutedPlaces.placeId })
      .from(notificationMutedPlaces)
      .where(and(eq(notificationMutedPlaces.userId, userId), eq(notificationMutedPlaces.placeId, placeId)));
    return rows.length > 0;
  },
  /**
   * How many of `placeIds` the person may mute: the businesses they can see in a workspace they
   * belong to (all of it as owner or admin, their clients' as Miembro or Cliente;
   * docs/decisions.md §30.5).
   */
  async countOwnedPlaces(db: DbOrTx, userId: string, placeIds: string[]): Promise<number> {
    if (placeIds.length === 0) return 0;
    const [row] = await db
      .select({ n: count() })
      .from(places)
      .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, places.userId), eq(workspaceMembers.userId, userId)))
      .where(and(inArray(places.id, placeIds), or(inArray(workspaceMembers.role, ['owner', 'admin']), sql`${places.clientId} = any(${workspaceMembers.clientIds})`)));
    return row?.n ?? 0;
  },
  /** Replaces the muted places with `placeIds` (the user's own, checked by the caller). */
  async setMutedPlaces(db: DbOrTx, userId: string, placeIds: string[]): Promise<void> {
    await db.delete(notificationMutedPlaces).where(eq(notificationMutedPlaces.userId, userId));
    if (placeIds.length > 0) await db.insert(notificationMutedPlaces).values(placeIds.map((placeId) => ({ userId, placeId })));
  },
  /** Inserts the notification unless its dedupe key exists: the row, or undefined when it was there already. */
  async insertOnce(db: DbOrTx, values: NewNotification): Promise<NotificationRow | undefined> {
    const [row] = await db.insert(notifications).values(values).onConflictDoNothing({ target: notifications.dedupeKey }).returning();
    return row;
  },
  async insertDelivery(db: DbOrTx, values: typeof notificationDeliveries.$inferInsert): Promise<boolean> {
    const rows = await db.insert(notificationDeliveries).values(values).onConflictDoNothing().returning({ id: notificationDeliveries.notificationId });
    return rows.length > 0;
  },
  async list(db: DbOrTx, userId: string, limit: number, offset: number) {
    const where = and(eq(notifications.userId, userId), eq(notifications.inApp, true));
    const [rows, [totals]] = await Promise.all([
      db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset),
      db
        .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
        .from(notifications)
        .where(where),
    ]);
    return { rows, total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
  },
  async markRead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.inApp, true)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },
  async markAllRead(db: DbOrTx, userId: string): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  },
  /** The analysis with its place's and keyword's names. */
  async analysisContext(db: DbOrTx, rankMapId: string) {
    const [row] = await db
      .select({ rankMap: rankMaps, placeName: places.name, keywordName: keywords.name })
      .from(rankMaps)
      .innerJoin(places, eq(places.id, rankMaps.placeId))
      .innerJoin(keywords, eq(keywords.id, rankMaps.keywordId))
      .where(eq(rankMaps.id, rankMapId));
    return row;
  },
  /** The keyword's completed analysis just before `before` (by creation), if any. */
  async previousCompleted(db: DbOrTx, keywordId: string, rankMapId: string, before: Date) {
    const [row] = await db
      .select()
      .from(rankMaps)
      .where(and(eq(rankMaps.keywordId, keywordId), eq(rankMaps.status, 'completed'), lt(rankMaps.createdAt, before), sql`${rankMaps.id} <> ${rankMapId}`))
      .orderBy(desc(rankMaps.createdAt))
      .limit(1);
    return row;
  },
  /** Users with e-mail deliveries waiting for the digest. */
  async usersWithPendingDigest(db: DbOrTx): Promise<string[]> {
    const rows = await db
      .selectDistinct({ userId: notificationDeliveries.userId })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.channel, 'email'), eq(notificationDeliveries.status, 'pending')));
    return rows.map((r) => r.userId);
  },
  /** The user's pending e-mail deliveries, locked until the transaction ends, oldest first. */
  async lockPendingDigest(tx: DbOrTx, userId: string) {
    return tx
      .select({ notification: notifications })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.channel, 'email'), eq(notificationDeliveries.status, 'pending')))
      .orderBy(notifications.createdAt)
      .for('update', { of: notificationDeliveries, skipLocked: true });
  },
  async markQueued(tx: DbOrTx, notificationIds: string[], emailId: string): Promise<void> {
    if (notificationIds.length === 0) return;
    await tx
      .update(notificationDeliveries)
      .set({ status: 'queued', emailId, queuedAt: new Date() })
      .where(and(inArray(notificationDeliveries.notificationId, notificationIds), eq(notificationDeliveries.channel, 'email')));
  },
};
