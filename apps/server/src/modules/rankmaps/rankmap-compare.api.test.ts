import { distanceMetres } from '@rankmaps/shared/metrics';
import type { CompareResponse } from '@rankmaps/shared/schemas/compare';
import type { AnalyzeResponse, RankMapResponse } from '@rankmaps/shared/schemas/rankmaps';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { fastScanDeps, scriptedProvider } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { runScan } from './scan/scan.service';
import { FAILED_TO_COMPARE, NOT_COMPLETED_TO_COMPARE } from './rankmap-compare.service';
import { rankMapsRepository } from './rankmaps.repository';

type Headers = Record<string, string>;

describe('comparing two analyses (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, addKeyword, analyze } = rankmapFixtures(app, container);
  const get = (headers: Headers, url: string) => app.inject({ method: 'GET', url, headers });

  /** An analysis of the keyword with this search text, scanned to completion by the real scan (demo-like results, which vary with the text). */
  const completed = async (headers: Headers, keywordId: string, query: string, provider = scriptedProvider().provider) => {
    const res = await analyze(headers, keywordId, { query, maxResults: 20 });
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe('completed');
    return (await get(headers, `/api/rankmap/${rankMapId}`)).json<RankMapResponse>();
  };
  const compare = async (headers: Headers, id: string, otherId: string) => {
    const res = await get(headers, `/api/rankmap/${id}/compare/${otherId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CompareResponse>();
  };

  let world: Promise<{ headers: Headers; placeId: string; keywordId: string; before: RankMapResponse; after: RankMapResponse }> | undefined;
  const twoScans = () =>
    (world ??= (async () => {
      const { headers, placeId, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
      // A week apart in the simulation, at fixed moments: the demo drifts by week and hour, so the
      // two scans differ the same way whatever today's date is.
      const before = await completed(headers, keywordId, 'dentista', scriptedProvider({ at: () => new Date('2026-11-02T10:00:00Z') }).provider);
      const after = await completed(headers, keywordId, 'clínica dental', scriptedProvider({ at: () => new Date('2026-11-09T10:00:00Z') }).provider);
      return { headers, placeId, keywordId, before, after };
    })());

  it('when two analyses of a keyword ran on the same grid, then every metric delta is the stored figures’ difference and each point moved as its two positions say', { timeout: 120_000 }, async () => {
    const { headers, before, after } = await twoScans();
    const body = await compare(headers, after.rankMap.id, before.rankMap.id);
    expect(body.current.id).toBe(after.rankMap.id);
    expect(body.reference.id).toBe(before.rankMap.id);

    const keys = ['geoRank', 'avgPosition', 'avgTotalPosition', 'localPackPercentage', 'foundPercentage', 'visibilityIndex'] as const;
    expect(body.metrics.map((m) => m.key)).toEqual(keys);
    for (const m of body.metrics) {
      const now = after.rankMap.stats![m.key];
      const then = before.rankMap.stats![m.key];
      expect(m.current).toBe(now);
      expect(m.reference).toBe(then);
      if (now === null || then === null) expect(m.delta).toBeNull();
      else expect(m.delta).toBeCloseTo(now - then, 2);
      expect(m.better).toBe(m.key === 'avgPosition' || m.key === 'avgTotalPosition' ? 'lower' : 'higher');
      if (m.delta !== null && m.delta !== 0) expect(m.trend).toBe((m.delta > 0) === (m.better === 'higher') ? 'improved' : 'worsened');
    }

    // The same grid: every searched cell is compared with its own, and nothing is left unmatched.
    expect(body.points.sameGrid).toBe(true);
    expect(body.points.unmatched).toEqual({ current: [], reference: [] });
    expect(body.points.points).toHaveLength(after.results.length);
    const at = (r: RankMapResponse, row: number, col: number) => r.results.find((p) => p.row === row && p.col === col)!;
    const expected = { improved: 0, worsened: 0, same: 0, newlyFound: 0, lost: 0, notComparable: 0 };
    for (const p of body.points.points) {
      const now = at(after, p.row, p.col);
      const then = at(before, p.referenceRow, p.referenceCol);
      expect([p.referenceRow, p.referenceCol]).toEqual([p.row, p.col]);
      expect(p.position).toBe(now.businessAnalysis.position);
      expect(p.referencePosition).toBe(then.businessAnalysis.position);
      const a = now.businessAnalysis.position ?? 21;
      const b = then.businessAnalysis.position ?? 21;
      const movement = a === b ? 'same' : b === 21 ? 'newlyFound' : a === 21 ? 'lost' : a < b ? 'improved' : 'worsened';
      expect(p.movement, `(${p.row}, ${p.col})`).toBe(movement);
      expect(p.change).toBe(b - a);
      expected[movement]++;
    }
    expect(body.points.counts).toEqual(expected);
    // The scan moved us somewhere: two different search texts do not give the same results everywhere.
    expect(expected.same).toBeLessThan(body.points.points.length);
  });

  it('when compared the other way round, then every delta changes sign and improvements become losses', { timeout: 120_000 }, async () => {
    const { headers, before, after } = await twoScans();
    const forward = await compare(headers, after.rankMap.id, before.rankMap.id);
    const backward = await compare(headers, before.rankMap.id, after.rankMap.id);
    expect(backward.metrics.map((m) => m.delta)).toEqual(forward.metrics.map((m) => (m.delta === null ? null : -m.delta + 0)));
    expect(backward.points.counts).toMatchObject({ improved: forward.points.counts.worsened, worsened: forward.points.counts.improved, newlyFound: forward.points.counts.lost });
    expect(backward.competitors.gained.map((c) => c.placeId)).toEqual(forward.competitors.lost.map((c) => c.placeId));
  });

  it('when the competitors moved, then the gains and losses are each table’s GeoRank and ATRP, matched by place id', { timeout: 120_000 }, async () => {
    const { headers, before, after } = await twoScans();
    const body = await compare(headers, after.rankMap.id, before.rankMap.id);
    expect(body.competitors.gained.length + body.competitors.lost.length).toBeGreaterThan(0);
    const rowOf = (r: RankMapResponse, id: string) => r.competitorAnalysis!.competitors.find((c) => c.placeId === id);
    for (const c of [...body.competitors.gained, ...body.competitors.lost]) {
      expect(c.placeId).not.toBe('demo-malaga-dentista-1');
      const now = rowOf(after, c.placeId);
      const then = rowOf(before, c.placeId);
      expect(c.current.geoRank).toBe(now?.compositeScore ?? 0);
      expect(c.reference.geoRank).toBe(then?.compositeScore ?? 0);
      expect(c.geoRankDelta).toBeCloseTo((now?.compositeScore ?? 0) - (then?.compositeScore ?? 0), 2);
    }
    const gains = body.competitors.gained.map((c) => c.geoRankDelta);
    expect(gains.every((d) => d > 0)).toBe(true);
    expect(gains).toEqual([...gains].sort((x, y) => y - x));
    const losses = body.competitors.lost.map((c) => c.geoRankDelta);
    expect(losses.every((d) => d < 0)).toBe(true);
    expect(losses).toEqual([...losses].sort((x, y) => x - y));
  });

  it('when a point failed in one of the two analyses, then it is not comparable and moved no places', { timeout: 120_000 }, async () => {
    const { headers, keywordId, before } = await twoScans();
    // The vendor fails every try at the grid's centre: that point ends failed, the analysis completes.
    const centre = (lat: number, lng: number) => Math.abs(lat - MALAGA.lat) < 1e-6 && Math.abs(lng - MALAGA.lng) < 1e-6;
    const failing = scriptedProvider({ fail: (request) => (centre(request.lat, request.lng) ? 'retryable' : null) }).provider;
    const withFailure = await completed(headers, keywordId, 'dentista', failing);
    const failed = withFailure.results.filter((r) => r.status === 'failed');
    expect(failed.map((r) => [r.row, r.col])).toEqual([[3, 3]]);
    const body = await compare(headers, withFailure.rankMap.id, before.rankMap.id);
    const point = body.points.points.find((p) => p.row === 3 && p.col === 3);
    expect(point).toMatchObject({ movement: 'notComparable', change: null, status: 'failed', referenceStatus: 'ok', position: null });
    expect(body.points.counts.notComparable).toBe(1);
  });

  it('when the grid changed between the analyses, then the coinciding cells are compared and the others are listed as not coinciding', { timeout: 120_000 }, async () => {
    const { headers, placeId, keywordId, before } = await twoScans();
    // 7×7 of 1.5 km (500 m apart) → 5×5 of 1 km (500 m apart): the new grid is the old one's inner 25 cells.
    const res = await app.inject({ method: 'PUT', url: `/api/place/${placeId}/matrix`, headers, payload: { gridSize: 5, radius: 1000, coordinates: MALAGA } });
    expect(res.statusCode, res.body).toBe(200);
    const smaller = await completed(headers, keywordId, 'dentista');
    const body = await compare(headers, smaller.rankMap.id, before.rankMap.id);
    expect(body.points.sameGrid).toBe(false);
    expect(body.points.toleranceMetres).toBe(25);
    expect(body.points.unmatched.current).toEqual([]);
    const outerRing = before.results.filter((p) => p.row === 0 || p.col === 0 || p.row === 6 || p.col === 6);
    expect(body.points.unmatched.reference.map((p) => [p.row, p.col]).sort()).toEqual(outerRing.map((p) => [p.row, p.col]).sort());
    expect(body.points.points.length).toBeGreaterThan(0);
    for (const p of body.points.points) {
      expect([p.referenceRow, p.referenceCol]).toEqual([p.row + 1, p.col + 1]);
      const ref = before.results.find((r) => r.row === p.referenceRow && r.col === p.referenceCol);
      if (ref) expect(distanceMetres(p.lat, p.lng, ref.coordinates.lat, ref.coordinates.lng)).toBeLessThanOrEqual(25);
      const now = smaller.results.find((r) => r.row === p.row && r.col === p.col);
      expect(p.position).toBe(now?.businessAnalysis.position ?? null);
      expect(p.referencePosition).toBe(ref?.businessAnalysis.position ?? null);
      if (p.status === 'ok' && p.referenceStatus === 'ok') expect(p.change).toBe((p.referencePosition ?? 21) - (p.position ?? 21));
    }
  });

  it('when an analysis is of another keyword, another user or nobody, then 404; when one has not completed, then 400 in Spanish; bad ids never 500', { timeout: 120_000 }, async () => {
    const { headers, placeId, keywordId, before, after } = await twoScans();
    const other = await withKeyword('pro_starter', 'demo-malaga-dentista-2', MALAGA);
    const theirs = await completed(other.headers, other.keywordId, 'dentista');
    const otherKeyword = await addKeyword(headers, placeId, 'ortodoncia');
    const mine = await completed(headers, otherKeyword, 'ortodoncia');

    const status = async (url: string) => {
      const res = await get(headers, url);
      return { code: res.statusCode, message: res.json<{ error?: string }>().error };
    };
    const notFound = { code: 404, message: 'Análisis no encontrado.' };
    expect(await status(`/api/rankmap/${after.rankMap.id}/compare/${mine.rankMap.id}`)).toEqual(notFound);
    expect(await status(`/api/rankmap/${after.rankMap.id}/compare/${theirs.rankMap.id}`)).toEqual(notFound);
    expect(await status(`/api/rankmap/${theirs.rankMap.id}/compare/${after.rankMap.id}`)).toEqual(notFound);
    expect(await status(`/api/rankmap/${after.rankMap.id}/compare/00000000-0000-4000-8000-000000000000`)).toEqual(notFound);
    expect((await status(`/api/rankmap/${after.rankMap.id}/compare/no-es-un-id`)).code).toBe(404);
    for (const bad of ['no-es-un-id', '1e309', '%00', "'%20or%201=1", 'NaN']) {
      // A malformed id is an id nobody owns (404); one the URL parser refuses ('%00') is a 400.
      expect([400, 404]).toContain((await status(`/api/rankmap/${after.rankMap.id}/compare/${bad}`)).code);
      expect([400, 404]).toContain((await status(`/api/rankmap/${bad}/compare/${before.rankMap.id}`)).code);
    }
    expect((await status(`/api/rankmap/${after.rankMap.id}/compare/${'a'.repeat(200)}`)).code).toBe(400);

    // A scheduled analysis of the same keyword has not run yet.
    const scheduled = await analyze(headers, keywordId, { scheduledFor: new Date(Date.now() + 2 * 86_400_000).toISOString() }, true);
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const pendingId = scheduled.json<AnalyzeResponse>().rankMapId;
    expect(await status(`/api/rankmap/${after.rankMap.id}/compare/${pendingId}`)).toEqual({ code: 400, message: NOT_COMPLETED_TO_COMPARE });
    expect(await status(`/api/rankmap/${pendingId}/compare/${after.rankMap.id}`)).toEqual({ code: 400, message: NOT_COMPLETED_TO_COMPARE });
    await rankMapsRepository.update(container.database.db, pendingId, { status: 'failed', failureReason: 'Sin créditos' });
    expect(await status(`/api/rankmap/${after.rankMap.id}/compare/${pendingId}`)).toEqual({ code: 400, message: FAILED_TO_COMPARE });

    // Nothing was changed by any of these.
    const again = await compare(headers, after.rankMap.id, before.rankMap.id);
    expect(again.current.stats).toEqual(after.rankMap.stats);
  });

  it('when an analysis changes after its comparison was answered, then the next answer is built again from the new figures', { timeout: 120_000 }, async () => {
    const { headers, before, after } = await twoScans();
    const first = await compare(headers, after.rankMap.id, before.rankMap.id);
    const stats = { ...before.rankMap.stats!, geoRank: 0 };
    await rankMapsRepository.update(container.database.db, before.rankMap.id, { stats });
    try {
      const again = await compare(headers, after.rankMap.id, before.rankMap.id);
      expect(again.reference.stats?.geoRank).toBe(0);
      expect(again.metrics.find((m) => m.key === 'geoRank')).toMatchObject({ reference: 0, delta: after.rankMap.stats!.geoRank });
      expect(first.metrics.find((m) => m.key === 'geoRank')?.reference).toBe(before.rankMap.stats!.geoRank);
    } finally {
      await rankMapsRepository.update(container.database.db, before.rankMap.id, { stats: before.rankMap.stats! });
    }
  });

  it('when nobody is signed in, then 401', async () => {
    const { before, after } = await twoScans();
    const res = await app.inject({ method: 'GET', url: `/api/rankmap/${after.rankMap.id}/compare/${before.rankMap.id}` });
    expect(res.statusCode).toBe(401);
  });
});
