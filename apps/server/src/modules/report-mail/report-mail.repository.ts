import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { places } from '../../db/places-schema';
import { keywords, rankMaps } from '../../db/rankmaps-schema';
import { reportRecipients, reportSchedules, reportSends } from '../../db/report-mail-schema';

export type ReportRecipientRow = typeof reportRecipients.$inferSelect;
export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
export type ReportSendRow = typeof reportSends.$inferSelect;
export type PlaceRowLite = typeof places.$inferSelect;

export const reportMailRepository = {
  async findPlace(db: DbOrTx, placeId: string): Promise<PlaceRowLite | undefined> {
    const [row] = await db.select().from(places).where(eq(places.id, placeId));
    return row;
  },
  /** The place's name and its owner (whose brand signs the recipient pages). */
  async placeAndOwner(db: DbOrTx, placeId: string): Promise<{ name: string; ownerId: string } | null> {
    const [row] = await db.select({ name: places.name, ownerId: places.userId }).from(places).where(eq(places.id, placeId));
    return row ?? null;
  },

  // ── Recipients ────────────────────────────────────────────────────────────
  async listRecipients(db: DbOrTx, placeId: string): Promise<ReportRecipientRow[]> {
    return db.select().from(reportRecipients).where(eq(reportRecipients.placeId, placeId)).orderBy(asc(reportRecipients.createdAt), asc(reportRecipients.id));
  },
  async findRecipient(db: DbOrTx, placeId: string, id: string): Promise<ReportRecipientRow | undefined> {
    const [row] = await db.select().from(reportRecipients).where(and(eq(reportRecipients.placeId, placeId), eq(reportRecipients.id, id)));
    return row;
  },
  async findRecipientById(db: DbOrTx, id: string): Promise<ReportRecipientRow | undefined> {
    const [row] = await db.select().from(reportRecipients).where(eq(reportRecipients.id, id));
    return row;
  },
  async findRecipientByTokenHash(db: DbOrTx, tokenHash: string): Promise<ReportRecipientRow | undefined> {
    const [row] = await db.select().from(reportRecipients).where(eq(reportRecipients.confirmTokenHash, tokenHash));
    return row;
  },
  /** Locks the place's row: adds are counted under it, so two at once cannot make an eleventh. */
  async lockPlace(tx: DbOrTx, placeId: string): Promise<boolean> {
    const rows = await tx.select({ id: places.id }).from(places).where(eq(places.id, placeId)).for('update');
    return rows.length > 0;
  },
  /** Undefined when the place already has the address (whatever its case). */
  async insertRecipient(db: DbOrTx, row: { placeId: string; email: string; name: string | null; confirmTokenHash: string }): Promise<ReportRecipientRow | undefined> {
    const [inserted] = await db.insert(reportRecipients).values(row).onConflictDoNothing().returning();
    return inserted;
  },
  async deleteRecipient(db: DbOrTx, placeId: string, id: string): Promise<boolean> {
    const rows = await db.delete(reportRecipients).where(and(eq(reportRecipients.placeId, placeId), eq(reportRecipients.id, id))).returning({ id: reportRecipients.id });
    return rows.length > 0;
  },
  /** pending → confirmed; undefined when it was not pending (already confirmed, bounced or unsubscribed). */
  async confirm(db: DbOrTx, id: string): Promise<ReportRecipientRow | undefined> {
    const [row] = await db
      .update(reportRecipients)
      .set({ state: 'confirmed', confirmedAt: new Date() })
      .where(and(eq(reportRecipients.id, id), eq(reportRecipients.state, 'pending')))
      .returning();
    return row;
  },
  async unsubscribe(db: DbOrTx, id: string): Promise<ReportRecipientRow | undefined> {
    const [row] = await db
      .update(reportRecipients)
      .set({ state: 'unsubscribed', stateChangedAt: new Date(), stateReason: 'Baja con el enlace del correo' })
      .where(eq(reportRecipients.id, id))
      .returning();
    return row;
  },
  /** Every recipient with the address (any place) that has not unsubscribed becomes bounced. */
  async markBounced(db: DbOrTx, email: string, reason: string): Promise<number> {
    const rows = await db
      .update(reportRecipients)
      .set({ state: 'bounced', stateChangedAt: new Date(), stateReason: reason.slice(0, 500) })
      .where(and(sql`lower(${reportRecipients.email}) = ${email.toLowerCase()}`, inArray(reportRecipients.state, ['pending', 'confirmed'])))
      .returning({ id: reportRecipients.id });
    return rows.length;
  },

  // ── Schedule ──────────────────────────────────────────────────────────────
  async findSchedule(db: DbOrTx, placeId: string): Promise<ReportScheduleRow | undefined> {
    const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.placeId, placeId));
    return row;
  },
  async saveSchedule(db: DbOrTx, placeId: string, mode: ReportScheduleRow['mode'], monthDay: number | null): Promise<ReportScheduleRow> {
    const [row] = await db
      .insert(reportSchedules)
      .values({ placeId, mode, monthDay })
      .onConflictDoUpdate({ target: reportSchedules.placeId, set: { mode, monthDay, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error('report schedule upsert returned no row');
    return row;
  },
  /** The places on a monthly schedule, with what the due moment needs. */
  async listMonthly(db: DbOrTx): Promise<{ place: PlaceRowLite; monthDay: number; updatedAt: Date }[]> {
    const rows = await db
      .select({ place: places, monthDay: reportSchedules.monthDay, updatedAt: reportSchedules.updatedAt })
      .from(reportSchedules)
      .innerJoin(places, eq(places.id, reportSchedules.placeId))
      .where(eq(reportSchedules.mode, 'monthly'));
    return rows.flatMap((r) => (r.monthDay === null ? [] : [{ place: r.place, monthDay: r.monthDay, updatedAt: r.updatedAt }]));
  },

  // ── Rounds ────────────────────────────────────────────────────────────────
  /**
   * A weekly round of the place: its analyses for the ISO week, how many are still running,
   * and how many keywords were there at the slot (each gets one analysis when the round is queued).
   */
  async weeklyRoundState(db: DbOrTx, placeId: string, weeklySlot: string, slotAt: Date): Promise<{ analyses: number; unfinished: number; keywords: number }> {
    const [round] = await db
      .select({
        analyses: sql<number>`count(*)::int`.mapWith(Number),
        unfinished: sql<number>`count(*) filter (where ${rankMaps.status} in ('pending', 'processing'))::int`.mapWith(Number),
      })
      .from(rankMaps)
      .where(and(eq(rankMaps.placeId, placeId), eq(rankMaps.kind, 'weekly'), eq(rankMaps.weeklySlot, weeklySlot)));
    const [kw] = await db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(keywords)
      .where(and(eq(keywords.placeId, placeId), lte(keywords.createdAt, slotAt)));
    return { analyses: round?.analyses ?? 0, unfinished: round?.unfinished ?? 0, keywords: kw?.n ?? 0 };
  },
  /** The round as due, once: undefined when the place already has it. */
  async insertSend(db: DbOrTx, row: { placeId: string; round: string; trigger: ReportSendRow['trigger'] }): Promise<ReportSendRow | undefined> {
    const [inserted] = await db.insert(reportSends).values(row).onConflictDoNothing().returning();
    return inserted;
  },
  async findSend(db: DbOrTx, id: string): Promise<ReportSendRow | undefined> {
    const [row] = await db.select().from(reportSends).where(eq(reportSends.id, id));
    return row;
  },
  async lockSend(tx: DbOrTx, id: string): Promise<ReportSendRow | undefined> {
    const [row] = await tx.select().from(reportSends).where(eq(reportSends.id, id)).for('update');
    return row;
  },
  async listSends(db: DbOrTx, placeId: string): Promise<ReportSendRow[]> {
    return db.select().from(reportSends).where(eq(reportSends.placeId, placeId)).orderBy(asc(reportSends.createdAt));
  },
  async recordFailure(db: DbOrTx, id: string, error: string) {
    await db
      .update(reportSends)
      .set({ attempts: sql`${reportSends.attempts} + 1`, lastError: error.slice(0, 500) })
      .where(and(eq(reportSends.id, id), eq(reportSends.status, 'queued')));
  },
  async finish(db: DbOrTx, id: string, done: { status: 'sent' | 'skipped'; recipients: number; shareLinkId?: string | null; pdfSha256?: string | null; lastError?: string | null }) {
    await db
      .update(reportSends)
      .set({ ...done, doneAt: new Date() })
      .where(eq(reportSends.id, id));
  },
};
