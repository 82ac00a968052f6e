import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { nextCampaignSlot } from '@rankmaps/shared/campaign-schedule';
import { rowsOf } from '../apps/server/src/db/client';
import { RANKMAP_SCAN_JOB } from '../apps/server/src/jobs/definitions/rankmap-scan';
import { creditsService } from '../apps/server/src/modules/billing/credits.service';
import { enqueueDueCampaignRounds } from '../apps/server/src/modules/campaigns/campaign-scheduler.service';
import { buildUser } from '../apps/server/test/factories';
import { subscribeThroughSandbox } from '../apps/server/test/sandbox';
import { round, runWhenAlone } from './lib';
import { openScanEnv } from './scan-env';

// The campaign scheduler (issue 18: a tick with 10,000 keyword scans due in the same hour queues
// each exactly once within 30 s). 20 Enterprise agencies with 50 places × 10 keywords each, all
// due on a Monday at 9:00 Madrid: ten run their places' weekly scans (50 rounds each), ten one
// custom daily campaign of all 500 keywords (paid in credits, spread at the provider's rate).
// Two scheduler ticks run at once, as two workers would; a third, later, must queue nothing.

const AGENCIES = 20;
const PLACES = 50;
const KEYWORDS_PER_PLACE = 10;
const MONDAY_9 = { frequency: 'weekly' as const, day: 1, date: null, hour: 9, weekParity: 0 };

export async function benchCampaignScheduler(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl });
  try {
    const { app, container } = env;
    const db = container.database.db;
    const s0 = performance.now();
    for (let a = 0; a < AGENCIES; a++) {
      const user = await buildUser(container);
      const headers = { authorization: `Bearer ${await container.accessTokens.sign(user.id)}` };
      await subscribeThroughSandbox(app, headers, 'pro_enterprise', 'monthly');
      await creditsService.adjust(db, { userId: user.id, source: 'extra', amount: 100_000, reference: `bench-${user.id}` });
      await db.execute(sql`
        insert into places (user_id, google_place_id, name, address, center_lat, center_lng, lat, lng, matrix_config)
        select ${user.id}, 'bench-' || i, 'Clínica ' || i, 'Calle Mayor ' || i || ', Madrid', 40.4168, -3.7038, 40.4168, -3.7038,
          '{"gridSize":7,"radius":1500,"coordinates":{"lat":40.4168,"lng":-3.7038}}'::jsonb
        from generate_series(1, ${PLACES}) i`);
      const weekly = a < AGENCIES / 2;
      // Every place has its weekly scan (its campaign, docs/decisions.md §25.3): on for half the agencies.
      await db.execute(sql`insert into campaigns (user_id, place_id, frequency, day, hour, active, created_at)
        select ${user.id}, id, 'weekly', 1, 9, ${weekly}, now() - interval '1 day' from places where user_id = ${user.id}`);
      await db.execute(sql`
        insert into keywords (place_id, user_id, name, created_at)
        select p.id, ${user.id}, 'keyword ' || k, now() - interval '1 day' from places p cross join generate_series(1, ${KEYWORDS_PER_PLACE}) k where p.user_id = ${user.id}`);
      await db.execute(sql`update places set created_at = now() - interval '1 day' where user_id = ${user.id}`);
      if (!weekly) {
        const [campaign] = await rowsOf<{ id: string }>(
          db,
          sql`insert into campaigns (user_id, name, frequency, hour, created_at) values (${user.id}, 'Todas las clínicas', 'daily', 9, now() - interval '1 day') returning id`,
        );
        await db.execute(sql`insert into campaign_keywords (campaign_id, keyword_id) select ${campaign!.id}, id from keywords where user_id = ${user.id}`);
      }
    }
    await db.execute(sql`analyze`);
    const seedMs = performance.now() - s0;

    const slot = nextCampaignSlot(MONDAY_9, new Date(), 'Europe/Madrid')!.at;
    const at = new Date(slot.getTime() + 60_000);
    const t0 = performance.now();
    const [first, second] = await Promise.all([enqueueDueCampaignRounds(container, at), enqueueDueCampaignRounds(container, at)]);
    const tickMs = performance.now() - t0;
    const t1 = performance.now();
    const again = await enqueueDueCampaignRounds(container, new Date(at.getTime() + 5 * 60_000));
    const idleTickMs = performance.now() - t1;

    const [counts] = await rowsOf<{ analyses: string; distinct_slots: string; jobs: string; spread_minutes: string }>(
      db,
      sql`select count(*) as analyses, count(distinct (keyword_id, campaign_round_id)) as distinct_slots,
        (select count(*) from pgboss.job where name = ${RANKMAP_SCAN_JOB}) as jobs,
        extract(epoch from max(scheduled_for) - min(scheduled_for)) / 60 as spread_minutes
        from rank_maps`,
    );
    const expected = AGENCIES * PLACES * KEYWORDS_PER_PLACE;
    const analyses = Number(counts?.analyses);
    return {
      name: `Campaign scheduler: ${expected.toLocaleString('en')} keyword scans due at one slot, two ticks at once (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      seedMs: round(seedMs),
      tickMs: round(tickMs),
      queuedByTicks: [first, second],
      analyses,
      distinctKeywordRounds: Number(counts?.distinct_slots),
      scanJobs: Number(counts?.jobs),
      laterTickQueued: again,
      laterTickMs: round(idleTickMs),
      customRoundSpreadMinutes: round(Number(counts?.spread_minutes), 1),
      exactlyOnce: analyses === expected && Number(counts?.jobs) === expected && first + second === expected && again === 0,
      goal: `each of the ${expected.toLocaleString('en')} scans queued exactly once within 30 s`,
    };
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchCampaignScheduler);
