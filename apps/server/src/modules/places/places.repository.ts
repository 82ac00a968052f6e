import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { campaigns } from '../../db/campaigns-schema';
import { activePlaces, places } from '../../db/places-schema';
import { type PlaceRow, type PlaceSchedule, insertPlaceCampaign, placeCampaignJoin, placeWithSchedule, updatePlaceCampaign } from './place-schedule';

export type { PlaceRow };
export type NewPlace = typeof places.$inferInsert;
export type PlaceChanges = Partial<Omit<NewPlace, 'id' | 'userId' | 'googlePlaceId' | 'createdAt'> & PlaceSchedule>;

/** Every query on `places`. Each one is scoped to the owner: others' places do not exist. */
const listByUser = preparedStatement('place_list_by_user', (db) =>
  db.select(placeWithSchedule).from(places).innerJoin(campaigns, placeCampaignJoin).where(eq(places.userId, sql.placeholder('userId'))).orderBy(asc(places.createdAt), asc(places.id)),
);
const findOwned = preparedStatement('place_find_owned', (db) =>
  db.select(placeWithSchedule).from(places).innerJoin(campaigns, placeCampaignJoin).where(and(eq(places.id, sql.placeholder('id')), eq(places.userId, sql.placeholder('userId')))),
);
const findActivePlaceId = preparedStatement('place_find_active_id', (db) =>
  db.select({ placeId: activePlaces.placeId }).from(activePlaces).where(eq(activePlaces.userId, sql.placeholder('userId'))),
);

export const placesRepository = {
  async listByUser(db: DbOrTx, userId: string): Promise<PlaceRow[]> {
    return listByUser(db).execute({ userId });
  },

  async countByUser(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(places).where(eq(places.userId, userId));
    return Number(row?.n ?? 0);
  },

  async findOwned(db: DbOrTx, userId: string, id: string): Promise<PlaceRow | undefined> {
    const [row] = await findOwned(db).execute({ id, userId });
    return row;
  },

  async findByGooglePlaceId(db: DbOrTx, userId: string, googlePlaceId: string): Promise<PlaceRow | undefined> {
    const [row] = await db.select(placeWithSchedule).from(places).innerJoin(campaigns, placeCampaignJoin).where(and(eq(places.userId, userId), eq(places.googlePlaceId, googlePlaceId)));
    return row;
  },

  /** Undefined when the user already has this business (the unique index decides under races). Makes its weekly scan too. */
  async insert(db: DbOrTx, values: NewPlace): Promise<PlaceRow | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(places).values(values).onConflictDoNothing().returning();
      if (!row) return undefined;
      await insertPlaceCampaign(tx, row);
      return this.findOwned(tx, row.userId, row.id);
    });
  },

  async update(db: DbOrTx, userId: string, id: string, changes: PlaceChanges): Promise<PlaceRow | undefined> {
    const { weeklyScans, rankDay, rankHour, scheduleDefault, ...columns } = changes;
    return db.transaction(async (tx) => {
      const owned = await this.findOwned(tx, userId, id);
      if (!owned) return undefined;
      if (Object.keys(columns).length > 0) await tx.update(places).set(columns).where(and(eq(places.id, id), eq(places.userId, userId)));
      if ([weeklyScans, rankDay, rankHour, scheduleDefault].some((v) => v !== undefined)) await updatePlaceCampaign(tx, id, { weeklyScans, rankDay, rankHour, scheduleDefault });
      return this.findOwned(tx, userId, id);
    });
  },

  /** Deleting the place also clears it as the active one (foreign key cascade). */
  async delete(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db.delete(places).where(and(eq(places.id, id), eq(places.userId, userId))).returning({ id: places.id });
    return rows.length > 0;
  },

  async findActivePlaceId(db: DbOrTx, userId: string): Promise<string | null> {
    const [row] = await findActivePlaceId(db).execute({ userId });
    return row?.placeId ?? null;
  },

  async setActivePlace(db: DbOrTx, userId: string, placeId: string): Promise<void> {
    await db.insert(activePlaces).values({ userId, placeId }).onConflictDoUpdate({ target: activePlaces.userId, set: { placeId } });
  },
};
