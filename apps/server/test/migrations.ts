import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { onTestFinished } from 'vitest';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';

/** The checked-in migrations folder. */
export const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

/** A copy of the migrations up to `last` (its journal cut there): a database as an earlier release left it. */
export function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * A new in-memory database as the release with the migrations up to `last` left it, for a test
 * of the migration after it (closed when the test ends): `client`, `db` over it, `one` (runs SQL
 * and answers the first row: an earlier release's tables are not today's schema, so a test
 * inserts its rows in SQL) and `migrateToLatest`.
 */
export async function migratedUpTo(last: number) {
  const client = new PGlite();
  onTestFinished(() => client.close());
  const pglite = drizzle(client, { schema });
  await migrate(pglite, { migrationsFolder: migrationsUpTo(last) });
  return {
    client,
    db: pglite as unknown as Db,
    one: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows[0]!,
    migrateToLatest: () => migrate(pglite, { migrationsFolder: MIGRATIONS }),
  };
}

type FirstRow = Awaited<ReturnType<typeof migratedUpTo>>['one'];

/** Ana and her place «Clínica» in Málaga, inserted with columns every release since 0005 has. */
export async function insertAnaAndHerPlace(one: FirstRow) {
  const user = await one<{ id: string }>(`insert into users (name, email) values ('Ana', 'ana@example.com') returning id`);
  const place = await one<{ id: string }>(
    `insert into places (user_id, google_place_id, name, center_lat, center_lng, matrix_config) values ($1, 'p1', 'Clínica', 36.72, -4.42, '{}') returning id`,
    [user.id],
  );
  return { user, place };
}
