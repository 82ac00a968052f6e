import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openPostgres } from '../src/db/client';

// Every API test file gets a fresh database. Running the 45-odd migrations for each of ~150
// files cost CI minutes, so each file starts from a copy of one database already migrated
// with the same migrations: a dump for PGlite, a template database on PostgreSQL. The copy is
// named by a hash of the migrations, so a new or edited migration makes a new copy, and the
// file's own migrate() still runs (finding nothing to do when the copy is current).

/** A hash of every migration file (names and contents), meta/ included. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(migrationsFolder, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

// Its package.json is not exported: read it beside the resolved entry (dist/…).
const pgliteVersion = (
  JSON.parse(
    readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'),
  ) as { version: string }
).version;

let pgliteSeed: Promise<Blob> | undefined;

/**
 * The dump of a migrated PGlite database, kept in the system's temporary folder for every
 * worker and run with the same migrations (written whole, then renamed, so a reader never
 * sees half a file).
 */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteSeed ??= (async () => {
    // PGlite's version is in the name too: another version may not read this one's dump.
    const file = path.join(os.tmpdir(), `rankmaps-pglite${pgliteVersion}-migrated-${migrationsHash()}.tar`);
    if (!existsSync(file)) {
      const client = await PGlite.create();
      await migrate(drizzle(client), { migrationsFolder });
      const dump = await client.dumpDataDir('none');
      await client.close();
      const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteSeed;
}

/**
 * The name of a migrated template database on the server of `adminUrl`, made once per set of
 * migrations. An advisory lock keeps two workers from building it at once; it is built under
 * another name and renamed, so no one copies a half-migrated one.
 */
export async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `rm_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727275)');
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      const building = `${name}_b${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openPostgres(url.toString(), 1);
      await database.close();
      // pool.end() can return before the server has closed the connection; renaming needs none.
      for (let i = 0; i < 100; i++) {
        const open = await admin.query('select 1 from pg_stat_activity where datname = $1', [building]);
        if (open.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(727275)').catch(() => undefined);
    await admin.end();
  }
}
