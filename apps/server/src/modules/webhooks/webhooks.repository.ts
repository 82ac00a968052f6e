import { and, arrayContains, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaignRounds } from '../../db/campaigns-schema';
import { rankMaps } from '../../db/rankmaps-schema';
import { users } from '../../db/schema';
import { type WebhookDeliveryStatus, webhookDeliveries, webhookEndpoints } from '../../db/webhooks-schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Outgoing webhooks (docs/decisions.md §26.4): the only code that reads or writes their tables. */
export const webhooksRepository = {
  async listOwned(db: DbOrTx, userId: string): Promise<WebhookEndpointRow[]> {
    return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  },
  async findOwned(db: DbOrTx, userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
    return row;
  },
  async findEndpoint(db: DbOrTx, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return row;
  },
  /** Locks the owner's row until the transaction ends, so concurrent creations count one after another. */
  async lockOwner(tx: DbOrTx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },
  async countOwned(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    return row?.n ?? 0;
  },
  async insertEndpoint(db: DbOrTx, values: Pick<WebhookEndpointRow, 'id' | 'userId' | 'url' | 'events' | 'secretEnc' | 'secretPrefix'> & Partial<Pick<WebhookEndpointRow, 'createdBy'>>): Promise<WebhookEndpointRow> {
    const [row] = await db.insert(webhookEndpoints).values(values).returning();
    if (!row) throw new Error('webhook endpoint insert returned no row');
    return row;
  },
  async updateEndpoint(
    db: DbOrTx,
    userId: string,
    id: string,
    values: Partial<Pick<WebhookEndpointRow, 'events' | 'enabled' | 'disabledReason' | 'consecutiveFailures' | 'secretEnc' | 'secretPrefix'>>,
  ): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning();
    return row;
  },
  async deleteEndpoint(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId))).returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  },
  /** The user's enabled endpoints subscribed to `type`. */
  async subscribed(db: DbOrTx, userId: string, type: string): Promise<WebhookEndpointRow[]> {
    return db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
  },
  /** Inserts the delivery of an event to an endpoint, once: undefined when (event, endpoint) already has one. */
  async insertDeliveryOnce(db: DbOrTx, values: Pick<WebhookDeliveryRow, 'endpointId' | 'userId' | 'eventId' | 'eventType' | 'payload'>): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await db
      .insert(webhookDeliveries)
      .values({ ...values, status: 'queued', nextAttemptAt: new Date() })
      .onConflictDoNothing({ target: [webhookDeliveries.eventId, webhookDeliveries.endpointId] })
      .returning();
    return row;
  },
  async listDeliveries(db: DbOrTx, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
    return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit);
  },
  async findDelivery(db: DbOrTx, id: string): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row;
  },
  async findOwnedDelivery(db: DbOrTx, userId: string, endpointId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.userId, userId)));
    return row;
  },
  /**
   * Claims attempt `attempt`: from 'queued'/'retrying' after attempt − 1, or again when that
   * same attempt was claimed before `staleBefore` (a crash between the claim and the record).
   */
  async claim(db: DbOrTx, id: string, attempt: number, now: Date, staleBefore: Date): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await db
      .update(webhookDeliveries)
      .set({ status: 'sending', attempts: attempt, sendingAt: now, lastAttemptAt: now, nextAttemptAt: null })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          or(
            and(inArray(webhookDeliveries.status, ['queued', 'retrying'] satisfies WebhookDeliveryStatus[]), eq(webhookDeliveries.attempts, attempt - 1)),
            and(eq(webhookDeliveries.status, 'sending'), eq(webhookDeliveries.attempts, attempt), lt(webhookDeliveries.sendingAt, staleBefore)),
          ),
        ),
      )
      .returning();
    return row;
  },
  /** Records the outcome of attempt `attempt`, if it is still the one claimed. */
  async finish(
    db: DbOrTx,
    id: string,
    attempt: number,
    values: { status: 'delivered' | 'retrying' | 'failed'; lastStatusCode: number | null; lastError: string | null; nextAttemptAt: Date | null },
  ): Promise<boolean> {
    const rows = await db
      .update(webhookDeliveries)
      .set({ ...values, ...(values.status === 'delivered' ? { deliveredAt: new Date() } : {}) })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'sending'), eq(webhookDeliveries.attempts, attempt)))
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  },
  /** Makes a finished delivery due again (a replay): a new run of attempts after those made. */
  async requeue(db: DbOrTx, id: string): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await db
      .update(webhookDeliveries)
      .set({ status: 'queued', runStart: sql`${webhookDeliveries.attempts}`, nextAttemptAt: new Date() })
      .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['delivered', 'failed'] satisfies WebhookDeliveryStatus[])))
      .returning();
    return row;
  },
  /** After a delivery ended: resets the endpoint's run of failures, or adds one and answers the new count. */
  async countOutcome(db: DbOrTx, endpointId: string, delivered: boolean): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: delivered ? 0 : sql`${webhookEndpoints.consecutiveFailures} + 1` })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    return row;
  },
  /** Switches an endpoint off after repeated failure, once: true only for the call that did it. */
  async disableForFailures(db: DbOrTx, endpointId: string, reason: string): Promise<boolean> {
    const rows = await db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  },
  /** The analysis an event is about (any user: the caller has the id from its own job). */
  async analysis(db: DbOrTx, id: string) {
    const [row] = await db.select().from(rankMaps).where(eq(rankMaps.id, id));
    return row;
  },
  /** A campaign round's analyses' statuses, and the round itself. */
  async roundProgress(db: DbOrTx, roundId: string) {
    const [round] = await db.select().from(campaignRounds).where(eq(campaignRounds.id, roundId));
    const analyses = await db.select({ id: rankMaps.id, status: rankMaps.status }).from(rankMaps).where(eq(rankMaps.campaignRoundId, roundId));
    return { round, analyses };
  },
};
