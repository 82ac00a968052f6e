import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Report } from '@rankmaps/shared/schemas/report';
import { root, round } from './lib';
import { BROWSER_ENCODINGS, decodeJson, latencyStats, okAnswers, timedGet } from './http-timing';
import { proUserWithGrid, scanNow, UNLIMITED_SCANS, withLoopbackAgent } from './scan-env';

const THIS_FILE = fileURLToPath(import.meta.url);
const WARM_UP = 10;
const CALLS = 100;

/**
 * The share page's JavaScript (docs/reports.md "Share links"): every script share.html loads
 * (its entry and the chunks it preloads; the page has no lazy import), each gzipped at level 6
 * as the goal is stated (issue 17: ≤ 150 KB gzip). Reads the build in WEB_DIST or apps/web/dist.
 */
export function benchSharePageJs() {
  const dist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  const htmlFile = path.join(dist, 'share.html');
  if (!existsSync(htmlFile)) throw new Error(`${htmlFile} not found: build the web first (npm run build)`);
  const html = readFileSync(htmlFile, 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((m) => (m[1] ?? m[2])!);
  const files = scripts.map((src) => {
    const body = readFileSync(path.join(dist, src));
    return { file: src, KB: round(body.length / 1024), gzipKB: round(gzipSync(body, { level: 6 }).length / 1024) };
  });
  return {
    name: 'share page JavaScript (/informe/{token}), gzip level 6',
    gzipKB: round(files.reduce((s, f) => s + f.gzipKB, 0)),
    rawKB: round(files.reduce((s, f) => s + f.KB, 0)),
    scripts: files.length,
    files,
    goal: '≤ 150 KB gzip',
  };
}


/** No rate limit to wait for: neither the scans that make the analyses nor the share page's own per-address limit. */
const SHARE_ENV = { ...UNLIMITED_SCANS, RATE_LIMIT_SHARE_MAX: '100000', RATE_LIMIT_GLOBAL_MAX: '100000' };

/**
 * GET /api/share/{token} of a completed 25×25 analysis with a previous one (so the report has
 * its deltas, movement and trend), over real HTTP on loopback with a browser's compression:
 * time to the last byte, p50/p95/p99 (issue 17: p95 ≤ 50 ms). Each answer is built live by
 * the report builder, looked up by the token's hash, counted against the per-address limit
 * and counted as a view, as a reader's is.
 */
export async function benchSharePageApi(opts: { databaseUrl?: string } = {}) {
  return withLoopbackAgent({ databaseUrl: opts.databaseUrl, env: SHARE_ENV }, async (env, agent) => {
    const { headers, keywordId } = await proUserWithGrid(env);
    await scanNow(env, headers, keywordId, 'dentista');
    const last = await scanNow(env, headers, keywordId, 'clínica dental');
    const created = await env.app.inject({ method: 'POST', url: '/api/share-links', headers, payload: { scope: 'analysis', targetId: last, expiresInDays: null } });
    if (created.statusCode !== 201) throw new Error(`POST /api/share-links answered ${created.statusCode}: ${created.body}`);
    const token = created.json<{ url: string }>().url.split('/informe/')[1]!;

    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(`http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/share/${token}`);
    const call = () => timedGet(agent, url, { 'accept-encoding': BROWSER_ENCODINGS, accept: 'application/json' });
    const first = await call();
    if (first.status !== 200) throw new Error(`GET answered ${first.status}: ${first.body.toString('utf8').slice(0, 300)}`);
    const report = decodeJson<Report>(first);
    const cells = report.scope === 'analysis' ? report.analysis.cells.length : 0;

    const total = (await okAnswers(call, WARM_UP, CALLS)).map((a) => a.totalMs);
    return {
      name: `GET /api/share/{token}, a completed 25×25 analysis, real HTTP on loopback (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      answer: { scope: report.scope, cells },
      encoding: first.encoding,
      sizeKB: round(first.body.length / 1000, 1),
      firstRequestMs: round(first.totalMs),
      timeToLastByte: latencyStats(total),
      goal: 'p95 ≤ 50 ms',
    };
  });
}

if (process.argv[1] === THIS_FILE) {
  // Alone: node --import tsx bench/share-page.ts [postgres://…] (after npm run build)
  console.log(JSON.stringify(benchSharePageJs(), null, 2));
  console.log(JSON.stringify(await benchSharePageApi({ databaseUrl: process.argv[2] }), null, 2));
}
