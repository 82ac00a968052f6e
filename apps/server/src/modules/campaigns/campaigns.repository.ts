import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { campaignRounds, campaigns } from '../../db/campaigns-schema';
import type { DbOrTx } from '../../db/client';
import { places } from '../../db/places-schema';
import { campaignKeywords, keywords, rankMaps } from '../../db/rankmaps-schema';
import type { PlaceColumns } from '../places/place-schedule';
import { type Scope, clientCondition } from '../workspaces/scope';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type CampaignRoundRow = typeof campaignRounds.$inferSelect;

/** One keyword a campaign runs, with its place: what a round and the forecast are made of. */
export interface CampaignTarget {
  campaignId: string;
  keywordId: string;
  keywordName: string;
  keywordCreatedAt: Date;
  place: PlaceColumns;
}

const targetColumns = { keywordId: keywords.id, keywordName: keywords.name, keywordCreatedAt: keywords.createdAt, place: places };

/** The queries of campaigns (docs/decisions.md §25.3). API reads are scoped to the owner. */
export const campaignsRepository = {
  /**
   * The campaigns the scope sees: for a Miembro or a Cliente, those whose every business is of
   * their clients (a campaign with none yet, or with one business of another client, is left
   * out, like its id in the scope guard; docs/decisions.md §30.6).
   */
  async listOwned(db: DbOrTx, scope: Scope): Promise<CampaignRow[]> {
    const userId = scope.workspaceId;
    const assigned = clientCondition(scope, sql`p.client_id`);
    const visible = assigned
      ? sql`${campaigns.id} in (select c.id from campaigns c
          left join campaign_keywords ck on ck.campaign_id = c.id
          left join keywords k on k.id = ck.keyword_id
          left join places p on p.id = coalesce(c.place_id, k.place_id)
          where c.user_id = ${userId} group by c.id having bool_and(coalesce(${assigned}, false)))`
      : undefined;
    return db.select().from(campaigns).where(and(eq(campaigns.userId, userId), visible)).orderBy(asc(campaigns.createdAt), asc(campaigns.id));
  },

  async findOwned(db: DbOrTx, userId: string, id: string): Promise<CampaignRow | undefined> {
    const [row] = await db.select().from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
    return row;
  },

  /** The owner's row, locked: edits, pauses and deletions of one campaign queue here. */
  async lockOwned(tx: DbOrTx, userId: string, id: string): Promise<CampaignRow | undefined> {
    const [row] = await tx.select().from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.userId, userId))).for('update');
    return row;
  },

  async countCustom(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(campaigns).where(and(eq(campaigns.userId, userId), isNull(campaigns.placeId)));
    return Number(row?.n ?? 0);
  },

  async insert(db: DbOrTx, values: NewCampaign): Promise<CampaignRow> {
    const [row] = await db.insert(campaigns).values(values).returning();
    if (!row) throw new Error('campaign insert returned no row');
    return row;
  },

  async update(db: DbOrTx, id: string, changes: Partial<NewCampaign>): Promise<CampaignRow | undefined> {
    const [row] = await db
      .update(campaigns)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(campaigns.id, id))
      .returning();
    return row;
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(campaigns).where(eq(campaigns.id, id));
  },

  async setKeywords(tx: DbOrTx, campaignId: string, keywordIds: string[]): Promise<void> {
    await tx.delete(campaignKeywords).where(eq(campaignKeywords.campaignId, campaignId));
    if (keywordIds.length > 0) await tx.insert(campaignKeywords).values(keywordIds.map((keywordId) => ({ campaignId, keywordId })));
  },

  /** Of `ids`, the user's keywords: a campaign may only hold its owner's. */
  async ownedKeywordIds(db: DbOrTx, userId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: keywords.id })
      .from(keywords)
      .where(and(eq(keywords.userId, userId), inArray(keywords.id, ids)));
    return new Set(rows.map((r) => r.id));
  },

  /**
   * The keywords each campaign runs, with their places: a custom campaign's listed keywords, a
   * place's weekly scan every keyword of its place. Only active, unpaused campaigns with `active`.
   */
  async targets(db: DbOrTx, opts: { campaignIds?: string[]; active?: boolean }): Promise<CampaignTarget[]> {
    if (opts.campaignIds && opts.campaignIds.length === 0) return [];
    const filters = [
      ...(opts.campaignIds ? [inArray(campaigns.id, opts.campaignIds)] : []),
      ...(opts.active ? [eq(campaigns.active, true), isNull(campaigns.pausedReason)] : []),
    ];
    const [custom, own] = await Promise.all([
      db
        .select({ campaignId: campaigns.id, ...targetColumns })
        .from(campaigns)
        .innerJoin(campaignKeywords, eq(campaignKeywords.campaignId, campaigns.id))
        .innerJoin(keywords, eq(keywords.id, campaignKeywords.keywordId))
        .innerJoin(places, eq(places.id, keywords.placeId))
        .where(and(isNull(campaigns.placeId), ...filters)),
      db
        .select({ campaignId: campaigns.id, ...targetColumns })
        .from(campaigns)
        .innerJoin(places, eq(places.id, campaigns.placeId))
        .innerJoin(keywords, eq(keywords.placeId, places.id))
        .where(and(isNotNull(campaigns.placeId), ...filters)),
    ]);
    return [...custom, ...own].sort((a, b) => a.place.createdAt.getTime() - b.place.createdAt.getTime() || a.keywordCreatedAt.getTime() - b.keywordCreatedAt.getTime() || a.keywordId.localeCompare(b.keywordId));
  },

  /** The keywords given, with their places, as campaign targets (campaignId left empty). */
  async keywordTargets(db: DbOrTx, keywordIds: string[]): Promise<CampaignTarget[]> {
    if (keywordIds.length === 0) return [];
    const rows = await db
      .select(targetColumns)
      .from(keywords)
      .innerJoin(places, eq(places.id, keywords.placeId))
      .where(inArray(keywords.id, keywordIds))
      .orderBy(asc(places.createdAt), asc(places.id), asc(keywords.createdAt), asc(keywords.id));
    return rows.map((r) => ({ campaignId: '', ...r }));
  },

  async placeNames(db: DbOrTx, placeIds: string[]): Promise<Map<string, string>> {
    if (placeIds.length === 0) return new Map();
    const rows = await db.select({ id: places.id, name: places.name }).from(places).where(inArray(places.id, placeIds));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** The running custom campaigns each of these keywords is in: their next runs join the portfolio's. */
  async runningCustomOf(db: DbOrTx, keywordIds: string[]): Promise<Map<string, CampaignRow[]>> {
    if (keywordIds.length === 0) return new Map();
    const rows = await db
      .select({ keywordId: campaignKeywords.keywordId, campaign: campaigns })
      .from(campaignKeywords)
      .innerJoin(campaigns, eq(campaigns.id, campaignKeywords.campaignId))
      .where(and(inArray(campaignKeywords.keywordId, keywordIds), eq(campaigns.active, true), isNull(campaigns.pausedReason)));
    const byKeyword = new Map<string, CampaignRow[]>();
    for (const r of rows) byKeyword.set(r.keywordId, [...(byKeyword.get(r.keywordId) ?? []), r.campaign]);
    return byKeyword;
  },

  /** Active, unpaused campaigns, by id: the scheduler's list. */
  async listRunnable(db: DbOrTx, userId?: string): Promise<CampaignRow[]> {
    return db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.active, true), isNull(campaigns.pausedReason), ...(userId ? [eq(campaigns.userId, userId)] : [])));
  },

  // ── Rounds ────────────────────────────────────────────────────────────────

  /** The rounds of these slots, made by the first caller (one per campaign and slot), keyed `campaignId|slot`. */
  async rounds(db: DbOrTx, values: { campaignId: string; userId: string; slot: string; scheduledFor: Date }[]): Promise<Map<string, CampaignRoundRow>> {
    if (values.length === 0) return new Map();
    await db.insert(campaignRounds).values(values).onConflictDoNothing();
    return this.existingRounds(
      db,
      [...new Set(values.map((v) => v.campaignId))],
      [...new Set(values.map((v) => v.slot))],
    );
  },

  /** The rounds already made for these (campaign, slot) pairs, keyed `campaignId|slot`. */
  async existingRounds(db: DbOrTx, campaignIds: string[], slots: string[]): Promise<Map<string, CampaignRoundRow>> {
    if (campaignIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(campaignRounds)
      .where(and(inArray(campaignRounds.campaignId, campaignIds), inArray(campaignRounds.slot, slots)));
    return new Map(rows.map((r) => [`${r.campaignId}|${r.slot}`, r]));
  },

  /** `roundId|keywordId` of the analyses the rounds already have. */
  async roundAnalyses(db: DbOrTx, roundIds: string[]): Promise<Set<string>> {
    if (roundIds.length === 0) return new Set();
    const rows = await db
      .select({ roundId: rankMaps.campaignRoundId, keywordId: rankMaps.keywordId })
      .from(rankMaps)
      .where(inArray(rankMaps.campaignRoundId, roundIds));
    return new Set(rows.map((r) => `${r.roundId}|${r.keywordId}`));
  },

  /** Pauses a running campaign for `reason`; one already paused keeps its first reason and time. */
  async pauseRunning(db: DbOrTx, id: string, reason: string, now: Date): Promise<void> {
    await db
      .update(campaigns)
      .set({ pausedReason: reason, pausedAt: now, updatedAt: now })
      .where(and(eq(campaigns.id, id), isNull(campaigns.pausedReason)));
  },

  /** A round's analyses; those the round already has (unique per keyword and round) are left out of the answer. */
  async insertAnalyses(tx: DbOrTx, values: (typeof rankMaps.$inferInsert)[]) {
    return tx.insert(rankMaps).values(values).onConflictDoNothing().returning({ id: rankMaps.id, keywordId: rankMaps.keywordId, jobId: rankMaps.jobId, scheduledFor: rankMaps.scheduledFor, campaignRoundId: rankMaps.campaignRoundId, totalPoints: rankMaps.totalPoints, billing: rankMaps.billing });
  },

  /** A round with its campaign, and each of its analyses with its keyword's text, place, state and GeoRank: what its summary says. */
  async roundWithAnalyses(db: DbOrTx, roundId: string) {
    const [found] = await db.select({ round: campaignRounds, campaign: campaigns }).from(campaignRounds).innerJoin(campaigns, eq(campaigns.id, campaignRounds.campaignId)).where(eq(campaignRounds.id, roundId));
    if (!found) return undefined;
    const analyses = await db
      .select({ id: rankMaps.id, query: rankMaps.query, placeName: places.name, status: rankMaps.status, geoRank: sql<number | null>`(${rankMaps.stats}->>'geoRank')::float8` })
      .from(rankMaps)
      .innerJoin(places, eq(places.id, rankMaps.placeId))
      .where(eq(rankMaps.campaignRoundId, roundId))
      .orderBy(asc(places.createdAt), asc(rankMaps.createdAt), asc(rankMaps.id));
    return { ...found, analyses };
  },

  async skipRound(db: DbOrTx, roundId: string, reason: string): Promise<void> {
    await db.update(campaignRounds).set({ skippedReason: reason }).where(eq(campaignRounds.id, roundId));
  },

  /** A campaign's latest rounds with their progress and cost, newest first. */
  async roundsWithProgress(db: DbOrTx, campaignIds: string[], limitPerCampaign: number) {
    if (campaignIds.length === 0) return [];
    const rows = await db
      .select({
        id: campaignRounds.id,
        campaignId: campaignRounds.campaignId,
        slot: campaignRounds.slot,
        scheduledFor: campaignRounds.scheduledFor,
        skippedReason: campaignRounds.skippedReason,
        analyses: count(rankMaps.id),
        completed: sql<number>`count(*) filter (where ${rankMaps.status} = 'completed')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${rankMaps.status} = 'failed')`.mapWith(Number),
        credits: sql<number>`coalesce(sum(${rankMaps.creditsCharged} - ${rankMaps.creditsRefunded}), 0)`.mapWith(Number),
        rank: sql<number>`row_number() over (partition by ${campaignRounds.campaignId} order by ${campaignRounds.scheduledFor} desc, ${campaignRounds.id} desc)`.mapWith(Number),
      })
      .from(campaignRounds)
      .leftJoin(rankMaps, eq(rankMaps.campaignRoundId, campaignRounds.id))
      .where(inArray(campaignRounds.campaignId, campaignIds))
      .groupBy(campaignRounds.id)
      .orderBy(desc(campaignRounds.scheduledFor), desc(campaignRounds.id));
    return rows.filter((r) => r.rank <= limitPerCampaign).map((r) => ({ ...r, analyses: Number(r.analyses) }));
  },
};
