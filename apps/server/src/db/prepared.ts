import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const names = new Set<string>();

/**
 * A statement that API requests run all the time, built by drizzle and named once per
 * database, then only executed with its placeholders' values (`sql.placeholder`). Building a
 * query took ~50 µs of CPU every time, and PostgreSQL parses and plans a named statement
 * once per connection instead of on every call: together about 3× less CPU per statement
 * (docs/performance.md). In a transaction it is built for that transaction: it lasts one call, so nothing is kept.
 *
 * Names are PostgreSQL's statement names: each must be unique, which is checked here.
 */
export function preparedStatement<P>(name: string, build: (db: DbOrTx) => { prepare(name: string): P }): (db: DbOrTx) => P {
  if (names.has(name)) throw new Error(`prepared statement ${name} is defined twice`);
  names.add(name);
  const byDatabase = new WeakMap<DbOrTx, P>();
  return (db) => {
    if (db instanceof PgTransaction) return build(db).prepare(name);
    let statement = byDatabase.get(db);
    if (statement === undefined) byDatabase.set(db, (statement = build(db).prepare(name)));
    return statement;
  };
}
