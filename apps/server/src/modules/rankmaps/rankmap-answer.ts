import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { competitorAnalysisSchema, rankMapDetailSchema } from '@rankmaps/shared/schemas/rankmaps';
import type { Container } from '../../container';
import { presentCompetitorAnalysis, presentDetail, presentResult } from './rankmaps.presenter';
import { rankResultsRepository } from './rank-results.repository';
import { ownedAnswerVersionOr404, ownedRankMapOr404 } from './rankmaps.service';

// GET /api/rankmap/:id (docs/product.md §7) without the generic response serializer, which validated
// and copied every one of a 25×25 analysis's ~13,000 results on every request (3.8 MB of
// JSON). The small parts (rankMap, competitorAnalysis) are still validated against their
// schemas; the per-point results are the presenter's exact objects, so the bytes are the
// same as the serializer's. A completed analysis never changes, so its compressed answer is kept, and
// a request for it reads only what tells whether the kept one is still current.

/** Compressed answers kept per process, by total size (a 25×25 one is ~70 KB in brotli, ~130 KB in gzip). */
const CACHE_LIMIT_BYTES = 32 * 2 ** 20;
/** The brotli quality app.ts gives @fastify/compress (a 25×25 analysis: 3.8 MB of JSON → ~70 KB). */
const BROTLI_PARAMS = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

export interface AnalysisAnswer {
  /** JSON, or a Buffer already compressed with `encoding`. */
  body: string | Buffer;
  encoding: Encoding | null;
}

interface Cached {
  /** The version of the analysis the body was built from (answerVersion): any change misses. */
  head: string;
  body: Partial<Record<Encoding, Buffer>>;
}

/** Past the byte bound, the answer used longest ago is dropped first. */
const cache = new LRUCache<string, Cached>({
  maxSize: CACHE_LIMIT_BYTES,
  sizeCalculation: (entry) => Math.max(1, Object.values(entry.body).reduce((bytes, b) => bytes + b.length, 0)),
});

function remember(id: string, head: string, encoding: Encoding, body: Buffer): void {
  const entry = cache.peek(id);
  // A new object, set again: the cache sizes an entry when it is set.
  cache.set(id, { head, body: { ...(entry?.head === head ? entry.body : {}), [encoding]: body } });
}

function recall(id: string, head: string, encoding: Encoding): Buffer | undefined {
  const entry = cache.peek(id);
  const body = entry?.head === head ? entry.body[encoding] : undefined;
  // Only an answer actually sent counts as a use.
  if (body) cache.get(id);
  return body;
}

/**
 * The encoding we compress with ourselves: brotli when the client takes it, else gzip.
 * Anything else (identity, deflate only, x-no-compression) gets the plain JSON, which
 * @fastify/compress handles as for every other route.
 */
function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Validates like the response serializer did, and serialises what the schema keeps. */
function serialise<S extends z.ZodType>(schema: S, value: unknown): string {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`GET /api/rankmap/:id: respuesta no válida: ${parsed.error.message}`);
  return JSON.stringify(parsed.data);
}

/** GET /api/rankmap/:id: {rankMap, results, competitorAnalysis}, compressed when the client accepts it. */
export async function answerAnalysis(
  container: Pick<Container, 'database'>,
  userId: string,
  id: string,
  headers: { acceptEncoding?: string; noCompression?: boolean },
): Promise<AnalysisAnswer> {
  const db = container.database.db;
  const encoding = headers.noCompression ? null : chooseEncoding(headers.acceptEncoding);
  // A completed analysis never changes: when its answer is kept, two columns and its keyword's
  // name say whether it is still the one to send, and the row itself is not read.
  const version = await ownedAnswerVersionOr404(container, userId, id);
  if (version.status === 'completed' && encoding !== null) {
    const hit = recall(id, answerVersion(version.updatedAt, version.keyword), encoding);
    if (hit) return { body: hit, encoding };
  }
  const row = await ownedRankMapOr404(container, userId, id);
  const completed = row.status === 'completed';
  const cacheable = completed && encoding !== null;
  const read = await rankResultsRepository.listByRankMap(db, row.id);
  // The keyword's name as the first look read it (the join there is the one findOwned makes).
  const rankMap = serialise(rankMapDetailSchema, presentDetail(row, version.keyword ?? row.query));
  const competitors = serialise(competitorAnalysisSchema.nullable(), presentCompetitorAnalysis(row));
  const json = `{"rankMap":${rankMap},"results":${JSON.stringify(read.map(presentResult))},"competitorAnalysis":${competitors}}`;
  // Not cached (still running, or no compression asked for): @fastify/compress negotiates as for any route.
  if (!cacheable) return { body: json, encoding: null };
  // Compressed once, on the thread pool, so the event loop serves other requests meanwhile.
  const size = { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json) };
  const body = encoding === 'br' ? await brotli(json, { params: { ...BROTLI_PARAMS, ...size } }) : await gzip(json);
  // Kept under the version of the row just read: if it changed since the first look, the next request rebuilds.
  remember(row.id, answerVersion(row.updatedAt, version.keyword), encoding, body);
  return { body, encoding };
}

/** Every change to an analysis dates its row (updated_at); its keyword can be renamed. */
const answerVersion = (updatedAt: Date, keyword: string | null) => `${updatedAt.toISOString()}\n${keyword ?? ''}`;

/** Sends the answer as it is: already JSON (no serializer), and already compressed when `encoding` says so (@fastify/compress leaves it). */
export function sendAnswer(reply: FastifyReply, answer: AnalysisAnswer): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (answer.encoding) reply.header('content-encoding', answer.encoding).header('vary', 'accept-encoding');
  return reply.send(answer.body);
}
