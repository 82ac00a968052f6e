import type { InsightInput, computeInsights } from '@rankmaps/shared/report-insights/index';
import type { CompareResponse } from '@rankmaps/shared/schemas/compare';
import type { AnalyzeResponse, RankMapResponse } from '@rankmaps/shared/schemas/rankmaps';
import { type Report, reportSchema } from '@rankmaps/shared/schemas/report';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MADRID, MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { RANKMAPS_BRAND } from './report-brand';
import { NOT_COMPLETED_FOR_REPORT, REPORT_COMPETITORS_LIMIT } from './report-section.service';

// The insight rules (packages/shared/src/report-insights, unit-tested there) run for real; the
// builder's call goes through a recorder, so the test also sees what the builder hands them.
const insightCalls = vi.hoisted(() => [] as unknown[]);
vi.mock('@rankmaps/shared/report-insights/index', async (importOriginal) => {
  const real = await importOriginal<{ computeInsights: typeof computeInsights }>();
  return {
    ...real,
    computeInsights: (input: InsightInput) => {
      insightCalls.push(input);
      return real.computeInsights(input);
    },
  };
});

type Headers = Record<string, string>;

describe('client reports: the builder and the owner’s preview (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, addKeyword, analyze, createPlace, scannedRankMap } = rankmapFixtures(app, container);
  const get = (headers: Headers, url: string) => app.inject({ method: 'GET', url, headers });

  const completed = async (headers: Headers, keywordId: string, query: string) =>
    (await get(headers, `/api/rankmap/${await scannedRankMap(headers, keywordId, query)}`)).json<RankMapResponse>();
  const report = async (headers: Headers, url: string) => {
    const res = await get(headers, url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Report>();
    expect(reportSchema.safeParse(body).success).toBe(true);
    return body;
  };

  let world: ReturnType<typeof makeWorld> | undefined;
  const makeWorld = async () => {
    const { user, headers, placeId, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const before = await completed(headers, keywordId, 'dentista');
    const after = await completed(headers, keywordId, 'clínica dental');
    const idle = await addKeyword(headers, placeId, 'ortodoncia invisible');
    // Another place of the same user, which no report of this one may name.
    const otherPlace = await createPlace(headers, 'demo-madrid-dentista-1', MADRID, 3);
    const otherName = (await get(headers, `/api/place/${otherPlace}`)).json<{ name: string }>().name;
    const place = (await get(headers, `/api/place/${placeId}`)).json<{ name: string; address: string }>();
    return { user, headers, placeId, keywordId, before, after, idle, otherPlace, otherName, place };
  };
  const twoScans = () => (world ??= makeWorld());

  // First: the analysis's section is built here (later reports of it are kept ones).
  it('when the findings are computed, then they get every cell with the first organic result there as its leader, and open the report as they come', { timeout: 120_000 }, async () => {
    const { headers, after } = await twoScans();
    insightCalls.length = 0;
    const body = await report(headers, `/api/reports/analysis/${after.rankMap.id}`);
    if (body.scope !== 'analysis') throw new Error(`scope ${body.scope}`);
    expect(insightCalls).toHaveLength(1);
    const input = insightCalls[0] as InsightInput;
    // The findings open the report exactly as the rules gave them.
    const actual = await vi.importActual<{ computeInsights: typeof computeInsights }>('@rankmaps/shared/report-insights/index');
    expect(body.analysis.insights).toEqual(actual.computeInsights(input));
    expect(body.analysis.insights.length).toBeLessThanOrEqual(5);
    expect(input.gridSize).toBe(7);
    expect(input.metrics).toEqual(body.analysis.metrics);
    expect(input.movement).toEqual(body.analysis.movement);
    expect(input.cells).toHaveLength(49);
    let ledByUs = 0;
    for (const r of after.results) {
      const cell = input.cells.find((c) => c.row === r.row && c.col === r.col)!;
      const first = r.googleResults.find((g) => !g.isAd);
      if (r.status !== 'ok' || !first) {
        expect(cell.leader).toBeNull();
        continue;
      }
      expect(cell.leader, `(${r.row}, ${r.col})`).toEqual({ name: first.name, placeId: first.placeId, isOurBusiness: r.businessAnalysis.position === 1 });
      if (cell.leader?.isOurBusiness) ledByUs++;
    }
    expect(ledByUs).toBe(after.results.filter((r) => r.businessAnalysis.position === 1).length);
    expect(input.cells.filter((c) => c.status === 'excluded').every((c) => c.leader === null && c.position === null)).toBe(true);
    // Kept once built: asked again, the same findings, without computing them again.
    const again = await report(headers, `/api/reports/analysis/${after.rankMap.id}`);
    if (again.scope !== 'analysis') throw new Error('scope');
    expect(again.analysis.insights).toEqual(body.analysis.insights);
    expect(insightCalls).toHaveLength(1);
  });

  it('when a keyword has two completed analyses, then the later one’s report has every metric against the first, its movement, its grid, the trend and the top competitors', { timeout: 120_000 }, async () => {
    const { headers, before, after, place } = await twoScans();
    const body = await report(headers, `/api/reports/analysis/${after.rankMap.id}`);
    if (body.scope !== 'analysis') throw new Error(`scope ${body.scope}`);
    const a = body.analysis;

    expect(body.brand).toEqual(RANKMAPS_BRAND);
    expect(body.place).toEqual({ name: place.name, address: place.address, market: { countryCode: 'ES', languageCode: 'es' } });
    expect(a.keyword).toBe('dentista');
    expect(a.query).toBe('clínica dental');
    expect(a.date).toBe(after.rankMap.completedAt);
    expect(a.previousDate).toBe(before.rankMap.completedAt);
    expect(a.dataLabel).toBe('demo');
    expect(a.timeZone).toBe('Europe/Madrid');

    // The deltas are the comparison's: the same function on the same stored figures.
    const comparison = (await get(headers, `/api/rankmap/${after.rankMap.id}/compare/${before.rankMap.id}`)).json<CompareResponse>();
    expect(a.metrics).toEqual(comparison.metrics);
    for (const m of a.metrics) {
      expect(m.reference).toBe(before.rankMap.stats![m.key]);
      expect(m.current).toBe(after.rankMap.stats![m.key]);
    }
    expect(a.movement).toEqual(comparison.points.counts);
    const moved = Object.values(a.movement!).reduce((s, n) => s + n, 0);
    expect(moved).toBe(comparison.points.points.length);

    // One cell per grid cell; searched ones carry our position as the analysis's results do.
    expect(a.grid).toMatchObject({ gridSize: 7, radius: 1500, totalPoints: after.rankMap.totalPoints });
    expect(a.cells).toHaveLength(7 * 7);
    for (const r of after.results) {
      const cell = a.cells.find((c) => c.row === r.row && c.col === r.col);
      expect(cell, `(${r.row}, ${r.col})`).toMatchObject({ status: r.status, position: r.status === 'ok' ? r.businessAnalysis.position : null });
    }
    expect(a.cells.filter((c) => c.status === 'excluded')).toHaveLength(49 - after.results.length);

    expect(a.trend.points.map((p) => p.date)).toEqual([before.rankMap.completedAt, after.rankMap.completedAt]);
    expect(a.trend.points.map((p) => p.geoRank)).toEqual([before.rankMap.stats!.geoRank, after.rankMap.stats!.geoRank]);

    const table = after.competitorAnalysis!.competitors;
    expect(a.competitors.length).toBeLessThanOrEqual(REPORT_COMPETITORS_LIMIT);
    expect(a.competitors).toHaveLength(Math.min(REPORT_COMPETITORS_LIMIT, table.length));
    expect(a.competitors.map((c) => [c.name, c.geoRank])).toEqual(table.slice(0, a.competitors.length).map((c) => [c.name, c.compositeScore]));
    const geoRanks = a.competitors.map((c) => c.geoRank);
    expect(geoRanks).toEqual([...geoRanks].sort((x, y) => y - x));
    expect(a.ads).toEqual(after.competitorAnalysis!.ads.map((x) => ({ name: x.name, share: x.share, appearances: x.appearances, isOurBusiness: x.isOurBusiness })));
  });

  it('when the first analysis is reported, then it has no reference: no deltas, no movement, a trend of one', { timeout: 120_000 }, async () => {
    const { headers, before } = await twoScans();
    const body = await report(headers, `/api/reports/analysis/${before.rankMap.id}`);
    if (body.scope !== 'analysis') throw new Error(`scope ${body.scope}`);
    expect(body.analysis.previousDate).toBeNull();
    expect(body.analysis.movement).toBeNull();
    expect(body.analysis.query).toBeNull();
    expect(body.analysis.metrics.every((m) => m.reference === null && m.delta === null && m.trend === null)).toBe(true);
    expect(body.analysis.metrics.find((m) => m.key === 'geoRank')?.current).toBe(before.rankMap.stats!.geoRank);
    // The trend stops at the analysis reported: the later one is not its past.
    expect(body.analysis.trend.points.map((p) => p.date)).toEqual([before.rankMap.completedAt]);
  });

  it('when a keyword is reported, then it is its latest analysis with the list of its analyses, newest first', { timeout: 120_000 }, async () => {
    const { headers, keywordId, before, after } = await twoScans();
    const body = await report(headers, `/api/reports/keyword/${keywordId}`);
    if (body.scope !== 'keyword') throw new Error(`scope ${body.scope}`);
    expect(body.keyword).toBe('dentista');
    expect(body.latest?.date).toBe(after.rankMap.completedAt);
    expect(body.latest?.previousDate).toBe(before.rankMap.completedAt);
    expect(body.latest?.trend.points).toHaveLength(2);
    expect(body.history).toEqual(
      [after, before].map((r) => ({
        date: r.rankMap.completedAt,
        geoRank: r.rankMap.stats!.geoRank,
        avgTotalPosition: r.rankMap.stats!.avgTotalPosition,
        localPackPercentage: r.rankMap.stats!.localPackPercentage,
        dataLabel: 'demo',
      })),
    );
  });

  it('when a keyword was never analysed, then its report has no latest analysis and an empty history', { timeout: 120_000 }, async () => {
    const { headers, idle } = await twoScans();
    const body = await report(headers, `/api/reports/keyword/${idle}`);
    expect(body).toMatchObject({ scope: 'keyword', keyword: 'ortodoncia invisible', latest: null, history: [] });
  });

  it('when a place with two keywords is reported, then each has a summary row, and only the analysed one a section', { timeout: 120_000 }, async () => {
    const { headers, placeId, after, place } = await twoScans();
    const body = await report(headers, `/api/reports/place/${placeId}`);
    if (body.scope !== 'place') throw new Error(`scope ${body.scope}`);
    expect(body.place.name).toBe(place.name);
    const stats = after.rankMap.stats!;
    const analysed = await report(headers, `/api/reports/analysis/${after.rankMap.id}`);
    if (analysed.scope !== 'analysis') throw new Error('scope');
    expect(body.summary).toEqual([
      {
        keyword: 'dentista',
        date: after.rankMap.completedAt,
        geoRank: stats.geoRank,
        geoRankDelta: analysed.analysis.metrics.find((m) => m.key === 'geoRank')!.delta,
        avgTotalPosition: stats.avgTotalPosition,
        localPackPercentage: stats.localPackPercentage,
        foundPercentage: stats.foundPercentage,
      },
      { keyword: 'ortodoncia invisible', date: null, geoRank: null, geoRankDelta: null, avgTotalPosition: null, localPackPercentage: null, foundPercentage: null },
    ]);
    expect(body.keywords).toHaveLength(1);
    expect({ ...body.keywords[0], insights: [] }).toEqual({ ...analysed.analysis, insights: [] });
  });

  it('when another user asks for the owner’s reports, or for ids that are none, then the same 404 as the rest of the API', { timeout: 120_000 }, async () => {
    const { headers, placeId, keywordId, after } = await twoScans();
    const { headers: intruder } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const cases = [
      [`/api/reports/analysis/${after.rankMap.id}`, 'Análisis no encontrado.'],
      [`/api/reports/keyword/${keywordId}`, 'Keyword no encontrada.'],
      [`/api/reports/place/${placeId}`, 'Lugar no encontrado.'],
    ] as const;
    for (const [url, message] of cases) {
      const res = await get(intruder, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe(message);
      expect(res.body).not.toContain(after.rankMap.id);
    }
    for (const [url, message] of cases) {
      for (const bad of ['no-es-un-id', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
        const res = await get(headers, url.replace(/[^/]+$/, encodeURIComponent(bad)));
        expect(res.statusCode, bad).toBe(404);
        expect(res.json().error).toBe(message);
      }
    }
    for (const [url] of cases) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('when the analysis is not completed yet, then 400 with a Spanish message', { timeout: 120_000 }, async () => {
    const { headers, keywordId } = await twoScans();
    const res = await analyze(headers, keywordId, { query: 'dentista', maxResults: 20 });
    expect(res.statusCode, res.body).toBe(201);
    const pending = await get(headers, `/api/reports/analysis/${res.json<AnalyzeResponse>().rankMapId}`);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().error).toBe(NOT_COMPLETED_FOR_REPORT);
    // A keyword's report skips it: its latest is still the last completed one.
    const body = await report(headers, `/api/reports/keyword/${keywordId}`);
    if (body.scope !== 'keyword') throw new Error('scope');
    expect(body.history).toHaveLength(2);
  });

  it('when any report is serialised, then it holds neither the owner’s e-mail nor any id of theirs nor another place', { timeout: 120_000 }, async () => {
    const { user, headers, placeId, keywordId, before, after, idle, otherPlace, otherName } = await twoScans();
    const analysisIds = (await get(headers, `/api/rankmap/keyword/${keywordId}`)).json<{ id: string }[]>().map((a) => a.id);
    expect(analysisIds).toEqual(expect.arrayContaining([before.rankMap.id, after.rankMap.id]));
    const forbidden = [user.email, user.id, placeId, keywordId, idle, otherPlace, otherName, ...analysisIds];
    const urls = [
      `/api/reports/analysis/${after.rankMap.id}`,
      `/api/reports/analysis/${before.rankMap.id}`,
      `/api/reports/keyword/${keywordId}`,
      `/api/reports/keyword/${idle}`,
      `/api/reports/place/${placeId}`,
    ];
    for (const url of urls) {
      const json = JSON.stringify(await report(headers, url)).toLowerCase();
      const leaked = forbidden.filter((s) => json.includes(s.toLowerCase()));
      expect(leaked, url).toEqual([]);
    }
  });

  // Reports are kept once built (report-section-cache.ts): what they depend on must show at once.
  it('when the place follows a competitor after a report was made, then the next report’s trend follows it too', { timeout: 120_000 }, async () => {
    const { headers, placeId, after } = await twoScans();
    const url = `/api/reports/analysis/${after.rankMap.id}`;
    const first = await report(headers, url);
    if (first.scope !== 'analysis') throw new Error('scope');
    expect(first.analysis.trend.followed.map((f) => f.placeId)).not.toContain('demo-malaga-dentista-2');
    const follow = await app.inject({ method: 'POST', url: `/api/place/${placeId}/competitors`, headers, payload: { placeId: 'demo-malaga-dentista-2', name: 'Competidor seguido' } });
    expect(follow.statusCode, follow.body).toBe(201);
    const second = await report(headers, url);
    if (second.scope !== 'analysis') throw new Error('scope');
    expect(second.analysis.trend.followed).toContainEqual({ placeId: 'demo-malaga-dentista-2', name: 'Competidor seguido' });
    expect(second.analysis.trend.points.every((p) => p.competitors.some((c) => c.placeId === 'demo-malaga-dentista-2'))).toBe(true);
    expect(Date.parse(second.generatedAt)).toBeGreaterThanOrEqual(Date.parse(first.generatedAt));
  });

  // Last: it deletes the world's first analysis.
  it('when the previous analysis is deleted after a report was made, then the next report compares with nothing', { timeout: 120_000 }, async () => {
    const { headers, before, after } = await twoScans();
    const url = `/api/reports/analysis/${after.rankMap.id}`;
    const first = await report(headers, url);
    if (first.scope !== 'analysis') throw new Error('scope');
    expect(first.analysis.previousDate).toBe(before.rankMap.completedAt);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/rankmap/${before.rankMap.id}`, headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const second = await report(headers, url);
    if (second.scope !== 'analysis') throw new Error('scope');
    expect(second.analysis.previousDate).toBeNull();
    expect(second.analysis.movement).toBeNull();
    expect(second.analysis.trend.points.map((p) => p.date)).toEqual([after.rankMap.completedAt]);
  });
});
