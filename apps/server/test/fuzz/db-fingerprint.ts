import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/client';

/**
 * Tables left out of the fingerprint. Each one changes for reasons other than the request
 * being answered, so comparing it would make a refused request look guilty.
 */
const EXCLUDED = new Set<string>([
  // Fixed-window counters of the rate-limited endpoints: every request counts, refused or not,
  // or a client could probe a limited endpoint for free with invalid input.
  'request_counters',
  // Failed sign-in attempts: a refused sign-in (wrong password, 401) must be counted; that is the table's purpose.
  'sign_in_throttles',
]);

export type Fingerprint = ReadonlyMap<string, string>;

export interface DatabaseWatch {
  /** One md5 per table of the public schema over every row's text, plus the ids of queued pg-boss jobs. */
  fingerprint(): Promise<Fingerprint>;
  /**
   * The next transaction id the server will hand out. Only a write takes one, so while it
   * stays the same nothing was written anywhere, and the costly fingerprint can be skipped.
   * (On a shared PostgreSQL server other databases' writes move it too: then the fingerprint decides.)
   */
  writeCounter(): Promise<string>;
}

/**
 * pg-boss's own tables are left out: its supervisor and cron move and archive jobs on
 * timers. Only the ids of its jobs count, without those of its cron queues (cron adds their
 * jobs on its own schedule): any other new job was queued by a request.
 */
export async function watchDatabase(database: Database): Promise<DatabaseWatch> {
  const tables = await rowsOf<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts = tables
    .map((t) => t.name)
    .filter((name) => !EXCLUDED.has(name))
    .map(
      (name) => `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from public."${name}" t`,
    );
  parts.push(
    `select 'pgboss.job' as name, md5(coalesce(string_agg(id::text, '|' order by id::text), '')) as hash from pgboss.job where name not in (select name from pgboss.schedule)`,
  );
  const fingerprintQuery = sql.raw(parts.join(' union all '));
  const counterQuery = sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`;
  return {
    fingerprint: async () =>
      new Map((await rowsOf<{ name: string; hash: string }>(database.db, fingerprintQuery)).map((r) => [r.name, r.hash])),
    writeCounter: async () => (await rowsOf<{ next: string }>(database.db, counterQuery))[0]!.next,
  };
}

/** The names of the tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}
