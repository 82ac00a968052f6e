import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { CompareResponse } from '@rankmaps/shared/schemas/compare';
import { percentile, round } from './lib';
import { BROWSER_ENCODINGS, decodeJson, timedGet } from './http-timing';
import { openScanEnv, POINTS, proUserWithGrid, scanNow, UNLIMITED_SCANS } from './scan-env';

const THIS_FILE = fileURLToPath(import.meta.url);
const WARM_UP = 10;
const CALLS = 100;
/** Requests after a change to one of the analyses: each builds the comparison again. */
const UNCACHED_CALLS = 40;

/**
 * GET /api/rankmap/{id}/compare/{otherId} of two completed 25×25 analyses of one keyword (demo
 * provider, two search texts so the results differ), over real HTTP on loopback with the
 * compression a browser negotiates: time to the last byte, p50/p95/p99 (issue 16: p95 ≤ 50 ms).
 * A pair's answer is kept once built (the two analyses never change): the first figures are
 * requests for a kept answer, the uncached ones follow a change to one of the analyses, so each
 * reads both analyses and compares their 625 points again.
 */
export async function benchCompareAnalyses(opts: { databaseUrl?: string } = {}) {
  // The scans that make the analyses are set-up, not what is measured: no rate limit to wait for.
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: UNLIMITED_SCANS });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { headers, keywordId } = await proUserWithGrid(env);
    const ids = [await scanNow(env, headers, keywordId, 'dentista'), await scanNow(env, headers, keywordId, 'clínica dental')];

    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(`http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/rankmap/${ids[1]}/compare/${ids[0]}`);
    const call = () => timedGet(agent, url, { ...headers, 'accept-encoding': BROWSER_ENCODINGS, accept: 'application/json' });

    const first = await call();
    if (first.status !== 200) throw new Error(`GET answered ${first.status}: ${first.body.toString('utf8').slice(0, 300)}`);
    const body = decodeJson<CompareResponse>(first);
    if (body.points.points.length !== POINTS || body.metrics.length !== 6) throw new Error('not the full comparison');

    for (let i = 0; i < WARM_UP; i++) await call();
    const total: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const a = await call();
      if (a.status !== 200) throw new Error(`GET answered ${a.status}`);
      total.push(a.totalMs);
    }
    total.sort((a, b) => a - b);

    // Uncached: an analysis's row changed (its updated_at moves), so each request reads both analyses and compares them again.
    const rebuilt: number[] = [];
    for (let i = 0; i < UNCACHED_CALLS; i++) {
      await env.container.database.db.execute(sql`update rank_maps set updated_at = now() where id = ${ids[0]!}`);
      const a = await call();
      if (a.status !== 200) throw new Error(`GET answered ${a.status}`);
      rebuilt.push(a.totalMs);
    }
    rebuilt.sort((a, b) => a - b);
    return {
      name: `GET /api/rankmap/{id}/compare/{otherId}, two completed 25×25 analyses, real HTTP on loopback (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      answer: { points: body.points.points.length, counts: body.points.counts, gained: body.competitors.gained.length, lost: body.competitors.lost.length },
      encoding: first.encoding,
      sizeKB: round(first.body.length / 1000, 1),
      firstRequestMs: round(first.totalMs),
      timeToLastByte: { calls: CALLS, p50Ms: round(percentile(total, 50)), p95Ms: round(percentile(total, 95)), p99Ms: round(percentile(total, 99)) },
      uncachedTimeToLastByte: { calls: UNCACHED_CALLS, p50Ms: round(percentile(rebuilt, 50)), p95Ms: round(percentile(rebuilt, 95)), p99Ms: round(percentile(rebuilt, 99)) },
      goal: 'p95 ≤ 50 ms',
    };
  } finally {
    agent.destroy();
    await env.close();
  }
}

if (process.argv[1] === THIS_FILE) {
  // Alone: node --import tsx bench/compare-analyses.ts [postgres://…]
  console.log(JSON.stringify(await benchCompareAnalyses({ databaseUrl: process.argv[2] }), null, 2));
}
