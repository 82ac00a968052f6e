import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { placeFollowedCompetitors } from '../../db/followed-competitors-schema';
import { places } from '../../db/places-schema';

export type FollowedCompetitorRow = typeof placeFollowedCompetitors.$inferSelect;

/** Every query on `place_followed_competitors`. Callers have checked that the place is the user's. */
const listByPlace = preparedStatement('followed_competitor_list_by_place', (db) =>
  db
    .select()
    .from(placeFollowedCompetitors)
    .where(eq(placeFollowedCompetitors.placeId, sql.placeholder('placeId')))
    .orderBy(asc(placeFollowedCompetitors.createdAt), asc(placeFollowedCompetitors.competitorPlaceId)),
);

export const followedCompetitorsRepository = {
  /** The place's row, locked: follows of one place queue here, so the limit of 5 holds under races. */
  async lockPlace(tx: DbOrTx, placeId: string): Promise<boolean> {
    const rows = await tx.select({ id: places.id }).from(places).where(eq(places.id, placeId)).for('update');
    return rows.length > 0;
  },

  /** Oldest first. */
  async listByPlace(db: DbOrTx, placeId: string): Promise<FollowedCompetitorRow[]> {
    return listByPlace(db).execute({ placeId });
  },

  async insert(db: DbOrTx, values: { placeId: string; competitorPlaceId: string; name: string }): Promise<void> {
    await db.insert(placeFollowedCompetitors).values(values).onConflictDoNothing();
  },

  async delete(db: DbOrTx, placeId: string, competitorPlaceId: string): Promise<void> {
    await db
      .delete(placeFollowedCompetitors)
      .where(and(eq(placeFollowedCompetitors.placeId, placeId), eq(placeFollowedCompetitors.competitorPlaceId, competitorPlaceId)));
  },
};
