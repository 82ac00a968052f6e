import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxObjects } from '../../db/billing-schema';

/** The sandbox's own storage: its Stripe-shaped objects, by id. */
export class SandboxStore {
  constructor(private readonly db: Db) {}

  async put<T extends { id: string }>(type: string, object: T): Promise<T> {
    const data = object as unknown as Record<string, unknown>;
    await this.db.insert(sandboxObjects).values({ id: object.id, type, data }).onConflictDoUpdate({ target: sandboxObjects.id, set: { data } });
    return object;
  }

  async get<T>(type: string, id: string): Promise<T | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.type, type)));
    return row?.data as T | undefined;
  }

  async list<T>(type: string, field: string, value: string): Promise<T[]> {
    const rows = await this.db
      .select()
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.type, type), sql`${sandboxObjects.data} ->> ${field} = ${value}`))
      .orderBy(sandboxObjects.createdAt);
    return rows.map((r) => r.data as T);
  }
}
