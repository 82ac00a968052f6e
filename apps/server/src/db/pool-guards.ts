import type pg from 'pg';

/** Statements that open a transaction, as drizzle sends them ("begin", "begin isolation level …"). */
const BEGIN = /^\s*begin\b/i;

const textOf = (arg: unknown) =>
  typeof arg === 'string' ? arg : typeof arg === 'object' && arg !== null && 'text' in arg ? arg.text : undefined;

/**
 * Keeps a PostgreSQL restart (or a failover, or an admin killing connections) from taking the
 * process down or draining the pool. Call on every new connection (the pool's `connect` event).
 *
 * - The pool listens for errors on its idle connections only. One in use (a transaction between
 *   two statements) would throw its error as uncaught and end the process; here it is logged,
 *   the statement that follows fails, and the pool drops the connection on its release.
 * - drizzle's transaction() (0.45) sends BEGIN before the `try` whose `finally` releases the
 *   connection: a connection that dies under BEGIN stays checked out for good. A few restarts
 *   leave the pool without connections (every query then waits forever) and pool.end() never
 *   returns. Here a failed BEGIN releases its connection, with the error, so the pool drops it.
 */
export function guardConnection(client: pg.PoolClient, log: (message: string) => void): void {
  client.on('error', (err) => log(`PostgreSQL connection error: ${err.message}`));
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const guarded = (...args: unknown[]): unknown => {
    const result = query(...args);
    const text = textOf(args[0]);
    if (!(result instanceof Promise) || typeof text !== 'string' || !BEGIN.test(text)) return result;
    return result.catch((err: unknown) => {
      client.release(err instanceof Error ? err : new Error(String(err)));
      // Dropped by the pool, never lent again: a later release by its borrower has nothing to do.
      client.release = () => undefined;
      throw err;
    });
  };
  Object.assign(client, { query: guarded });
}
