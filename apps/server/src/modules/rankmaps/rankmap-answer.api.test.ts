import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type RankMapResponse, rankMapResponseSchema } from '@rankmaps/shared/schemas/rankmaps';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import { rankMapsRepository } from './rankmaps.repository';
import { getAnalysis } from './rankmaps.service';
import { runScan } from './scan/scan.service';
import { MADRID, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { fastScanDeps, scriptedProvider } from '../../../test/scan-doubles';

describe('GET /api/rankmap/:id, serialised and compressed by the route', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze } = rankmapFixtures(app, container);
  const db = container.database.db;
  const get = (headers: Record<string, string>, id: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url: `/api/rankmap/${id}`, headers: acceptEncoding ? { ...headers, 'accept-encoding': acceptEncoding } : headers });
  const decoded = (res: Awaited<ReturnType<typeof get>>) => {
    const encoding = res.headers['content-encoding'];
    return (encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString('utf8');
  };

  it('when an analysis is read in every encoding, then each answer is the schema-validated serialisation, byte for byte, the first time and once kept', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const { rankMapId } = (await analyze(headers, keywordId)).json<{ rankMapId: string }>();
    const expected = async () => JSON.stringify(rankMapResponseSchema.parse(await getAnalysis(container, user.id, rankMapId)));

    // Still pending: plain JSON, compressed (if at all) by @fastify/compress, never kept.
    const pending = await get(headers, rankMapId, 'br');
    expect(pending.statusCode).toBe(200);
    expect(decoded(pending)).toBe(await expected());

    expect(await runScan(fastScanDeps(container, scriptedProvider().provider), rankMapId)).toBe('completed');
    const reference = await expected();
    expect(JSON.parse(reference)).toMatchObject({ rankMap: { status: 'completed' }, results: expect.any(Array) as unknown });

    const plain = await get(headers, rankMapId);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(reference);
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(headers, rankMapId, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(reference);
    }
    const body = JSON.parse(reference) as RankMapResponse;
    expect(body.results).toHaveLength(49);
  });

  it('when what surrounds the results changes after the answer was kept, then the next answer shows the change', async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-2', MADRID);
    const { rankMapId } = (await analyze(headers, keywordId)).json<{ rankMapId: string }>();
    expect(await runScan(fastScanDeps(container, scriptedProvider().provider), rankMapId)).toBe('completed');
    const first = JSON.parse(decoded(await get(headers, rankMapId, 'br'))) as RankMapResponse;
    await rankMapsRepository.update(db, rankMapId, { creditsRefunded: 7 });
    const second = JSON.parse(decoded(await get(headers, rankMapId, 'br'))) as RankMapResponse;
    expect(first.rankMap.creditsRefunded).toBe(0);
    expect(second.rankMap.creditsRefunded).toBe(7);
    expect(second.results).toEqual(first.results);
    // Its keyword's name is part of the answer too, though it lives in another row.
    await db.execute(sql`update keywords set name = 'dentista infantil' where id = ${keywordId}`);
    const third = JSON.parse(decoded(await get(headers, rankMapId, 'br'))) as RankMapResponse;
    expect(second.rankMap.keyword).not.toBe('dentista infantil');
    expect(third.rankMap.keyword).toBe('dentista infantil');
    expect(third.results).toEqual(first.results);
  });

  it('when another user asks for a kept analysis, then it answers 404 as before', async () => {
    const owner = await withKeyword('pro_starter', 'demo-madrid-dentista-3', MADRID);
    const stranger = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const { rankMapId } = (await analyze(owner.headers, owner.keywordId)).json<{ rankMapId: string }>();
    expect(await runScan(fastScanDeps(container, scriptedProvider().provider), rankMapId)).toBe('completed');
    expect((await get(owner.headers, rankMapId, 'br')).statusCode).toBe(200);
    const res = await get(stranger.headers, rankMapId, 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'RANKMAP_NOT_FOUND' });
  });
});
