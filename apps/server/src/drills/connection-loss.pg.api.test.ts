import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { openPostgres, rowsOf } from '../db/client';
import { guardConnection } from '../db/pool-guards';
import { collectFatalErrors } from '../../test/fatal-errors';

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms))]);

// What a PostgreSQL restart does to single connections, made deterministic: the server ends a
// connection in the middle of a transaction, and a connection fails under BEGIN. Neither may
// end the process or leave the pool short of a connection.
describe('drill: connections lost under the app', async () => {
  const { database, url, drop } = await openTestDatabase();
  afterAll(async () => {
    await database.close();
    await drop();
  });
  const fatal = collectFatalErrors();

  it('when the server ends a connection in the middle of a transaction, then the transaction fails, the process carries on and the next one works', async () => {
    const app = await openPostgres(url!, 2);
    try {
      const failed = app.db.transaction(async (tx) => {
        const [me] = await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await database.db.execute(sql`select pg_terminate_backend(${me!.pid})`);
        // The server's notice arrives while the connection is checked out and idle.
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(failed).rejects.toThrow();
      expect(fatal).toEqual([]);
      expect(await within(5000, rowsOf(app.db, sql`select 1 as ok`))).toEqual([{ ok: 1 }]);
    } finally {
      await app.close();
    }
  });

  it('when BEGIN fails on a pooled connection, then the connection is dropped rather than kept checked out, and the next transaction gets another', async () => {
    // A pool of one, so that a connection kept checked out would make the next query wait forever.
    const pool = new pg.Pool({ connectionString: url!, max: 1 });
    pool.on('connect', (client) => guardConnection(client, () => undefined));
    pool.on('error', () => undefined);
    const db = drizzle(pool);
    try {
      // A connection that answers BEGIN with an error: left idle inside an aborted transaction.
      const client = await pool.connect();
      await client.query('begin');
      await client.query('select 1/0').catch(() => undefined);
      client.release();

      await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow(/begin/);
      expect(pool.totalCount).toBe(0);
      expect(
        await within(
          5000,
          db.transaction(async (tx) => (await tx.execute(sql`select 2 as ok`)).rows),
        ),
      ).toEqual([{ ok: 2 }]);
      expect(fatal).toEqual([]);
    } finally {
      await within(5000, pool.end());
    }
  });
});
