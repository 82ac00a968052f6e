import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Report } from '@rankmaps/shared/schemas/report';
import { buildPlaceReport } from '../apps/server/src/modules/reports/report-builder.service';
import { round, runWhenAlone } from './lib';
import { BROWSER_ENCODINGS, decodeJson, latencyStats, okAnswers, timedGet } from './http-timing';
import { POINTS, proUserWithGrid, scanNow, UNLIMITED_SCANS, withLoopbackAgent } from './scan-env';

const WARM_UP = 10;
const CALLS = 100;
/** Requests after a change to the analysis: each builds its section again. */
const UNCACHED_CALLS = 40;
const PLACE_RUNS = 10;
/** The place report's keywords: the first has two analyses, the others one each. */
const KEYWORDS = ['dentista', 'clínica dental', 'dentista urgencias', 'ortodoncia', 'implantes dentales', 'blanqueamiento dental', 'endodoncia', 'dentista infantil', 'periodoncia', 'carillas dentales'];
const FOLLOWED = [
  { placeId: 'demo-madrid-dentista-2', name: 'Competidor 2' },
  { placeId: 'demo-madrid-dentista-3', name: 'Competidor 3' },
];

/**
 * The report builder (docs/reports.md, "Builder"), on 25×25 analyses of a Madrid place (demo
 * provider) with two followed competitors:
 * - GET /api/reports/analysis/{id} of a keyword's second analysis (so it has deltas, movement
 *   and a trend of two) over real HTTP on loopback with a browser's compression: time to the
 *   last byte, p50/p95/p99 (issue 17: the share page's answer p95 ≤ 50 ms), for its kept
 *   section and after a change to the analysis (each request builds the section again);
 * - buildPlaceReport for the place's 10 keywords (11 analyses), in process as the PDF calls
 *   it, then serialised, after a change to every analysis of the place (each section built)
 *   and then kept (issue 17: a place report of 10 keywords feeds a PDF in ≤ 10 s).
 */
export async function benchReportBuild(opts: { databaseUrl?: string } = {}) {
  // The scans that make the analyses are set-up, not what is measured: no rate limit to wait for.
  return withLoopbackAgent({ databaseUrl: opts.databaseUrl, env: UNLIMITED_SCANS }, async (env, agent) => {
    const { user, headers, placeId, keywordId } = await proUserWithGrid(env, KEYWORDS[0]);
    for (const competitor of FOLLOWED) {
      const res = await env.app.inject({ method: 'POST', url: `/api/place/${placeId}/competitors`, headers, payload: competitor });
      if (res.statusCode !== 201) throw new Error(`follow: ${res.statusCode} ${res.body}`);
    }
    const scan = (kw: string, query: string) => scanNow(env, headers, kw, query);
    await scan(keywordId, 'dentista');
    const latest = await scan(keywordId, 'clínica dental');
    for (const name of KEYWORDS.slice(1)) {
      const kw = await env.app.inject({ method: 'POST', url: '/api/keyword', headers, payload: { name, placeId } });
      if (kw.statusCode !== 201) throw new Error(`keyword: ${kw.statusCode} ${kw.body}`);
      await scan(kw.json<{ _id: string }>()._id, name);
    }

    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(`http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/reports/analysis/${latest}`);
    const call = () => timedGet(agent, url, { ...headers, 'accept-encoding': BROWSER_ENCODINGS, accept: 'application/json' });

    const first = await call();
    if (first.status !== 200) throw new Error(`GET answered ${first.status}: ${first.body.toString('utf8').slice(0, 300)}`);
    const body = decodeJson<Report>(first);
    if (body.scope !== 'analysis' || body.analysis.cells.length !== POINTS || body.analysis.movement === null || body.analysis.trend.points.length !== 2) {
      throw new Error('not the full analysis report');
    }
    const total = (await okAnswers(call, WARM_UP, CALLS)).map((a) => a.totalMs);

    // Uncached: the analysis's row changed (its updated_at moves), so each request reads its points, the previous one's and the trend again.
    const rebuilt: number[] = [];
    for (let i = 0; i < UNCACHED_CALLS; i++) {
      await env.container.database.db.execute(sql`update rank_maps set updated_at = now() where id = ${latest}`);
      const a = await call();
      if (a.status !== 200) throw new Error(`GET answered ${a.status}`);
      rebuilt.push(a.totalMs);
    }

    // The place report as a PDF after a round gets it: every section built (the place's analyses all changed), then kept.
    const place: number[] = [];
    const placeKept: number[] = [];
    let placeJson = '';
    for (let i = 0; i < PLACE_RUNS; i++) {
      await env.container.database.db.execute(sql`update rank_maps set updated_at = now() where place_id = ${placeId}`);
      const t0 = performance.now();
      const report = await buildPlaceReport(env.container, user.id, placeId);
      placeJson = JSON.stringify(report);
      place.push(performance.now() - t0);
      if (report.scope !== 'place' || report.summary.length !== KEYWORDS.length || report.keywords.length !== KEYWORDS.length) throw new Error('not the full place report');
      const t1 = performance.now();
      JSON.stringify(await buildPlaceReport(env.container, user.id, placeId));
      placeKept.push(performance.now() - t1);
    }
    return {
      name: `The report builder: GET /api/reports/analysis/{id} of a 25×25 analysis over real HTTP on loopback, and a place report of ${KEYWORDS.length} keywords in process (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      analysis: {
        encoding: first.encoding,
        sizeKB: round(first.body.length / 1000, 1),
        jsonKB: round(JSON.stringify(body).length / 1000, 1),
        firstRequestMs: round(first.totalMs),
        timeToLastByte: latencyStats(total),
        uncachedTimeToLastByte: latencyStats(rebuilt),
        goal: 'p95 ≤ 50 ms',
      },
      place: {
        keywords: KEYWORDS.length,
        runs: PLACE_RUNS,
        jsonKB: round(placeJson.length / 1000, 1),
        built: { ...latencyStats(place), maxMs: round(Math.max(...place)) },
        kept: latencyStats(placeKept),
        goal: '≤ 10 s with the PDF',
      },
    };
  });
}

await runWhenAlone(import.meta.url, benchReportBuild);
