import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import type { RankMapResponse } from '@rankmaps/shared/schemas/rankmaps';
import { percentile, round, runWhenAlone } from './lib';
import { BROWSER_ENCODINGS, decodeJson, latencyStats, okAnswers, timedGet } from './http-timing';
import { POINTS, proUserWithGrid, scanNow, UNLIMITED_SCANS, withLoopbackAgent } from './scan-env';

const WARM_UP = 10;
const CALLS = 100;
/** Analyses whose first (uncached) request is timed. */
const COLD = 5;

/**
 * GET /api/rankmap/{id} of a completed 25×25 analysis (demo provider), over real HTTP on
 * loopback with the compression a browser negotiates: time to the last byte (p50/p95/p99),
 * and the size on the wire, compressed and not. The answer keeps the spec's shape.
 */
export async function benchRankMapDetail(opts: { databaseUrl?: string } = {}) {
  // The scans that make the analyses are set-up, not what is measured: no rate limit to wait for.
  return withLoopbackAgent({ databaseUrl: opts.databaseUrl, env: UNLIMITED_SCANS }, async (env, agent) => {
    const { headers, keywordId } = await proUserWithGrid(env);
    const ids: string[] = [];
    for (let i = 0; i < 1 + COLD; i++) ids.push(await scanNow(env, headers, keywordId));

    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/rankmap/`;
    const callFor = (id: string, encoding: string) => timedGet(agent, new URL(base + id), { ...headers, 'accept-encoding': encoding, accept: 'application/json' });
    const call = (encoding: string) => callFor(ids[0]!, encoding);

    // The first request for an analysis builds its answer: read the 625 points, serialise, compress.
    const cold: number[] = [];
    for (const id of ids.slice(1)) cold.push((await callFor(id, BROWSER_ENCODINGS)).totalMs);
    cold.sort((a, b) => a - b);

    // The answer, checked once in each encoding.
    const br = await call(BROWSER_ENCODINGS);
    const gzip = await call('gzip');
    const plain = await call('identity');
    for (const a of [br, gzip, plain]) if (a.status !== 200) throw new Error(`GET answered ${a.status}`);
    const body = decodeJson<RankMapResponse>(br);
    if (JSON.stringify(body) !== JSON.stringify(decodeJson<RankMapResponse>(plain)) || JSON.stringify(body) !== JSON.stringify(decodeJson<RankMapResponse>(gzip))) throw new Error('encodings disagree');
    if (body.results.length !== POINTS || !body.competitorAnalysis || !body.rankMap.stats) throw new Error('not the full analysis');
    const shape = body.results[0]!;
    if (!shape.coordinates || !Array.isArray(shape.googleResults) || !shape.businessAnalysis) throw new Error('not the spec shape');
    const items = body.results.reduce((n, r) => n + r.googleResults.length, 0);

    const answers = await okAnswers(() => call(BROWSER_ENCODINGS), WARM_UP, CALLS);
    const total = answers.map((a) => a.totalMs);
    const ttfb = answers.map((a) => a.ttfbMs).sort((a, b) => a - b);
    const identityMs: number[] = [];
    for (let i = 0; i < 30; i++) identityMs.push((await call('identity')).totalMs);
    identityMs.sort((a, b) => a - b);

    const kb = (n: number) => round(n / 1000, 1);
    return {
      name: `GET /api/rankmap/{id}, completed 25×25 analysis, real HTTP on loopback (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      answer: { points: body.results.length, googleResults: items, competitors: body.competitorAnalysis.competitors.length },
      browserEncoding: { acceptEncoding: BROWSER_ENCODINGS, negotiated: br.encoding },
      sizeKB: { [br.encoding]: kb(br.bytes), gzip: kb(gzip.bytes), uncompressed: kb(plain.bytes) },
      firstRequestOfAnAnalysis: { analyses: COLD, p50Ms: round(percentile(cold, 50)), maxMs: round(cold.at(-1)!) },
      timeToLastByte: latencyStats(total),
      timeToFirstByte: { p50Ms: round(percentile(ttfb, 50)), p95Ms: round(percentile(ttfb, 95)) },
      uncompressedTimeToLastByte: { calls: identityMs.length, p50Ms: round(percentile(identityMs, 50)), p95Ms: round(percentile(identityMs, 95)) },
      goal: 'p95 ≤ 50 ms, ≤ 150 KB compressed',
    };
  });
}

await runWhenAlone(import.meta.url, benchRankMapDetail);
