import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { PortfolioResponse } from '@rankmaps/shared/schemas/workspace';
import { rowsOf } from '../apps/server/src/db/client';
import { keywordFiguresRepository } from '../apps/server/src/modules/rankmaps/keyword-figures.repository';
import { buildUser } from '../apps/server/test/factories';
import { round, runWhenAlone } from './lib';
import { BROWSER_ENCODINGS, decodeJson, latencyStats, timedGet } from './http-timing';
import { seed } from './portfolio';
import { withLoopbackAgent } from './scan-env';

// «Cartera» for a Miembro (issue 29, docs/decisions.md §30.5): the portfolio's seeded agency
// (500 businesses × 10 keywords × 52 weekly analyses, bench/portfolio.ts), one of its clients
// given 50 of the businesses, and a Miembro assigned that client, signed into the agency's
// workspace. GET /api/portfolio over real HTTP on loopback with a browser's compression, as
// the Miembro and, for comparison, as the owner. It measures whatever the route answers:
// `memberTotal` says whether the route scopes the Miembro to their 50 businesses.
// Goal: p95 ≤ 100 ms.

const MEMBER_PLACES = 50;
const WARM_UP = 5;
const CALLS = 40;

export async function benchPortfolioMember(opts: { databaseUrl?: string } = {}) {
  return withLoopbackAgent({ databaseUrl: opts.databaseUrl }, async (env, agent) => {
    const db = env.container.database.db;
    const owner = await buildUser(env.container, { name: 'Agencia' });
    const s0 = performance.now();
    await seed(db, owner.id);
    await keywordFiguresRepository.refreshUser(db, owner.id);
    // The Miembro's client: 50 of the 500 businesses, taken from the others' clients.
    const [{ id: clientId } = { id: '' }] = await rowsOf<{ id: string }>(db, sql`insert into clients (user_id, name) values (${owner.id}, 'Cliente del Miembro') returning id`);
    await db.execute(sql`update places set client_id = ${clientId} where id in (select id from places where user_id = ${owner.id} order by google_place_id limit ${MEMBER_PLACES})`);
    const member = await buildUser(env.container, { name: 'Miembro' });
    await db.execute(sql`insert into workspace_members (workspace_id, user_id, role, client_ids) values (${owner.id}, ${member.id}, 'member', array[${clientId}]::uuid[])`);
    await db.execute(sql`analyze`);
    const seedMs = performance.now() - s0;
    const as = {
      member: { authorization: `Bearer ${await env.container.accessTokens.sign(member.id, undefined, owner.id)}` },
      owner: { authorization: `Bearer ${await env.container.accessTokens.sign(owner.id)}` },
    };

    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/portfolio`;
    const variants: Record<string, string> = {
      'first page (25 rows, by place)': '',
      '100 rows': '?limit=100',
      'by GeoRank, descending': '?sort=geoRank&dir=desc',
      'by change, ascending': '?sort=geoRankChange&dir=asc',
      'search «clinica 1»': '?q=clinica%201',
    };
    const pages: Record<string, Record<string, ReturnType<typeof latencyStats> & { total: number }>> = { member: {}, owner: {} };
    const all: Record<'member' | 'owner', number[]> = { member: [], owner: [] };
    for (const who of ['member', 'owner'] as const) {
      for (const [label, query] of Object.entries(variants)) {
        const url = new URL(base + query);
        const call = () => timedGet(agent, url, { ...as[who], 'accept-encoding': BROWSER_ENCODINGS, accept: 'application/json' });
        const first = await call();
        if (first.status !== 200) throw new Error(`${who}, ${label}: GET answered ${first.status}: ${first.body.toString('utf8').slice(0, 300)}`);
        const total = decodeJson<PortfolioResponse>(first).total;
        for (let i = 0; i < WARM_UP; i++) await call();
        const times: number[] = [];
        for (let i = 0; i < CALLS; i++) {
          const a = await call();
          if (a.status !== 200) throw new Error(`${who}, ${label}: GET answered ${a.status}`);
          times.push(a.totalMs);
        }
        all[who].push(...times);
        pages[who]![label] = { ...latencyStats(times), total };
      }
    }
    const memberTotal = pages.member!['first page (25 rows, by place)']!.total;
    return {
      name: `GET /api/portfolio as a Miembro with ${MEMBER_PLACES} of 500 businesses (× 10 keywords × 52 analyses), real HTTP on loopback (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      seedMs: round(seedMs),
      memberTotal,
      // 500: the route scopes the Miembro to their 50 businesses' keywords; 0: it reads the signed-in person's own (none); 5,000: the whole agency.
      memberSees: memberTotal === MEMBER_PLACES * 10 ? 'their 50 businesses (scoped)' : memberTotal === 0 ? 'nothing: this build reads the person’s own businesses, not the workspace’s' : `${memberTotal} rows: not scoped`,
      member: pages.member,
      owner: pages.owner,
      memberAllPages: latencyStats(all.member),
      ownerAllPages: latencyStats(all.owner),
      goal: 'p95 ≤ 100 ms for the Miembro',
    };
  });
}

await runWhenAlone(import.meta.url, benchPortfolioMember);
