import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import './zod-spanish';
import { AccessTokens } from './lib/access-token';
import { getOrCreateSecret } from './lib/secrets';
import { SessionCheck } from './lib/session-check';
import { refreshTokenRepository } from './modules/auth/refresh-token.repository';
import { createQueues } from './jobs/create-queues';
import { startBoss } from './queue/boss';
import { PriceCatalog } from './modules/billing/price-catalog';
import { type Providers, createProviders } from './providers';
import { type SeaIndex, createSeaIndex } from './modules/geo/sea-index';
import { MembershipCheck } from './modules/workspaces/membership-check';
import { workspacesRepository } from './modules/workspaces/workspaces.repository';

/**
 * Everything a process needs, built once: the API, the worker and the tests all start
 * from here, so the same code runs on the embedded default and on PostgreSQL. The external
 * services (Providers: places, mapsSearch, aiEngines, gbp, mail, captcha, payments, storage) are built
 * by providers/index.ts.
 */
export interface Container extends Providers {
  config: Config;
  log: Logger;
  database: Database;
  boss: PgBoss;
  accessTokens: AccessTokens;
  /** Which sessions (refresh families) are still live, cached per process (plugins/auth.ts). */
  sessions: SessionCheck;
  /** Who belongs to which workspace with which role, cached per process like the sessions (plugins/auth.ts). */
  memberships: MembershipCheck;
  prices: PriceCatalog;
  /** Sea detection for matrix points; loads (or builds) its index on first use. */
  seaIndex: SeaIndex;
  /** Aborted when close() begins: long jobs (a scan) stop and hand their work on (docs/operations.md "Shutdown"). */
  stopping: AbortSignal;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    container: Container;
  }
}

export async function createContainer(config: Config, log: Logger, opts: { database?: Database } = {}): Promise<Container> {
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const boss = await startBoss(database, log);
  await createQueues(boss);
  const jwtSecret = await getOrCreateSecret(database.db, 'jwt_secret', config.jwtSecret);
  const altchaKey = await getOrCreateSecret(database.db, 'altcha_hmac_key', config.altchaHmacKey);
  const prices = new PriceCatalog(config);
  const seaIndex = createSeaIndex({ cacheDir: path.join(config.dataDir, 'cache'), log });
  // The billing code that applies the sandbox's events is registered by the app (app.ts).
  const providers = createProviders(config, { db: database.db, log, prices, altchaKey });
  const { mail } = providers;
  const stopping = new AbortController();
  return {
    ...providers,
    config,
    log,
    database,
    boss,
    accessTokens: new AccessTokens(new TextEncoder().encode(jwtSecret)),
    sessions: new SessionCheck((familyId) => refreshTokenRepository.liveFamilyOwner(database.db, familyId), {
      ttlMs: config.sessionCheckTtlSeconds * 1000,
    }),
    memberships: new MembershipCheck((workspaceId, userId) => workspacesRepository.membership(database.db, workspaceId, userId), config.sessionCheckTtlSeconds * 1000),
    prices,
    seaIndex,
    stopping: stopping.signal,
    async close() {
      await seaIndex.close();
      // pg-boss stops fetching at once, then waits for the jobs in flight; the scans among them
      // are told to stop, so they end in moments instead of at the timeout. Past the timeout
      // pg-boss fails what is left (retried later): 10 s keeps the whole close in the 15 s budget.
      const bossStopped = boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      stopping.abort();
      await bossStopped;
      await mail.close();
      await database.close();
    },
  };
}
