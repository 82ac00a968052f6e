import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Report } from '@rankmaps/shared/schemas/report';
import { createDemoMapsSearchProvider } from '../apps/server/src/providers/maps-search/demo';
import { runScan, scanDeps } from '../apps/server/src/modules/rankmaps/scan/scan.service';
import { percentile, root, round } from './lib';
import { openScanEnv, proUserWithGrid } from './scan-env';

const THIS_FILE = fileURLToPath(import.meta.url);
const WARM_UP = 10;
const CALLS = 100;
const BROWSER = 'gzip, deflate, br, zstd';

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

interface Answer {
  status: number;
  encoding: string;
  body: Buffer;
  totalMs: number;
}

function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = httpRequest(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'identity'), body: Buffer.concat(chunks), totalMs: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (a: Answer): Report => {
  const raw = a.encoding === 'br' ? brotliDecompressSync(a.body) : a.encoding === 'gzip' ? gunzipSync(a.body) : a.body;
  return JSON.parse(raw.toString('utf8')) as Report;
};

/**
 * GET /api/share/{token} of a completed 25×25 analysis with a previous one (so the report has
 * its deltas, movement and trend), over real HTTP on loopback with a browser's compression:
 * time to the last byte, p50/p95/p99 (issue 17: p95 ≤ 50 ms). Each answer is built live by
 * the report builder, looked up by the token's hash, counted against the per-address limit
 * and counted as a view, as a reader's is.
 */
export async function benchSharePageApi(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({
    databaseUrl: opts.databaseUrl,
    env: { SCAN_RATE_LIMIT_PER_MINUTE: '10000000', SCAN_CONCURRENCY: '50', RATE_LIMIT_SHARE_MAX: '100000', RATE_LIMIT_GLOBAL_MAX: '100000' },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { headers, keywordId } = await proUserWithGrid(env);
    const deps = scanDeps(env.container, createDemoMapsSearchProvider());
    let last = '';
    for (const query of ['dentista', 'clínica dental']) {
      const started = await env.app.inject({ method: 'POST', url: `/api/rankmap/keyword/${keywordId}/analyze`, headers, payload: { query } });
      const { rankMapId } = started.json<{ rankMapId: string }>();
      if ((await runScan(deps, rankMapId)) !== 'completed') throw new Error('scan did not complete');
      last = rankMapId;
    }
    const created = await env.app.inject({ method: 'POST', url: '/api/share-links', headers, payload: { scope: 'analysis', targetId: last, expiresInDays: null } });
    if (created.statusCode !== 201) throw new Error(`POST /api/share-links answered ${created.statusCode}: ${created.body}`);
    const token = created.json<{ url: string }>().url.split('/informe/')[1]!;

    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(`http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/share/${token}`);
    const call = () => get(agent, url, { 'accept-encoding': BROWSER, accept: 'application/json' });
    const first = await call();
    if (first.status !== 200) throw new Error(`GET answered ${first.status}: ${first.body.toString('utf8').slice(0, 300)}`);
    const report = decode(first);
    const cells = report.scope === 'analysis' ? report.analysis.cells.length : 0;

    for (let i = 0; i < WARM_UP; i++) await call();
    const total: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const a = await call();
      if (a.status !== 200) throw new Error(`GET answered ${a.status}`);
      total.push(a.totalMs);
    }
    total.sort((a, b) => a - b);
    return {
      name: `GET /api/share/{token}, a completed 25×25 analysis, real HTTP on loopback (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      answer: { scope: report.scope, cells },
      encoding: first.encoding,
      sizeKB: round(first.body.length / 1000, 1),
      firstRequestMs: round(first.totalMs),
      timeToLastByte: { calls: CALLS, p50Ms: round(percentile(total, 50)), p95Ms: round(percentile(total, 95)), p99Ms: round(percentile(total, 99)) },
      goal: 'p95 ≤ 50 ms',
    };
  } finally {
    agent.destroy();
    await env.close();
  }
}

if (process.argv[1] === THIS_FILE) {
  // Alone: node --import tsx bench/share-page.ts [postgres://…] (after npm run build)
  console.log(JSON.stringify(benchSharePageJs(), null, 2));
  console.log(JSON.stringify(await benchSharePageApi({ databaseUrl: process.argv[2] }), null, 2));
}
