import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clients, places } from '../../db/places-schema';
import { type Scope, clientCondition } from '../workspaces/scope';

export type ClientRow = typeof clients.$inferSelect;
export type ClientWithCount = ClientRow & { places: number };

/** Whether PostgreSQL answered with this SQLSTATE, as either driver reports it (drizzle may wrap it). */
function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Every query on `clients` is scoped to its owner: others' clients do not exist. */
export const clientsRepository = {
  /** The clients the scope sees: a Miembro or a Cliente, only those assigned to them (docs/decisions.md §30.6). */
  async list(db: DbOrTx, scope: Scope): Promise<ClientWithCount[]> {
    const userId = scope.workspaceId;
    const rows = await db
      .select({ id: clients.id, userId: clients.userId, name: clients.name, logo: clients.logo, logoKey: clients.logoKey, createdAt: clients.createdAt, places: count(places.id) })
      .from(clients)
      .leftJoin(places, and(eq(places.clientId, clients.id), eq(places.userId, userId)))
      .where(and(eq(clients.userId, userId), clientCondition(scope, clients.id)))
      .groupBy(clients.id)
      .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
    return rows.map((r) => ({ ...r, places: Number(r.places) }));
  },

  async findOwned(db: DbOrTx, userId: string, id: string): Promise<ClientRow | undefined> {
    const [row] = await db.select().from(clients).where(and(eq(clients.id, id), eq(clients.userId, userId)));
    return row;
  },

  /** Locks the client's row until the transaction ends, so concurrent logo changes queue; undefined when it is not the user's. */
  async findOwnedForUpdate(db: DbOrTx, userId: string, id: string): Promise<ClientRow | undefined> {
    const [row] = await db.select().from(clients).where(and(eq(clients.id, id), eq(clients.userId, userId))).for('update');
    return row;
  },

  async setLogo(db: DbOrTx, id: string, logo: { logo: string; logoKey: string } | null): Promise<void> {
    await db
      .update(clients)
      .set({ logo: logo?.logo ?? null, logoKey: logo?.logoKey ?? null })
      .where(eq(clients.id, id));
  },

  /** The storage key of a current logo, by its public key. */
  async findByLogoKey(db: DbOrTx, logoKey: string): Promise<Pick<ClientRow, 'logo'> | undefined> {
    const [row] = await db.select({ logo: clients.logo }).from(clients).where(eq(clients.logoKey, logoKey));
    return row;
  },

  /**
   * The client a place of the owner is grouped under, with only what a report shows of it
   * (docs/decisions.md §25.1): its name and logo. Undefined without one.
   */
  async ofPlace(db: DbOrTx, userId: string, placeId: string): Promise<Pick<ClientRow, 'name' | 'logo' | 'logoKey'> | undefined> {
    const [row] = await db
      .select({ name: clients.name, logo: clients.logo, logoKey: clients.logoKey })
      .from(places)
      .innerJoin(clients, and(eq(clients.id, places.clientId), eq(clients.userId, userId)))
      .where(and(eq(places.id, placeId), eq(places.userId, userId)));
    return row;
  },

  /** Undefined when the user already has a client by that name (the unique index decides). */
  async insert(db: DbOrTx, userId: string, name: string): Promise<ClientRow | undefined> {
    const [row] = await db.insert(clients).values({ userId, name }).onConflictDoNothing().returning();
    return row;
  },

  /** 'taken' when another client of the user has the name; undefined when the client is not the user's. */
  async rename(db: DbOrTx, userId: string, id: string, name: string): Promise<ClientRow | 'taken' | undefined> {
    try {
      const [row] = await db.update(clients).set({ name }).where(and(eq(clients.id, id), eq(clients.userId, userId))).returning();
      return row;
    } catch (err) {
      if (hasCode(err, '23505')) return 'taken';
      throw err;
    }
  },

  /** Its places stay, ungrouped (the foreign key sets them to null). Undefined when it is not the user's; else its logo's storage key, to remove. */
  async delete(db: DbOrTx, userId: string, id: string): Promise<{ logo: string | null } | undefined> {
    const [row] = await db.delete(clients).where(and(eq(clients.id, id), eq(clients.userId, userId))).returning({ logo: clients.logo });
    return row;
  },

  /** 'place-gone' when the place is not the user's; 'client-gone' when the client was deleted meanwhile (the foreign key refused). */
  async setPlaceClient(db: DbOrTx, userId: string, placeId: string, clientId: string | null): Promise<'ok' | 'place-gone' | 'client-gone'> {
    try {
      const rows = await db.update(places).set({ clientId }).where(and(eq(places.id, placeId), eq(places.userId, userId))).returning({ id: places.id });
      return rows.length > 0 ? 'ok' : 'place-gone';
    } catch (err) {
      if (hasCode(err, '23503')) return 'client-gone';
      throw err;
    }
  },
};
