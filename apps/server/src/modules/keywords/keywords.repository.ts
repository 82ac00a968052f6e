import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { campaigns } from '../../db/campaigns-schema';
import { places } from '../../db/places-schema';
import { type PlaceRow, placeCampaignJoin, placeWithSchedule } from '../places/place-schedule';
import type { CardFigures } from '@rankmaps/shared/schemas/workspace';
import { campaignKeywords, keywordFigures, keywords } from '../../db/rankmaps-schema';

export type KeywordRow = typeof keywords.$inferSelect;
export type PlaceRowForKeyword = PlaceRow;
export type KeywordWithPlace = { keyword: KeywordRow; place: PlaceRowForKeyword };

/** Every query on `keywords`, scoped to the owner: others' keywords do not exist. */
const findOwned = preparedStatement('keyword_find_owned', (db) =>
  db
    .select({ keyword: keywords, place: placeWithSchedule })
    .from(keywords)
    .innerJoin(places, eq(places.id, keywords.placeId))
    .innerJoin(campaigns, placeCampaignJoin)
    .where(and(eq(keywords.id, sql.placeholder('id')), eq(keywords.userId, sql.placeholder('userId')))),
);

/** What a keyword's next round needs of a running custom campaign that holds it (rankmaps/next-round.ts). */
export type RunningCampaignTiming = Pick<typeof campaigns.$inferSelect, 'name' | 'frequency' | 'day' | 'runOn' | 'hour' | 'weekParity'>;

/**
 * findOwned, with the running custom campaigns that hold the keyword in the same statement: the
 * analyses list is in the load mix, and its budget is 3 statements (statement-budgets.api.test.ts).
 */
const findOwnedWithCampaigns = preparedStatement('keyword_find_owned_with_campaigns', (db) =>
  db
    .select({
      keyword: keywords,
      place: placeWithSchedule,
      runningCampaigns: sql<RunningCampaignTiming[]>`coalesce((
        select json_agg(json_build_object('name', c.${sql.raw(campaigns.name.name)}, 'frequency', c.${sql.raw(campaigns.frequency.name)}, 'day', c.${sql.raw(campaigns.day.name)}, 'runOn', c.${sql.raw(campaigns.runOn.name)}, 'hour', c.${sql.raw(campaigns.hour.name)}, 'weekParity', c.${sql.raw(campaigns.weekParity.name)}))
        from ${campaignKeywords} ck join ${campaigns} c on c.${sql.raw(campaigns.id.name)} = ck.${sql.raw(campaignKeywords.campaignId.name)}
        where ck.${sql.raw(campaignKeywords.keywordId.name)} = ${keywords.id} and c.${sql.raw(campaigns.active.name)} and c.${sql.raw(campaigns.pausedReason.name)} is null
      ), '[]'::json)`,
    })
    .from(keywords)
    .innerJoin(places, eq(places.id, keywords.placeId))
    .innerJoin(campaigns, placeCampaignJoin)
    .where(and(eq(keywords.id, sql.placeholder('id')), eq(keywords.userId, sql.placeholder('userId')))),
);

/** A place's keywords, oldest first, each with its latest figures (keyword_figures; none before its first analysis). */
const listByPlaceWithFigures = preparedStatement('keyword_list_by_place_with_figures', (db) =>
  db
    .select({ id: keywords.id, name: keywords.name, geoRank: keywordFigures.geoRank, geoRankChange: keywordFigures.geoRankChange, gridChanged: keywordFigures.gridChanged, lastAt: keywordFigures.lastAt })
    .from(keywords)
    .leftJoin(keywordFigures, eq(keywordFigures.keywordId, keywords.id))
    .where(eq(keywords.placeId, sql.placeholder('placeId')))
    .orderBy(asc(keywords.createdAt), asc(keywords.id)),
);

export const keywordsRepository = {
  /** The owner's place, locked: keyword adds for one place queue here, so the plan's limit holds. */
  async lockOwnedPlace(tx: DbOrTx, userId: string, placeId: string): Promise<PlaceRowForKeyword | undefined> {
    const [row] = await tx.select(placeWithSchedule).from(places).innerJoin(campaigns, placeCampaignJoin).where(and(eq(places.id, placeId), eq(places.userId, userId))).for('update', { of: places });
    return row;
  },

  async countByPlace(db: DbOrTx, placeId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(keywords).where(eq(keywords.placeId, placeId));
    return Number(row?.n ?? 0);
  },

  /** Undefined when the place already has this keyword, in any case (the unique index decides). */
  async insert(db: DbOrTx, values: { placeId: string; userId: string; name: string }): Promise<KeywordRow | undefined> {
    const [row] = await db.insert(keywords).values(values).onConflictDoNothing().returning();
    return row;
  },

  async findOwned(db: DbOrTx, userId: string, id: string): Promise<KeywordWithPlace | undefined> {
    const [row] = await findOwned(db).execute({ id, userId });
    return row;
  },

  /** The owner's keyword and place, and the running custom campaigns that hold the keyword. */
  async findOwnedWithCampaigns(db: DbOrTx, userId: string, id: string): Promise<(KeywordWithPlace & { runningCampaigns: RunningCampaignTiming[] }) | undefined> {
    const [row] = await findOwnedWithCampaigns(db).execute({ id, userId });
    return row;
  },

  async listByPlace(db: DbOrTx, placeId: string): Promise<KeywordRow[]> {
    return db.select().from(keywords).where(eq(keywords.placeId, placeId)).orderBy(asc(keywords.createdAt), asc(keywords.id));
  },

  /** The place's keywords as its page lists them, with their card figures, in one statement. */
  async listByPlaceWithFigures(db: DbOrTx, placeId: string): Promise<{ id: string; name: string; figures: CardFigures }[]> {
    const rows = await listByPlaceWithFigures(db).execute({ placeId });
    return rows.map((r) => ({ id: r.id, name: r.name, figures: { geoRank: r.geoRank, geoRankChange: r.geoRankChange, gridChanged: r.gridChanged ?? false, lastAt: r.lastAt?.toISOString() ?? null } }));
  },

  async delete(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db.delete(keywords).where(and(eq(keywords.id, id), eq(keywords.userId, userId))).returning({ id: keywords.id });
    return rows.length > 0;
  },
};
