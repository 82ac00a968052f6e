import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../src/db/client';

/**
 * Counts the SQL statements that one piece of work sends to the database (in the spirit of
 * Django's assertNumQueries), on either driver:
 * - PostgreSQL: the pool's `query` and a checked-out connection's, the statements
 *   bench/load-probe.ts counts on `pg.Client.prototype.query`; a transaction's `begin` and
 *   `commit` are statements there.
 * - PGlite: the instance's `query` and `exec`, and a transaction's own; PGlite sends BEGIN and
 *   COMMIT (or ROLLBACK) itself, so they are counted here, and both drivers give the same number.
 *
 * Only statements started inside `count(fn)` (its async context) are counted: the workers'
 * polls, the rate-limit store's flush and other background work running meanwhile are not.
 */
export interface StatementCounter {
  count<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  /** Puts the drivers back as they were. */
  uninstall(): void;
}

type Recorded = string[];

const textOf = (q: unknown): string => {
  if (typeof q === 'string') return q;
  if (q && typeof q === 'object' && 'text' in q && typeof q.text === 'string') return q.text;
  return String(q);
};

/** The driver's client under drizzle (drizzle keeps it as `$client`): the pool, or the PGlite instance. */
function clientOf<C>(database: Database): C {
  const client = (database.db as unknown as { $client?: C }).$client;
  if (!client) throw new Error('statement counter: drizzle has no $client');
  return client;
}

export function installStatementCounter(database: Database): StatementCounter {
  const current = new AsyncLocalStorage<Recorded>();
  const record = (q: unknown) => current.getStore()?.push(textOf(q).trim().replace(/\s+/g, ' '));
  let uninstall: () => void;

  if (database.driver === 'postgres') {
    // A statement is counted where the app sends it, in its own async context: the pool's
    // query (drizzle's reads), or the query of a connection it checked out (a transaction's
    // statements, BEGIN and COMMIT included). The pool's query runs the statement on a
    // connection it lends with a callback: those calls are its own, already counted. (When
    // every connection is busy, the pool goes on in the context of whoever frees one, so
    // counting there would miss the statement.) db/pool-guards.ts gives every new connection
    // its own query, so each connection is wrapped when the pool lends it.
    const pool = clientOf<pg.Pool>(database);
    const poolQuery = pool.query;
    pool.query = ((...args: unknown[]) => {
      record(args[0]);
      return (poolQuery as (...a: unknown[]) => unknown).apply(pool, args);
    }) as typeof poolQuery;
    const wrapped = new Map<pg.PoolClient, pg.PoolClient['query']>();
    const wrap = (client: pg.PoolClient) => {
      if (wrapped.has(client)) return;
      const query = client.query;
      wrapped.set(client, query);
      client.query = ((...args: unknown[]) => {
        if (typeof args.at(-1) !== 'function') record(args[0]);
        return (query as (...a: unknown[]) => unknown).apply(client, args);
      }) as typeof query;
    };
    pool.on('acquire', wrap);
    uninstall = () => {
      pool.query = poolQuery;
      pool.off('acquire', wrap);
      for (const [client, query] of wrapped) client.query = query;
    };
  } else {
    const client = clientOf<PGlite>(database);
    const { query, exec, transaction } = client;
    const counted = <F extends (...a: never[]) => unknown>(f: F, self: unknown): F =>
      ((...args: Parameters<F>) => {
        record(args[0]);
        return f.apply(self, args);
      }) as F;
    client.query = counted(query, client);
    client.exec = counted(exec, client);
    client.transaction = (async (callback: (tx: Transaction) => Promise<unknown>) => {
      record('BEGIN');
      let ended = false;
      try {
        const out = await transaction.call(client, (tx: Transaction) => {
          tx.query = counted(tx.query, tx);
          tx.exec = counted(tx.exec, tx);
          const rollback = tx.rollback;
          tx.rollback = () => {
            ended = true;
            record('ROLLBACK');
            return rollback.call(tx);
          };
          return callback(tx);
        });
        if (!ended) record('COMMIT');
        return out;
      } catch (err) {
        if (!ended) record('ROLLBACK');
        throw err;
      }
    }) as typeof transaction;
    uninstall = () => {
      client.query = query;
      client.exec = exec;
      client.transaction = transaction;
    };
  }

  return {
    async count(fn) {
      const statements: Recorded = [];
      // Awaited inside the context: app.inject answers a thenable that starts the request when it is awaited.
      const result = await current.run(statements, async () => await fn());
      return { result, statements };
    },
    uninstall,
  };
}
