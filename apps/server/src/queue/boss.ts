import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { guardJobEnds } from './job-end-guard';

// pg-boss keeps its tables in the same database (schema `pgboss`), so enqueueing can share
// the fate of the data that caused it and no extra service is needed.
export async function startBoss(database: Database, log: Logger): Promise<PgBoss> {
  const boss = new PgBoss({
    db: guardJobEnds(database.executor, log),
    // PGlite is one connection in one process: fewer maintenance queries keep it responsive.
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: database.driver === 'pglite' ? 300 : 120,
  });
  boss.on('error', (err) => log.error({ err }, 'queue error'));
  await boss.start();
  return boss;
}
