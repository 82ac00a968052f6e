import { type Agent, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { latencyStats, timeRuns } from './lib';

// The timing loop and its statistics live in lib.ts (shared with the MCP benchmarks); re-exported for the HTTP ones.
export { latencyStats, timeRuns };

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
  // Node 24's @fastify/compress may pick zstd from BROWSER_ENCODINGS.
  const raw = a.encoding === 'br' ? brotliDecompressSync(a.body) : a.encoding === 'gzip' ? gunzipSync(a.body) : a.encoding === 'zstd' ? zstdDecompressSync(a.body) : a.body;
  return JSON.parse(raw.toString('utf8')) as T;
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

