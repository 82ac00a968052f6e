import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type DeliveryStatus, notificationDeliveries, notificationPlaceSlack, notificationSettings } from '../../db/notifications-schema';

export type SlackDeliveryRow = typeof notificationDeliveries.$inferSelect;

const slackOf = (notificationId: string) => and(eq(notificationDeliveries.notificationId, notificationId), eq(notificationDeliveries.channel, 'slack'));

/** The Slack-compatible webhook URLs and deliveries (docs/decisions.md §23.3, "Wiring"). */
export const slackRepository = {
  async setUserUrl(db: DbOrTx, userId: string, url: string | null): Promise<void> {
    await db
      .insert(notificationSettings)
      .values({ userId, slackUrl: url })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { slackUrl: url, updatedAt: new Date() } });
  },
  async placeUrl(db: DbOrTx, placeId: string): Promise<string | null> {
    const [row] = await db.select({ url: notificationPlaceSlack.slackUrl }).from(notificationPlaceSlack).where(eq(notificationPlaceSlack.placeId, placeId));
    return row?.url ?? null;
  },
  async setPlaceUrl(db: DbOrTx, userId: string, placeId: string, url: string | null): Promise<void> {
    if (url === null) {
      await db.delete(notificationPlaceSlack).where(eq(notificationPlaceSlack.placeId, placeId));
      return;
    }
    await db
      .insert(notificationPlaceSlack)
      .values({ placeId, userId, slackUrl: url })
      .onConflictDoUpdate({ target: notificationPlaceSlack.placeId, set: { slackUrl: url, updatedAt: new Date() } });
  },
  async find(db: DbOrTx, notificationId: string): Promise<SlackDeliveryRow | undefined> {
    const [row] = await db.select().from(notificationDeliveries).where(slackOf(notificationId));
    return row;
  },
  /**
   * Claims attempt `attempt`: from 'queued'/'retrying' after attempt − 1, or again when that
   * same attempt was claimed before `staleBefore` (a crash between the claim and the record).
   */
  async claim(db: DbOrTx, notificationId: string, attempt: number, now: Date, staleBefore: Date): Promise<SlackDeliveryRow | undefined> {
    const [row] = await db
      .update(notificationDeliveries)
      .set({ status: 'sending', attempts: attempt, sendingAt: now })
      .where(
        and(
          slackOf(notificationId),
          or(
            and(inArray(notificationDeliveries.status, ['queued', 'retrying'] satisfies DeliveryStatus[]), eq(notificationDeliveries.attempts, attempt - 1)),
            and(eq(notificationDeliveries.status, 'sending'), eq(notificationDeliveries.attempts, attempt), lt(notificationDeliveries.sendingAt, staleBefore)),
          ),
        ),
      )
      .returning();
    return row;
  },
  /** Records the outcome of attempt `attempt`, if it is still the one claimed. */
  async finish(
    db: DbOrTx,
    notificationId: string,
    attempt: number,
    values: { status: 'delivered' | 'retrying' | 'failed'; lastStatusCode: number | null; lastError: string | null },
  ): Promise<boolean> {
    const rows = await db
      .update(notificationDeliveries)
      .set({ ...values, ...(values.status === 'retrying' ? {} : { finishedAt: new Date() }) })
      .where(and(slackOf(notificationId), eq(notificationDeliveries.status, 'sending'), eq(notificationDeliveries.attempts, attempt)))
      .returning({ id: notificationDeliveries.notificationId });
    return rows.length > 0;
  },
};
