import { type SQL, and, asc, count, eq, sql } from 'drizzle-orm';
import type { CardFigures } from '@rankmaps/shared/schemas/workspace';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { campaigns } from '../../db/campaigns-schema';
import { activePlaces, clients, places } from '../../db/places-schema';
import { keywordFigures } from '../../db/rankmaps-schema';
import { type Scope, clientCondition } from '../workspaces/scope';
import { type PlaceRow, type PlaceSchedule, insertPlaceCampaign, placeCampaignJoin, placeWithSchedule, updatePlaceCampaign } from './place-schedule';

export type { PlaceRow };
/** A place as its card shows it (docs/decisions.md §25.1): with its client and its keywords' latest figures. */
export type PlaceCardRow = PlaceRow & { client: { id: string; name: string } | null; figures: CardFigures };
export type NewPlace = typeof places.$inferInsert;
export type PlaceChanges = Partial<Omit<NewPlace, 'id' | 'userId' | 'googlePlaceId' | 'createdAt'> & PlaceSchedule>;

/** Every query on `places`. Each one is scoped to the owner: others' places do not exist. */
const listByUser = preparedStatement('place_list_by_user', (db) =>
  db.select(placeWithSchedule).from(places).innerJoin(campaigns, placeCampaignJoin).where(eq(places.userId, sql.placeholder('userId'))).orderBy(asc(places.createdAt), asc(places.id)),
);
const findOwned = preparedStatement('place_find_owned', (db) =>
  db.select(placeWithSchedule).from(places).innerJoin(campaigns, placeCampaignJoin).where(and(eq(places.id, sql.placeholder('id')), eq(places.userId, sql.placeholder('userId')))),
);

/**
 * A place with what its card adds, in one statement: its client (the owner's, by name) and the
 * mean of its keywords' latest figures with its last scan (keyword_figures, grouped by place);
 * no change when any keyword's latest two analyses ran on different grids.
 * `where` names the places (always the owner's).
 */
function placeCards(db: DbOrTx, where: SQL | undefined) {
  const figures = db
    .select({
      placeId: keywordFigures.placeId,
      geoRank: sql<number | null>`avg(${keywordFigures.geoRank})::float8`.as('card_geo_rank'),
      // A keyword whose latest two analyses ran on different grids leaves the card without a change (docs/decisions.md §25.6).
      geoRankChange: sql<number | null>`case when bool_or(${keywordFigures.gridChanged}) then null else avg(${keywordFigures.geoRankChange})::float8 end`.as('card_geo_rank_change'),
      gridChanged: sql<boolean>`bool_or(${keywordFigures.gridChanged})`.as('card_grid_changed'),
      lastAt: sql<Date | string | null>`max(${keywordFigures.lastAt})`.as('card_last_at'),
    })
    .from(keywordFigures)
    .where(eq(keywordFigures.userId, sql.placeholder('userId')))
    .groupBy(keywordFigures.placeId)
    .as('card_figures');
  return db
    .select({
      ...placeWithSchedule,
      clientName: clients.name,
      cardGeoRank: figures.geoRank,
      cardGeoRankChange: figures.geoRankChange,
      cardGridChanged: figures.gridChanged,
      cardLastAt: figures.lastAt,
      cardPlaceId: figures.placeId,
    })
    .from(places)
    .innerJoin(campaigns, placeCampaignJoin)
    .leftJoin(clients, and(eq(clients.id, places.clientId), eq(clients.userId, places.userId)))
    .leftJoin(figures, eq(figures.placeId, places.id))
    .where(where);
}

type PlaceCardSelect = Awaited<ReturnType<typeof placeCards>>[number];

const NO_FIGURES: CardFigures = { geoRank: null, geoRankChange: null, gridChanged: false, lastAt: null };

function toCard(row: PlaceCardSelect): PlaceCardRow {
  const { clientName, cardGeoRank, cardGeoRankChange, cardGridChanged, cardLastAt, cardPlaceId, ...place } = row;
  // A client the place names but the owner does not have reads as none.
  const client = place.clientId && clientName !== null ? { id: place.clientId, name: clientName } : null;
  const figures: CardFigures =
    cardPlaceId === null
      ? NO_FIGURES
      : {
          geoRank: cardGeoRank === null ? null : Number(cardGeoRank),
          geoRankChange: cardGeoRankChange === null ? null : Number(cardGeoRankChange),
          gridChanged: cardGridChanged === true,
          lastAt: cardLastAt === null ? null : new Date(cardLastAt).toISOString(),
        };
  return { ...place, client, figures };
}

const listCardsByUser = preparedStatement('place_cards_by_user', (db) => placeCards(db, eq(places.userId, sql.placeholder('userId'))).orderBy(asc(places.createdAt), asc(places.id)));
const findOwnedCard = preparedStatement('place_card_find_owned', (db) => placeCards(db, and(eq(places.id, sql.placeholder('id')), eq(places.userId, sql.placeholder('userId')))));

const findActivePlaceId = preparedStatement('place_find_active_id', (db) =>
  db.select({ placeId: activePlaces.placeId }).from(activePlaces).where(eq(activePlaces.userId, sql.placeholder('userId'))),
);

export const placesRepository = {
  async listByUser(db: DbOrTx, userId: string): Promise<PlaceRow[]> {
    return listByUser(db).execute({ userId });
  },

  /**
   * The places the scope sees as their cards show them, oldest first: one statement, however many
   * places. The whole workspace runs the prepared statement; a Miembro or a Cliente the same
   * query with their clients' condition (docs/decisions.md §30.6).
   */
  async listCards(db: DbOrTx, scope: Scope): Promise<PlaceCardRow[]> {
    const userId = scope.workspaceId;
    const assigned = clientCondition(scope, places.clientId);
    const rows = assigned
      ? await placeCards(db, and(eq(places.userId, userId), assigned))
          .orderBy(asc(places.createdAt), asc(places.id))
          .execute({ userId })
      : await listCardsByUser(db).execute({ userId });
    return rows.map(toCard);
  },

  /** One of the user's places as its card shows it. */
  async findOwnedCard(db: DbOrTx, userId: string, id: string): Promise<PlaceCardRow | undefined> {
    const [row] = await findOwnedCard(db).execute({ id, userId });
    return row && toCard(row);
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
  async insert(db: DbOrTx, values: NewPlace, weeklyScans = true): Promise<PlaceRow | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(places).values(values).onConflictDoNothing().returning();
      if (!row) return undefined;
      await insertPlaceCampaign(tx, row, weeklyScans);
      return this.findOwned(tx, row.userId, row.id);
    });
  },

  async update(db: DbOrTx, userId: string, id: string, changes: PlaceChanges): Promise<PlaceRow | undefined> {
    const { weeklyScans, rankDay, rankHour, scheduleDefault, weeklyAi, ...columns } = changes;
    return db.transaction(async (tx) => {
      const owned = await this.findOwned(tx, userId, id);
      if (!owned) return undefined;
      if (Object.keys(columns).length > 0) await tx.update(places).set(columns).where(and(eq(places.id, id), eq(places.userId, userId)));
      if ([weeklyScans, rankDay, rankHour, scheduleDefault, weeklyAi].some((v) => v !== undefined)) await updatePlaceCampaign(tx, id, { weeklyScans, rankDay, rankHour, scheduleDefault, weeklyAi });
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
