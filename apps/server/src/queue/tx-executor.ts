import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, SqlExecutor } from '../db/client';

/**
 * Lets pg-boss insert a job through an open Drizzle transaction (its `db` send option), so
 * the job commits or rolls back with the rows that caused it. Without it the job is written
 * on another connection: on PGlite (one connection) that waits for the transaction forever,
 * and on PostgreSQL a worker could pick the job up before the rows it points to are visible.
 */
export function transactionExecutor(tx: DbOrTx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      // pg-boss numbers its parameters ($1, $2…); Drizzle numbers them again in order of use.
      const parts = text.split(/\$(\d+)/);
      const query: SQL = sql.empty();
      parts.forEach((part, i) => {
        if (i % 2 === 0) query.append(sql.raw(part));
        else query.append(sql`${sql.param(values[Number(part) - 1])}`);
      });
      // Both drivers answer with a `rows` array (PGlite's Results, node-postgres' QueryResult).
      const result = (await tx.execute(query)) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
