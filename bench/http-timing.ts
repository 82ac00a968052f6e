import { type Agent, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { percentile, round } from './lib';

// How the HTTP benchmarks time a request: one GET over a kept-alive loopback connection, the
// body read raw as sent (compressed or not), timed to its first and last byte.

/** What a browser offers in Accept-Encoding: the server picks the compression it would. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export interface TimedAnswer {
  status: number;
  encoding: string;
  /** Bytes on the wire (the body as sent, compressed or not). */
  bytes: number;
  body: Buffer;
  ttfbMs: number;
  totalMs: number;
}

/** One GET over `agent` (keep-alive), timed from the request to the first and the last byte. */
export function timedGet(agent: Agent, url: URL, headers: Record<string, string>): Promise<TimedAnswer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = httpRequest(url, { agent, headers }, (res) => {
      const ttfbMs = performance.now() - t0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'identity'), bytes: body.length, body, ttfbMs, totalMs: performance.now() - t0 });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The JSON body of an answer, decompressed as its Content-Encoding says. */
export function decodeJson<T>(a: TimedAnswer): T {
  const raw = a.encoding === 'br' ? brotliDecompressSync(a.body) : a.encoding === 'gzip' ? gunzipSync(a.body) : a.body;
  return JSON.parse(raw.toString('utf8')) as T;
}

/** The count and p50/p95/p99 of a list of durations in ms, rounded to `digits`. */
export function latencyStats(xs: number[], digits = 1) {
  const s = [...xs].sort((a, b) => a - b);
  return { calls: s.length, p50Ms: round(percentile(s, 50), digits), p95Ms: round(percentile(s, 95), digits), p99Ms: round(percentile(s, 99), digits) };
}

/** The answers of `calls` GETs, each of which must be 200, made after `warmUp` untimed ones. */
export async function okAnswers(call: () => Promise<TimedAnswer>, warmUp: number, calls: number): Promise<TimedAnswer[]> {
  for (let i = 0; i < warmUp; i++) await call();
  const answers: TimedAnswer[] = [];
  for (let i = 0; i < calls; i++) {
    const a = await call();
    if (a.status !== 200) throw new Error(`GET answered ${a.status}`);
    answers.push(a);
  }
  return answers;
}

/** The latency of `calls` runs of `run` (which throws on a wrong answer), made after `warmUp` untimed ones. */
export async function timeRuns(run: () => Promise<unknown>, warmUp: number, calls: number) {
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return latencyStats(times);
}
