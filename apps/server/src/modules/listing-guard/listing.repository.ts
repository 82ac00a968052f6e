import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { ListingField, ListingSource } from '@rankmaps/shared/schemas/review-pace';
import type { DbOrTx } from '../../db/client';
import { listingChanges, placeListingFields } from '../../db/listing-schema';
import { places } from '../../db/places-schema';
import { keywords, rankMapBusinesses, rankMaps } from '../../db/rankmaps-schema';

export type ListingChangeRow = typeof listingChanges.$inferSelect;
export type ListingFieldRow = typeof placeListingFields.$inferSelect;
export type NewListingChange = typeof listingChanges.$inferInsert;

export const listingRepository = {
  /** The target's business as an analysis stored it (by the provider id), or undefined when its results never listed it. */
  async businessIn(db: DbOrTx, rankMapId: string, key: string) {
    const [row] = await db.select({ business: rankMapBusinesses.business }).from(rankMapBusinesses).where(and(eq(rankMapBusinesses.rankMapId, rankMapId), eq(rankMapBusinesses.key, key)));
    return row?.business;
  },

  /** The place's newest completed analysis by the given provider (by search instant), or undefined. */
  async latestCompleted(db: DbOrTx, placeId: string, provider: string): Promise<{ id: string } | undefined> {
    const ofPlace = db.select({ id: keywords.id }).from(keywords).where(eq(keywords.placeId, placeId));
    const [row] = await db
      .select({ id: rankMaps.id })
      .from(rankMaps)
      .where(and(inArray(rankMaps.keywordId, ofPlace), eq(rankMaps.status, 'completed'), eq(rankMaps.provider, provider)))
      .orderBy(desc(sql`coalesce(${rankMaps.scheduledFor}, ${rankMaps.createdAt})`))
      .limit(1);
    return row;
  },

  /** Locks the place's row: two analyses of one place compare and record one after the other. */
  async lockPlace(tx: DbOrTx, placeId: string): Promise<boolean> {
    const rows = await tx.select({ id: places.id }).from(places).where(eq(places.id, placeId)).for('update');
    return rows.length > 0;
  },

  async fields(db: DbOrTx, placeId: string, source: ListingSource): Promise<ListingFieldRow[]> {
    return db.select().from(placeListingFields).where(and(eq(placeListingFields.placeId, placeId), eq(placeListingFields.source, source)));
  },

  async saveField(tx: DbOrTx, row: ListingFieldRow): Promise<void> {
    await tx
      .insert(placeListingFields)
      .values(row)
      .onConflictDoUpdate({ target: [placeListingFields.placeId, placeListingFields.source, placeListingFields.field], set: { value: row.value, seenAt: row.seenAt, rankMapId: row.rankMapId } });
  },

  /** Inserts the change unless its dedupe key is taken; the row when inserted. */
  async insertChange(tx: DbOrTx, row: NewListingChange): Promise<ListingChangeRow | undefined> {
    const [inserted] = await tx.insert(listingChanges).values(row).onConflictDoNothing({ target: listingChanges.dedupeKey }).returning();
    return inserted;
  },

  /** The changes an analysis saw: what its notifications announce, however many times the job runs. */
  async changesOfAnalysis(db: DbOrTx, rankMapId: string): Promise<ListingChangeRow[]> {
    return db.select().from(listingChanges).where(eq(listingChanges.rankMapId, rankMapId)).orderBy(listingChanges.field);
  },

  /** A place's changes of one source seen after `since`, newest first (at most 50): what a Business Profile sync notifies (docs/decisions.md §32.6). */
  async recentOfSource(db: DbOrTx, placeId: string, source: ListingSource, since: Date): Promise<ListingChangeRow[]> {
    return db
      .select()
      .from(listingChanges)
      .where(and(eq(listingChanges.placeId, placeId), eq(listingChanges.source, source), gt(listingChanges.seenAt, since)))
      .orderBy(desc(listingChanges.seenAt))
      .limit(50);
  },

  /** A page of a place's changes, newest first, after the (seenAt, id) of the previous page's last. */
  async page(db: DbOrTx, placeId: string, limit: number, after: { seenAt: Date; id: string } | null): Promise<ListingChangeRow[]> {
    const before = after ? or(lt(listingChanges.seenAt, after.seenAt), and(eq(listingChanges.seenAt, after.seenAt), lt(listingChanges.id, after.id))) : undefined;
    return db
      .select()
      .from(listingChanges)
      .where(and(eq(listingChanges.placeId, placeId), before))
      .orderBy(desc(listingChanges.seenAt), desc(listingChanges.id))
      .limit(limit + 1);
  },
};

export type { ListingField };
