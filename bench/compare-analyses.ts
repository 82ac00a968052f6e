import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { CompareResponse } from '@rankmaps/shared/schemas/compare';
import { round, runWhenAlone } from './lib';
import { BROWSER_ENCODINGS, decodeJson, latencyStats, okAnswers, timedGet } from './http-timing';
import { POINTS, proUserWithGrid, scanNow, UNLIMITED_SCANS, withLoopbackAgent } from './scan-env';

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
  return withLoopbackAgent({ databaseUrl: opts.databaseUrl, env: UNLIMITED_SCANS }, async (env, agent) => {
    const { headers, keywordId } = await proUserWithGrid(env);
    const ids = [await scanNow(env, headers, keywordId, 'dentista'), await scanNow(env, headers, keywordId, 'clínica dental')];

    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(`http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/rankmap/${ids[1]}/compare/${ids[0]}`);
    const call = () => timedGet(agent, url, { ...headers, 'accept-encoding': BROWSER_ENCODINGS, accept: 'application/json' });

    const first = await call();
    if (first.status !== 200) throw new Error(`GET answered ${first.status}: ${first.body.toString('utf8').slice(0, 300)}`);
    const body = decodeJson<CompareResponse>(first);
    if (body.points.points.length !== POINTS || body.metrics.length !== 6) throw new Error('not the full comparison');

    const total = (await okAnswers(call, WARM_UP, CALLS)).map((a) => a.totalMs);

    // Uncached: an analysis's row changed (its updated_at moves), so each request reads both analyses and compares them again.
    const rebuilt: number[] = [];
    for (let i = 0; i < UNCACHED_CALLS; i++) {
      await env.container.database.db.execute(sql`update rank_maps set updated_at = now() where id = ${ids[0]!}`);
      const a = await call();
      if (a.status !== 200) throw new Error(`GET answered ${a.status}`);
      rebuilt.push(a.totalMs);
    }
    return {
      name: `GET /api/rankmap/{id}/compare/{otherId}, two completed 25×25 analyses, real HTTP on loopback (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      answer: { points: body.points.points.length, counts: body.points.counts, gained: body.competitors.gained.length, lost: body.competitors.lost.length },
      encoding: first.encoding,
      sizeKB: round(first.body.length / 1000, 1),
      firstRequestMs: round(first.totalMs),
      timeToLastByte: latencyStats(total),
      uncachedTimeToLastByte: latencyStats(rebuilt),
      goal: 'p95 ≤ 50 ms',
    };
  });
}

await runWhenAlone(import.meta.url, benchCompareAnalyses);
