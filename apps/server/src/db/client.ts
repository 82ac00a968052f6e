import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverDir } from '../paths';
import { guardConnection } from './pool-guards';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repository writes accept both. */
export type DbOrTx = Db | Tx;

/** The rows of a raw statement: both drivers answer with a `rows` array. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** What pg-boss needs from a connection (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  executor: SqlExecutor;
  ping(): Promise<void>;
  /**
   * LISTEN on `channel`: `onPayload` gets each NOTIFY's payload. PostgreSQL opens a dedicated
   * connection (reopened after a drop, then `onReconnect` runs so the caller can catch up);
   * PGlite uses its own in-process listen/notify (docs/decisions.md §27.2). Returns the unlisten.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(serverDir, 'src/db/migrations');

/**
 * Where the embedded database keeps its files: DATA_DIR/db, beside the uploads and the sea
 * index cache (PGlite needs a directory of its own to initialise). A DATA_DIR that already
 * holds a database at its top level (the first releases' layout) keeps using it.
 */
export function pgliteDirectory(dataDir: string): string {
  return existsSync(path.join(dataDir, 'PG_VERSION')) ? dataDir : path.join(dataDir, 'db');
}

/**
 * `dataDir` undefined or 'memory://' gives an in-memory PGlite (tests). `loadDataDir`, for an
 * in-memory one, starts it from a dump of a database (`dumpDataDir`) instead of an empty one:
 * the tests start each file from an already migrated copy; migrate() then finds nothing to do.
 */
export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  const onDisk = dataDir && !dataDir.startsWith('memory://') ? dataDir : undefined;
  if (onDisk) mkdirSync(onDisk, { recursive: true });
  const client = onDisk ? await PGlite.create(onDisk) : await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    executor: {
      // PGlite's extended protocol takes one statement; pg-boss sends parameter-less
      // multi-statement scripts (its migrations, locks), which go through exec.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      await client.close();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection dropped by the server (a restart, an admin command) must neither crash the
  // process nor stay checked out: see guardConnection.
  pool.on('connect', (client) => guardConnection(client, (message) => console.error(message)));
  // Idle connections' errors were logged by their guard; the pool has already replaced them.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  // Several API processes may start together: one migrates while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    lockClient.release();
  }
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    executor: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    async ping() {
      await pool.query('select 1');
    },
    listen: (channel, onPayload, onReconnect) => listenPostgres(url, channel, onPayload, onReconnect),
    async close() {
      await pool.end();
    },
  };
}

/**
 * A LISTEN connection of its own (a pooled one would be handed to other queries). When the
 * server drops it, it is reopened after a second, and `onReconnect` tells the caller that
 * notifications may have been missed meanwhile.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reopen = () => {
    retry = setTimeout(() => {
      if (stopped) return;
      open().then(
        () => onReconnect?.(),
        () => {
          if (!stopped) reopen();
        },
      );
    }, 1000);
  };
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    const lost = () => {
      if (stopped || client !== c) return;
      client = undefined;
      void c.end().catch(() => undefined);
      reopen();
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    // Stopped while this (re)connection was on its way: it must not outlive the stop.
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir?: string | undefined }) {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir ? pgliteDirectory(opts.dataDir) : undefined);
}
