import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { PortfolioResponse } from '@rankmaps/shared/schemas/workspace';
import { type Db, rowsOf } from '../apps/server/src/db/client';
import { keywordFiguresRepository } from '../apps/server/src/modules/rankmaps/keyword-figures.repository';
import { buildUser } from '../apps/server/test/factories';
import { round, runWhenAlone } from './lib';
import { BROWSER_ENCODINGS, decodeJson, latencyStats, timedGet } from './http-timing';
import { withLoopbackAgent } from './scan-env';

// The portfolio (issue 18, docs/decisions.md §25.1): 500 places × 10 keywords with 52 weekly
// analyses each, seeded with bulk SQL, then GET /api/portfolio over real HTTP on loopback with
// a browser's compression. Goal: p95 ≤ 100 ms per page, the first page ≤ 100 KB compressed.

const PLACES = 500;
const KEYWORDS_PER_PLACE = 10;
const WEEKS = 52;
const CLIENTS = 20;
const WARM_UP = 5;
const CALLS = 40;

/** The user's clients, places, keywords and analyses, in a few statements (not through the API). */
export async function seed(db: Db, userId: string) {
  await db.execute(sql`insert into clients (user_id, name) select ${userId}, 'Cliente ' || c from generate_series(1, ${CLIENTS}) c`);
  // Every 21st place has no client; the rest are spread over the clients.
  await db.execute(sql`
    insert into places (user_id, google_place_id, name, address, center_lat, center_lng, lat, lng, matrix_config, client_id)
    select ${userId}, 'bench-place-' || i, 'Clínica Dental ' || i, 'Calle Mayor ' || i || ', Madrid', 40.4168, -3.7038, 40.4168, -3.7038,
      '{"gridSize":7,"radius":1500,"coordinates":{"lat":40.4168,"lng":-3.7038}}'::jsonb,
      case when i % 21 = 0 then null else (select id from clients where user_id = ${userId} order by name offset (i % ${CLIENTS}) limit 1) end
    from generate_series(1, ${PLACES}) i`);
  // Each place's weekly scan (its campaign, docs/decisions.md §25.3), on days and hours spread over the week.
  await db.execute(sql`
    insert into campaigns (user_id, place_id, frequency, day, hour)
    select ${userId}, p.id, 'weekly', n % 7, 8 + n % 10
    from (select id, row_number() over (order by google_place_id) as n from places where user_id = ${userId}) p`);
  await db.execute(sql`
    insert into keywords (place_id, user_id, name)
    select p.id, ${userId}, (array['dentista','clínica dental','implantes dentales','ortodoncia','blanqueamiento dental','dentista urgencias','periodoncia','endodoncia','dentista infantil','carillas dentales'])[k]
    from places p cross join generate_series(1, ${KEYWORDS_PER_PLACE}) k where p.user_id = ${userId}`);
  // 52 weekly analyses per keyword; GeoRank wanders; the newest of every 13th keyword failed.
  await db.execute(sql`
    insert into rank_maps (keyword_id, place_id, user_id, query, kind, status, billing, provider, grid, target, total_points,
      stats, weekly_slot, created_at, completed_at, updated_at, failure_reason, failed_points)
    select k.id, k.place_id, k.user_id, k.name, 'weekly',
      case when w = ${WEEKS} and abs(hashtext(k.id::text)) % 13 = 0 then 'failed' else 'completed' end,
      'credits', 'demo', '{"gridSize":7,"radius":1500,"center":{"lat":40.4168,"lng":-3.7038},"points":[]}'::jsonb,
      '{"placeId":"bench","name":"Clínica","lat":40.4168,"lng":-3.7038,"rating":null,"totalReviews":0,"regionCode":"ES"}'::jsonb, 49,
      case when w = ${WEEKS} and abs(hashtext(k.id::text)) % 13 = 0 then null else jsonb_build_object(
        'totalPoints', 49, 'foundPoints', 40,
        'geoRank', round((50 + 40 * sin((abs(hashtext(k.id::text)) % 100) + w / 5.0))::numeric, 2),
        'avgPosition', round((3 + 3 * cos(w / 7.0))::numeric, 2),
        'avgTotalPosition', round((6 + 4 * cos(w / 9.0))::numeric, 2),
        'localPackPercentage', round((40 + 30 * sin(w / 4.0))::numeric, 2),
        'foundPercentage', 81.63, 'visibilityIndex', 55, 'positionDistribution', '{}'::jsonb) end,
      to_char(now() - make_interval(weeks => ${WEEKS} - w), 'IYYY-"W"IW'),
      now() - make_interval(weeks => ${WEEKS} - w, hours => 1), now() - make_interval(weeks => ${WEEKS} - w), now(),
      case when w = ${WEEKS} and abs(hashtext(k.id::text)) % 13 = 0 then 'Error del proveedor.' end, 0
    from keywords k cross join generate_series(1, ${WEEKS}) w where k.user_id = ${userId}`);
  await db.execute(sql`analyze`);
}

export async function benchPortfolio(opts: { databaseUrl?: string } = {}) {
  return withLoopbackAgent({ databaseUrl: opts.databaseUrl }, async (env, agent) => {
    const db = env.container.database.db;
    const user = await buildUser(env.container);
    const headers = { authorization: `Bearer ${await env.container.accessTokens.sign(user.id)}` };
    const s0 = performance.now();
    await seed(db, user.id);
    const seedMs = performance.now() - s0;
    // The backfill migration 0026 runs, over every keyword: the same statement as a completion's.
    const b0 = performance.now();
    await keywordFiguresRepository.refreshUser(db, user.id);
    const backfillMs = performance.now() - b0;
    await db.execute(sql`analyze`);

    // What a completion adds to its transaction: one keyword's figures from its 52 analyses.
    const [{ id: oneKeyword } = { id: '' }] = await rowsOf<{ id: string }>(db, sql`select id from keywords where user_id = ${user.id} limit 1`);
    const refresh: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await keywordFiguresRepository.refresh(db, oneKeyword);
      refresh.push(performance.now() - t);
    }

    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/portfolio`;
    const [{ id: clientId } = { id: '' }] = await rowsOf<{ id: string }>(db, sql`select id from clients where user_id = ${user.id} limit 1`);
    const variants: Record<string, string> = {
      'first page (default: by place, 25 rows)': '',
      'first page, 100 rows': '?limit=100',
      'by GeoRank, descending': '?sort=geoRank&dir=desc',
      'by change, ascending (biggest drops)': '?sort=geoRankChange&dir=asc',
      'by next run': '?sort=nextRunAt',
      'by last scan, page 100': '?sort=lastAt&dir=desc&page=100',
      'search «clinica 12 implantes»': '?q=clinica%2012%20implantes',
      'one client, dropped': `?clientId=${clientId}&movement=dropped`,
      'failed': '?state=failed',
    };
    const results: Record<string, ReturnType<typeof latencyStats> & { total: number }> = {};
    const all: number[] = [];
    let firstPage: { rows: number; total: number; encoding: string; compressedKB: number; jsonKB: number } | undefined;
    let fullPage: typeof firstPage;
    for (const [label, query] of Object.entries(variants)) {
      const url = new URL(base + query);
      const call = () => timedGet(agent, url, { ...headers, 'accept-encoding': BROWSER_ENCODINGS, accept: 'application/json' });
      const first = await call();
      if (first.status !== 200) throw new Error(`${label}: GET answered ${first.status}: ${first.body.toString('utf8').slice(0, 300)}`);
      const body = decodeJson<PortfolioResponse>(first);
      const size = { rows: body.rows.length, total: body.total, encoding: first.encoding, compressedKB: round(first.body.length / 1000, 1), jsonKB: round(Buffer.byteLength(JSON.stringify(body)) / 1000, 1) };
      if (query === '') firstPage = size;
      if (query === '?limit=100') fullPage = size;
      for (let i = 0; i < WARM_UP; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const a = await call();
        if (a.status !== 200) throw new Error(`${label}: GET answered ${a.status}`);
        times.push(a.totalMs);
      }
      all.push(...times);
      results[label] = { ...latencyStats(times), total: body.total };
    }
    return {
      name: `GET /api/portfolio, ${PLACES} places × ${KEYWORDS_PER_PLACE} keywords × ${WEEKS} analyses, real HTTP on loopback (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      seedMs: round(seedMs),
      backfillMs: round(backfillMs),
      refreshOneKeyword: latencyStats(refresh),
      firstPage,
      fullPage,
      pages: results,
      allPages: latencyStats(all),
      goal: 'p95 ≤ 100 ms per page; first page ≤ 100 KB compressed',
    };
  });
}

await runWhenAlone(import.meta.url, benchPortfolio);
