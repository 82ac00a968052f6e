import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../src/db/client';

/**
 * Counts the SQL statements that one piece of work sends to the database (in the spirit of
 * Django's assertNumQueries), on either driver:
 * - PostgreSQL: every statement goes through `pg.Client.prototype.query` (the pool's too), as
 *   bench/load-probe.ts counts them; `begin` and `commit` of a transaction are statements there.
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

/** The PGlite instance under drizzle (drizzle keeps its client as `$client`). */
function pgliteOf(database: Database): PGlite {
  const client = (database.db as unknown as { $client?: PGlite }).$client;
  if (!client) throw new Error('statement counter: drizzle has no $client');
  return client;
}

export function installStatementCounter(database: Database): StatementCounter {
  const current = new AsyncLocalStorage<Recorded>();
  const record = (q: unknown) => current.getStore()?.push(textOf(q).trim().replace(/\s+/g, ' '));
  let uninstall: () => void;

  if (database.driver === 'postgres') {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      record(args[0]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    uninstall = () => {
      pg.Client.prototype.query = original;
    };
  } else {
    const client = pgliteOf(database);
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
