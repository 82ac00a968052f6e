import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { places } from '../../db/places-schema';
import { keywords, rankMaps } from '../../db/rankmaps-schema';
import type { Cursor } from './cursor';
import { type Scope, clientCondition } from '../workspaces/scope';

// Reads of the /api/v1 surface (docs/api.md). Every query is scoped by the key's user: another
// user's id finds nothing, exactly like an id that does not exist.

/** Rows strictly after the cursor in (created_at desc, id desc) order. */
const after = (createdAt: typeof places.createdAt | typeof rankMaps.createdAt, id: typeof places.id | typeof rankMaps.id, c: Cursor | null) =>
  c ? or(lt(createdAt, c.createdAt), and(eq(createdAt, c.createdAt), lt(id, c.id))) : undefined;

export const apiV1Repository = {
  /** `scope`: an MCP caller acting as a Miembro or Cliente sees only their clients' places (docs/decisions.md §33.3); v1 keys see all. */
  async places(db: DbOrTx, userId: string, cursor: Cursor | null, limit: number, scope: Scope | null = null) {
    return db
      .select({ id: places.id, name: places.name, address: places.address, countryCode: places.countryCode, lat: places.centerLat, lng: places.centerLng, rating: places.rating, totalReviews: places.totalReviews, clientId: places.clientId, createdAt: places.createdAt })
      .from(places)
      .where(and(eq(places.userId, userId), after(places.createdAt, places.id, cursor), scope ? clientCondition(scope, places.clientId) : undefined))
      .orderBy(desc(places.createdAt), desc(places.id))
      .limit(limit + 1);
  },
  async ownsPlace(db: DbOrTx, userId: string, placeId: string): Promise<boolean> {
    const [row] = await db.select({ id: places.id }).from(places).where(and(eq(places.id, placeId), eq(places.userId, userId)));
    return !!row;
  },
  async keywordsOf(db: DbOrTx, userId: string, placeId: string) {
    return db
      .select({ id: keywords.id, placeId: keywords.placeId, name: keywords.name, createdAt: keywords.createdAt })
      .from(keywords)
      .where(and(eq(keywords.placeId, placeId), eq(keywords.userId, userId)))
      .orderBy(desc(keywords.createdAt), desc(keywords.id));
  },
  async ownsKeyword(db: DbOrTx, userId: string, keywordId: string): Promise<boolean> {
    const [row] = await db.select({ id: keywords.id }).from(keywords).where(and(eq(keywords.id, keywordId), eq(keywords.userId, userId)));
    return !!row;
  },
  async analysesOf(db: DbOrTx, userId: string, keywordId: string, cursor: Cursor | null, limit: number) {
    return db
      .select()
      .from(rankMaps)
      .where(and(eq(rankMaps.keywordId, keywordId), eq(rankMaps.userId, userId), after(rankMaps.createdAt, rankMaps.id, cursor)))
      .orderBy(desc(rankMaps.createdAt), desc(rankMaps.id))
      .limit(limit + 1);
  },
  async analysis(db: DbOrTx, userId: string, id: string) {
    const [row] = await db.select().from(rankMaps).where(and(eq(rankMaps.id, id), eq(rankMaps.userId, userId)));
    return row;
  },
};

export type AnalysisRow = typeof rankMaps.$inferSelect;

/** One place of the user, with the fields of the places list. */
export async function placeOf(db: DbOrTx, userId: string, placeId: string) {
  const [row] = await db
    .select({ id: places.id, name: places.name, address: places.address, countryCode: places.countryCode, lat: places.centerLat, lng: places.centerLng, rating: places.rating, totalReviews: places.totalReviews, clientId: places.clientId, createdAt: places.createdAt })
    .from(places)
    .where(and(eq(places.id, placeId), eq(places.userId, userId)));
  return row;
}
