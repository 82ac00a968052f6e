import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { places } from '../../db/places-schema';
import { keywords } from '../../db/rankmaps-schema';
import { type Scope, clientCondition } from '../workspaces/scope';

export interface ImportPlace {
  id: string;
  name: string;
}

/** Rows per INSERT: 3 parameters each, far below PostgreSQL's 65,535. */
const INSERT_BATCH = 2000;

/** The queries of a bulk keyword import (docs/decisions.md §25.2), scoped to the owner. */
export const keywordImportRepository = {
  /** Every place the scope sees, by id and name: what a CSV's «negocio» column is matched against. */
  async listOwnedPlaces(db: DbOrTx, scope: Scope): Promise<ImportPlace[]> {
    return db
      .select({ id: places.id, name: places.name })
      .from(places)
      .where(and(eq(places.userId, scope.workspaceId), clientCondition(scope, places.clientId)))
      .orderBy(asc(places.createdAt), asc(places.id));
  },

  /** The user's places among `ids`, locked in id order (the order every import takes them, so two imports never deadlock). */
  async lockOwnedPlaces(tx: DbOrTx, userId: string, ids: string[]): Promise<ImportPlace[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: places.id, name: places.name })
      .from(places)
      .where(and(eq(places.userId, userId), inArray(places.id, ids)))
      .orderBy(asc(places.id))
      .for('update');
  },

  /** The keywords the places already have: their names, by place. */
  async namesByPlace(db: DbOrTx, placeIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(placeIds.map((id) => [id, []]));
    if (placeIds.length === 0) return out;
    const rows = await db.select({ placeId: keywords.placeId, name: keywords.name }).from(keywords).where(inArray(keywords.placeId, placeIds));
    for (const row of rows) out.get(row.placeId)?.push(row.name);
    return out;
  },

  /**
   * Inserts the keywords in batches; one the unique index (place, lower(name)) already holds is
   * skipped. Returns what was inserted, so the caller can tell which were skipped.
   */
  async insertMany(tx: DbOrTx, rows: { placeId: string; userId: string; name: string }[]): Promise<{ id: string; placeId: string; name: string }[]> {
    const inserted: { id: string; placeId: string; name: string }[] = [];
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH);
      inserted.push(
        ...(await tx.insert(keywords).values(batch).onConflictDoNothing().returning({ id: keywords.id, placeId: keywords.placeId, name: keywords.name })),
      );
    }
    return inserted;
  },
};
