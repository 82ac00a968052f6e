import { and, asc, count, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { videoBookings } from '../../db/video-call-schema';

export type VideoBookingRow = typeof videoBookings.$inferSelect;
/** A booking with its customer's current name and address. */
export type VideoBookingWithUser = VideoBookingRow & { userName: string; userEmail: string };

const SLOT_MS = 30 * 60_000;
const active = isNull(videoBookings.cancelledAt);
const selectWithUser = (db: DbOrTx) =>
  db
    .select({
      id: videoBookings.id,
      userId: videoBookings.userId,
      startsAt: videoBookings.startsAt,
      topic: videoBookings.topic,
      userTimeZone: videoBookings.userTimeZone,
      meetingUrl: videoBookings.meetingUrl,
      sequence: videoBookings.sequence,
      reminderSentAt: videoBookings.reminderSentAt,
      cancelledAt: videoBookings.cancelledAt,
      cancelledBy: videoBookings.cancelledBy,
      createdAt: videoBookings.createdAt,
      userName: users.name,
      userEmail: users.email,
    })
    .from(videoBookings)
    .innerJoin(users, eq(users.id, videoBookings.userId));

export const videoCallRepository = {
  /** Serializes one user's bookings (the cap on upcoming calls is counted under it). */
  async lockUser(tx: DbOrTx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  /** The user's calls that have not ended by `now`. */
  async countUpcoming(db: DbOrTx, userId: string, now: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(videoBookings)
      .where(and(eq(videoBookings.userId, userId), active, gt(videoBookings.startsAt, new Date(now.getTime() - SLOT_MS))));
    return row?.n ?? 0;
  },

  /** Throws PostgreSQL's unique violation (23505) when the slot is taken: the caller's transaction then changes nothing. */
  async insert(tx: DbOrTx, row: typeof videoBookings.$inferInsert): Promise<VideoBookingRow> {
    const [created] = await tx.insert(videoBookings).values(row).returning();
    if (!created) throw new Error('video booking insert returned no row');
    return created;
  },

  /** An active booking with its customer; `userId` limits it to that user's own. */
  async findActive(db: DbOrTx, id: string, userId?: string): Promise<VideoBookingWithUser | undefined> {
    const [row] = await selectWithUser(db).where(and(eq(videoBookings.id, id), active, userId ? eq(videoBookings.userId, userId) : undefined));
    return row;
  },

  /** Active bookings not ended by `now`, soonest first: one user's, or everyone's. */
  async listUpcoming(db: DbOrTx, now: Date, limit: number, userId?: string): Promise<VideoBookingWithUser[]> {
    return selectWithUser(db)
      .where(and(active, gt(videoBookings.startsAt, new Date(now.getTime() - SLOT_MS)), userId ? eq(videoBookings.userId, userId) : undefined))
      .orderBy(asc(videoBookings.startsAt))
      .limit(limit);
  },

  /** Starts of the active bookings between two instants: the taken slots. */
  async takenStarts(db: DbOrTx, from: Date, to: Date): Promise<Date[]> {
    const rows = await db
      .select({ startsAt: videoBookings.startsAt })
      .from(videoBookings)
      .where(and(active, gte(videoBookings.startsAt, from), lte(videoBookings.startsAt, to)));
    return rows.map((r) => r.startsAt);
  },

  /**
   * The booking at its new time, its SEQUENCE raised and its reminder due again (or marked
   * not needed). Throws the unique violation (23505) when the slot is taken.
   */
  async move(tx: DbOrTx, id: string, startsAt: Date, reminderSentAt: Date | null): Promise<VideoBookingRow | undefined> {
    const [row] = await tx
      .update(videoBookings)
      .set({ startsAt, sequence: sql`${videoBookings.sequence} + 1`, reminderSentAt })
      .where(and(eq(videoBookings.id, id), active))
      .returning();
    return row;
  },

  /** Cancels an active booking (undefined when it was not active any more): its slot is free again. */
  async cancel(tx: DbOrTx, id: string, by: 'cliente' | 'operador'): Promise<VideoBookingRow | undefined> {
    const [row] = await tx
      .update(videoBookings)
      .set({ cancelledAt: new Date(), cancelledBy: by, sequence: sql`${videoBookings.sequence} + 1` })
      .where(and(eq(videoBookings.id, id), active))
      .returning();
    return row;
  },

  /** Active bookings starting in (from, to] whose reminder has not gone out (the partial index video_bookings_reminder_idx). */
  async dueForReminder(db: DbOrTx, from: Date, to: Date): Promise<string[]> {
    const rows = await db
      .select({ id: videoBookings.id })
      .from(videoBookings)
      .where(and(active, isNull(videoBookings.reminderSentAt), gt(videoBookings.startsAt, from), lte(videoBookings.startsAt, to)))
      .orderBy(asc(videoBookings.startsAt));
    return rows.map((r) => r.id);
  },

  /**
   * Marks the reminder sent, in one statement: of two sweeps (two workers, or a retry) only
   * one gets the row back, and only that one queues the e-mails, in the same transaction.
   */
  async claimReminder(tx: DbOrTx, id: string, at: Date): Promise<boolean> {
    const rows = await tx
      .update(videoBookings)
      .set({ reminderSentAt: at })
      .where(and(eq(videoBookings.id, id), active, isNull(videoBookings.reminderSentAt)))
      .returning({ id: videoBookings.id });
    return rows.length > 0;
  },
};
