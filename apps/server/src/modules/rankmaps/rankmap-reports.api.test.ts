import { type MetricsResultItem, computeScanMetrics, roundMetric } from '@rankmaps/shared/metrics';
import type { AnalyzeResponse, RankMapResponse, RankMapStatusResponse, RankResult } from '@rankmaps/shared/schemas/rankmaps';
import type { TrendResponse } from '@rankmaps/shared/schemas/trend';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import { isoDateIn } from '../../lib/csv';
import { FAILED_NOTHING_TO_EXPORT, NOT_FINISHED } from './rankmap-export.service';
import { rankResultsRepository } from './rank-results.repository';
import { type RankMapTarget, rankMapsRepository } from './rankmaps.repository';
import { MADRID, rankmapFixtures } from '../../../test/rankmap-fixtures';

type Headers = Record<string, string>;

const POINTS_HEADER =
  'Keyword;Negocio;Fecha;Cuadrícula;Fila;Columna;Latitud;Longitud;Estado;Posición;Posición (no encontrado = 21);Primer resultado;Segundo resultado;Tercer resultado';
const COMPETITORS_HEADER =
  'Keyword;Negocio;Fecha;Cuadrícula;Ranking;Nombre;Dirección;Posición media;Posición media total;Apariciones;% en Local Pack;Visibilidad;GeoRank;Valoración;Reseñas;Anuncio;Es tu negocio';

/** A followed business's figures in one analysis, worked out here from its stored per-point results by docs/decisions.md §3. */
function expectedFigures(results: RankResult[], placeId: string) {
  const ok = results.filter((r) => r.status === 'ok');
  const best = ok.flatMap((r) => {
    const positions = r.googleResults.filter((g) => !g.isAd && g.placeId === placeId && g.position >= 1 && g.position <= 20).map((g) => g.position);
    return positions.length > 0 ? [Math.min(...positions)] : [];
  });
  const count = (lo: number, hi: number) => best.filter((p) => p >= lo && p <= hi).length;
  return {
    geoRank: (100 * (count(1, 3) + 0.5 * count(4, 10) + 0.25 * count(11, 20))) / ok.length,
    avgPosition: best.length > 0 ? best.reduce((a, b) => a + b, 0) / best.length : null,
    // "Posición media total": over every valid point, 21 where it is not found.
    avgTotalPosition: (best.reduce((a, b) => a + b, 0) + 21 * (ok.length - best.length)) / ok.length,
    appearances: best.length,
  };
}

/** The body of a CSV answer, after its byte-order mark, split into lines (CRLF). */
function csvLines(res: { rawPayload: Buffer; body: string }) {
  expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = res.rawPayload.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

describe('trend and CSV exports (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR }, { workers: true });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, withKeyword, analyze, addKeyword } = rankmapFixtures(app, container);
  const db = container.database.db;

  const get = (headers: Headers, url: string) => app.inject({ method: 'GET', url, headers });
  const trendOf = async (headers: Headers, keywordId: string) => {
    const res = await get(headers, `/api/rankmap/keyword/${keywordId}/trend`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TrendResponse>();
  };
  const detail = async (headers: Headers, id: string) => (await get(headers, `/api/rankmap/${id}`)).json<RankMapResponse>();
  const follow = async (headers: Headers, placeId: string, competitor: { placeId: string; name: string }) => {
    const res = await app.inject({ method: 'POST', url: `/api/place/${placeId}/competitors`, headers, payload: competitor });
    expect(res.statusCode, res.body).toBe(201);
  };

  /** An analysis run through the real queue and worker, to completion. */
  const runToCompletion = async (headers: Headers, keywordId: string, query: string) => {
    const res = await analyze(headers, keywordId, { useWorker: true, query }, true);
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    // vi.waitFor, not expect.poll: twoScans() shares this wait among the tests.
    const ended = await vi.waitFor(
      async () => {
        const { status } = (await get(headers, `/api/rankmap/${rankMapId}/status`)).json<RankMapStatusResponse>();
        if (status !== 'completed' && status !== 'failed') throw new Error(`analysis ended ${status}`);
        return status;
      },
      { timeout: 60_000, interval: 100 },
    );
    if (ended === 'failed') throw new Error(`analysis ended ${ended}`);
    return rankMapId;
  };

  // Two completed scans of one Madrid keyword, with different search texts so their results differ.
  let scanned: Promise<{ headers: Headers; placeId: string; keywordId: string; first: RankMapResponse; second: RankMapResponse }> | undefined;
  const twoScans = () =>
    (scanned ??= (async () => {
      const { headers, placeId, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
      const a = await runToCompletion(headers, keywordId, 'dentista');
      const b = await runToCompletion(headers, keywordId, 'clínica dental');
      return { headers, placeId, keywordId, first: await detail(headers, a), second: await detail(headers, b) };
    })());

  it('when two scans completed, then the trend has both, oldest first, with our stored figures and each followed competitor measured from the stored results', { timeout: 120_000 }, async () => {
    const { headers, placeId, keywordId, first, second } = await twoScans();
    const before = await trendOf(headers, keywordId);
    expect(before.followed).toEqual([]);
    expect(before.points.map((p) => p.competitors)).toEqual([[], []]);

    const table = first.competitorAnalysis!.competitors.filter((c) => !c.isOurBusiness);
    const leader = table[0]!;
    const last = table.at(-1)!;
    // A business seen in the first scan beyond its 80-row table (the demo market has more), or else one only the second scan saw.
    const firstIds = new Set(first.competitorAnalysis!.competitors.map((c) => c.placeId));
    const unlisted = (results: RankResult[]) =>
      results.flatMap((r) => r.googleResults).find((g) => !g.isAd && g.placeId && g.placeId !== 'demo-madrid-dentista-1' && !firstIds.has(g.placeId));
    const beyond = unlisted(first.results) ?? unlisted(second.results);
    if (first.competitorAnalysis!.totalCompetitors > 80) expect(unlisted(first.results)).toBeDefined();
    const followed = [
      { placeId: leader.placeId, name: leader.name },
      { placeId: last.placeId, name: last.name },
      ...(beyond?.placeId ? [{ placeId: beyond.placeId, name: beyond.name }] : []),
      { placeId: 'demo-nunca-visto', name: 'Nunca visto' },
    ];
    for (const f of followed) await follow(headers, placeId, f);

    const trend = await trendOf(headers, keywordId);
    expect(trend.followed).toEqual(followed);
    expect(trend.points.map((p) => p.rankMapId)).toEqual([first.rankMap.id, second.rankMap.id]);
    expect(trend.points.map((p) => p.date)).toEqual([first.rankMap.completedAt, second.rankMap.completedAt]);
    expect(Date.parse(trend.points[0]!.date)).toBeLessThanOrEqual(Date.parse(trend.points[1]!.date));
    for (const [point, analysis] of [
      [trend.points[0]!, first],
      [trend.points[1]!, second],
    ] as const) {
      expect(point.geoRank).toBe(analysis.rankMap.stats!.geoRank);
      expect(point.avgPosition).toBe(analysis.rankMap.stats!.avgPosition);
      expect(point.avgTotalPosition).toBe(analysis.rankMap.stats!.avgTotalPosition);
      expect(point.competitors.map((c) => c.placeId)).toEqual(followed.map((f) => f.placeId));
      for (const c of point.competitors) {
        const expected = expectedFigures(analysis.results, c.placeId);
        // The trend rounds as every metric does (half away from zero, 2 decimals); 9.475 → 9.48 is no error.
        expect(c.geoRank, c.placeId).toBe(roundMetric(expected.geoRank));
        if (expected.avgPosition === null) expect(c.avgPosition).toBeNull();
        else expect(c.avgPosition, c.placeId).toBe(roundMetric(expected.avgPosition));
        expect(c.avgTotalPosition, c.placeId).toBe(roundMetric(expected.avgTotalPosition));
        expect(c.appearances).toBe(expected.appearances);
      }
    }
    // In the first scan they match the stored competitors table exactly.
    for (const row of [leader, last]) {
      expect(trend.points[0]!.competitors.find((c) => c.placeId === row.placeId)).toEqual({
        placeId: row.placeId,
        geoRank: row.compositeScore,
        avgPosition: row.avgPosition,
        avgTotalPosition: row.avgTotalPosition,
        appearances: row.appearances,
      });
    }
    expect(trend.points[0]!.competitors.at(-1)).toEqual({ placeId: 'demo-nunca-visto', geoRank: 0, avgPosition: null, avgTotalPosition: 21, appearances: 0 });
    expect(trend.points[0]!.competitors[0]!.geoRank).toBeGreaterThan(0);
  });

  it('when a scan completes, then its businesses’ tallies are counted with it; one completed without them (by an earlier release’s worker) is counted by the first trend, which answers the same', { timeout: 120_000 }, async () => {
    const { headers, placeId, keywordId, first } = await twoScans();
    const leader = first.competitorAnalysis!.competitors.find((c) => !c.isOurBusiness)!;
    const res = await app.inject({ method: 'POST', url: `/api/place/${placeId}/competitors`, headers, payload: { placeId: leader.placeId, name: leader.name } });
    expect([200, 201]).toContain(res.statusCode);
    const counted = async () => {
      const [row] = await rankMapsRepository.listCompletedByKeyword(db, keywordId, 52).then((rows) => rows.filter((r) => r.id === first.rankMap.id));
      const tallies = await rankResultsRepository.talliesFor(db, [first.rankMap.id], [leader.placeId]);
      return { flag: row!.talliesCounted, tallies };
    };
    const atCompletion = await counted();
    expect(atCompletion.flag).toBe(true);
    expect(atCompletion.tallies).toHaveLength(1);
    expect(atCompletion.tallies[0]!.tally.found).toBe(leader.appearances);
    const before = await trendOf(headers, keywordId);

    await db.execute(sql`update rank_map_businesses set tally = null where rank_map_id = ${first.rankMap.id}`);
    await db.execute(sql`update rank_maps set tallies_counted = false where id = ${first.rankMap.id}`);
    expect(await counted()).toEqual({ flag: false, tallies: [] });

    expect(await trendOf(headers, keywordId)).toEqual(before);
    expect(await counted()).toEqual(atCompletion);
  });

  it('when a completed scan is exported, then both CSVs list its points and its competitors table, as attachments with a BOM', { timeout: 120_000 }, async () => {
    const { headers, placeId, first } = await twoScans();
    const day = isoDateIn(new Date(first.rankMap.completedAt!), 'Europe/Madrid');
    const business = (await get(headers, `/api/place/${placeId}`)).json<{ name: string }>().name;
    // Every row starts by saying which analysis it is: keyword, business, date and grid.
    const analysis = ['dentista', business, day, '7×7, radio 1500 m'];

    const points = await get(headers, `/api/rankmap/${first.rankMap.id}/export/points.csv`);
    expect(points.statusCode).toBe(200);
    expect(points.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(points.headers['content-disposition']).toBe(`attachment; filename="rankmap-dentista-${day}-puntos.csv"`);
    const lines = csvLines(points);
    expect(lines[0]).toBe(POINTS_HEADER);
    expect(lines).toHaveLength(1 + first.results.length);
    first.results.forEach((r, i) => {
      const row = lines[i + 1]!.split(';');
      expect(row.slice(0, 4)).toEqual(analysis);
      const cells = row.slice(4);
      expect(cells.slice(0, 2)).toEqual([String(r.row + 1), String(r.col + 1)]);
      expect(Number(cells[2]!.replace(',', '.'))).toBe(r.coordinates.lat);
      expect(Number(cells[3]!.replace(',', '.'))).toBe(r.coordinates.lng);
      expect(cells[4]).toBe('Correcto');
      expect(cells[5]).toBe(r.businessAnalysis.position === null ? 'No encontrado' : String(r.businessAnalysis.position));
      expect(cells[6]).toBe(String(r.businessAnalysis.position ?? 21));
      const organic = r.googleResults.filter((g) => !g.isAd).sort((a, b) => a.position - b.position);
      expect(cells[7]).toBe(organic[0]?.name.replace(/^([=+\-@])/, "'$1") ?? '');
    });

    const competitors = await get(headers, `/api/rankmap/${first.rankMap.id}/export/competitors.csv`);
    expect(competitors.statusCode).toBe(200);
    expect(competitors.headers['content-disposition']).toBe(`attachment; filename="rankmap-dentista-${day}-competidores.csv"`);
    const rows = csvLines(competitors);
    expect(rows[0]).toBe(COMPETITORS_HEADER);
    const table = first.competitorAnalysis!.competitors;
    expect(rows).toHaveLength(1 + table.length);
    const prefix = `${analysis.join(';')};`;
    expect(rows.slice(1).every((r) => r.startsWith(prefix))).toBe(true);
    const ours = table.findIndex((c) => c.isOurBusiness);
    expect(rows[ours + 1]!.startsWith(`${prefix}${ours + 1};`)).toBe(true);
    expect(rows[ours + 1]!.endsWith(';Sí')).toBe(true);
    expect(rows[1]!.split(';')[4 + 8]).toBe(String(table[0]!.compositeScore).replace('.', ','));
    expect(rows[1]!.split(';')[4 + 4]).toBe(String(table[0]!.avgTotalPosition).replace('.', ','));
    // The column's average over the points that succeeded is the analysis's "Posición media total".
    const totals = lines.slice(1).map((l) => Number(l.split(';')[4 + 6]));
    expect(roundMetric(totals.reduce((a, b) => a + b, 0) / totals.length)).toBe(first.rankMap.stats!.avgTotalPosition);
  });

  /** A completed analysis stored directly, with results written to test escaping and id-less businesses. */
  async function craftedAnalysis() {
    const { user, headers } = await signedIn('pro_starter');
    const placeRes = await app.inject({ method: 'POST', url: '/api/place', headers, payload: { googlePlaceId: 'demo-madrid-dentista-2', matrixConfig: { gridSize: 3, radius: 1500, coordinates: MADRID } } });
    const placeId = placeRes.json<{ _id: string }>()._id;
    const keywordId = await addKeyword(headers, placeId, 'Clínica dental Málaga');
    const target: RankMapTarget = { placeId: 'demo-madrid-dentista-2', name: 'Clínica Dental Sonrisa', lat: 40.4168, lng: -3.7038, rating: 4.5, totalReviews: 10, regionCode: 'ES' };
    const item = (position: number, name: string, placeId: string | null, over: Partial<MetricsResultItem> = {}): MetricsResultItem => ({
      position,
      name,
      address: 'Calle X',
      rating: 4.5,
      userRatingCount: 10,
      placeId,
      location: { latitude: 40.43, longitude: -3.72 },
      categories: [],
      isAd: false,
      ...over,
    });
    const evil = '=HYPERLINK("http://evil","clic")';
    const p0 = {
      organic: [item(1, evil, 'evil'), item(2, 'Bar; "El Rincón"', 'bar', { address: 'Calle Mayor 1\nMadrid' }), item(3, target.name, target.placeId), item(4, 'Taller Pepe', null)],
      ads: [item(1, '@Anuncio', 'ad', { isAd: true })],
    };
    const p1 = { organic: [item(1, '-1+1 Dental', 'minus'), item(2, 'Taller Pepe', null), item(5, '+34 Dental', 'plus')], ads: [item(1, evil, 'evil', { isAd: true })] };
    const coords = [
      { lat: 40.43, lng: -3.72 },
      { lat: 40.43, lng: -3.71 },
      { lat: 40.43, lng: -3.7 },
    ];
    const metrics = computeScanMetrics(
      [p0, p1].map((p, i) => ({ ...coords[i]!, ...p })),
      target,
    );
    const points = coords.map((c, i) => ({ index: i, row: 0, col: i, ...c }));
    const common = { keywordId, placeId, userId: user.id, query: 'Clínica dental Málaga', kind: 'manual' as const, billing: 'credits' as const, provider: 'demo', target, totalPoints: 3 };
    const row = await rankMapsRepository.insert(db, {
      ...common,
      grid: { gridSize: 3, radius: 1500, center: MADRID, points },
      status: 'completed',
      progress: 100,
      stats: metrics.stats,
      competitorAnalysis: metrics.competitorAnalysis,
      failedPoints: 1,
      completedAt: new Date('2026-11-21T23:30:00Z'),
    });
    await rankResultsRepository.insertMany(db, [
      { rankMapId: row.id, pointIndex: 0, row: 0, col: 0, ...coords[0]!, status: 'ok', ...p0, position: 3, error: null, costUsd: 0 },
      { rankMapId: row.id, pointIndex: 1, row: 0, col: 1, ...coords[1]!, status: 'ok', ...p1, position: null, error: null, costUsd: 0 },
      { rankMapId: row.id, pointIndex: 2, row: 0, col: 2, ...coords[2]!, status: 'failed', organic: [], ads: [], position: null, error: 'HTTP 500', costUsd: 0 },
    ]);
    return { user, headers, placeId, keywordId, rankMapId: row.id, common, points, metrics };
  }

  it('when fields hold quotes, separators, line breaks or formulas, then the CSVs quote and neutralise them; failed points say so', async () => {
    const { headers, rankMapId, metrics } = await craftedAnalysis();
    const points = await get(headers, `/api/rankmap/${rankMapId}/export/points.csv`);
    expect(points.statusCode).toBe(200);
    expect(points.headers['content-disposition']).toBe('attachment; filename="rankmap-clinica-dental-malaga-2026-11-22-puntos.csv"');
    // Dated 22 November in Madrid; no apostrophe on our own values, only on the provider's formula-like names.
    const analysis = 'Clínica dental Málaga;Clínica Dental Sonrisa;2026-11-22;3×3, radio 1500 m';
    expect(csvLines(points)).toEqual([
      POINTS_HEADER,
      `${analysis};1;1;40,43;-3,72;Correcto;3;3;"'=HYPERLINK(""http://evil"",""clic"")";"Bar; ""El Rincón""";Clínica Dental Sonrisa`,
      `${analysis};1;2;40,43;-3,71;Correcto;No encontrado;21;'-1+1 Dental;Taller Pepe;'+34 Dental`,
      `${analysis};1;3;40,43;-3,7;Fallido;Fallido;;;;`,
    ]);

    const competitors = await get(headers, `/api/rankmap/${rankMapId}/export/competitors.csv`);
    expect(competitors.statusCode).toBe(200);
    expect(competitors.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(competitors.headers['content-disposition']).toBe('attachment; filename="rankmap-clinica-dental-malaga-2026-11-22-competidores.csv"');
    const rows = csvLines(competitors);
    const table = metrics.competitorAnalysis.competitors;
    const rank = (placeId: string) => table.findIndex((c) => c.placeId === placeId) + 1;
    expect(rows).toHaveLength(1 + table.length);
    expect(rows[0]).toBe(COMPETITORS_HEADER);
    // Taller Pepe: 4th and 2nd of 2 points: GeoRank 100 × (0.5 + 1) / 2 = 75, average 3 (also over all points),
    // visibility 5 × (17 + 19) / 2 = 90. The others are seen at one point of two: (p + 21) / 2 over all points.
    expect(rows[1]).toBe(`${analysis};1;Taller Pepe;Calle X;3;3;2;50;90;75;4,5;10;No;No`);
    expect(rows).toContain(`${analysis};${rank('evil')};"'=HYPERLINK(""http://evil"",""clic"")";Calle X;1;11;1;50;50;50;4,5;10;Sí;No`);
    expect(rows).toContain(`${analysis};${rank('bar')};"Bar; ""El Rincón""";"Calle Mayor 1\nMadrid";2;11,5;1;50;47,5;50;4,5;10;No;No`);
    expect(rows).toContain(`${analysis};${rank('demo-madrid-dentista-2')};Clínica Dental Sonrisa;Calle X;3;12;1;50;45;50;4,5;10;No;Sí`);
    expect(rows).toContain(`${analysis};${rank('minus')};'-1+1 Dental;Calle X;1;11;1;50;50;50;4,5;10;No;No`);
    expect(rows.some((r) => r.includes('@Anuncio'))).toBe(false);
  });

  it('when an analysis was stored before "Posición media total" was published, then its table and CSV still render: the figure where the stored ones give it exactly, "—" (null, an empty cell) elsewhere', async () => {
    const { headers, rankMapId, metrics } = await craftedAnalysis();
    await db.execute(sql`
      update rank_maps set competitor_analysis = jsonb_set(competitor_analysis, '{competitors}',
        (select jsonb_agg(c - 'avgTotalPosition' order by i) from jsonb_array_elements(competitor_analysis->'competitors') with ordinality as e(c, i)))
      where id = ${rankMapId}`);
    const res = await get(headers, `/api/rankmap/${rankMapId}`);
    expect(res.statusCode, res.body).toBe(200);
    const table = res.json<RankMapResponse>().competitorAnalysis!.competitors;
    expect(table.map((c) => c.name)).toEqual(metrics.competitorAnalysis.competitors.map((c) => c.name));
    const totalOf = (name: string) => table.find((c) => c.name === name)!.avgTotalPosition;
    // Taller Pepe was seen at both points: its average is over all of them. Ours is in the stored stats.
    expect(totalOf('Taller Pepe')).toBe(3);
    expect(totalOf('Clínica Dental Sonrisa')).toBe(metrics.stats.avgTotalPosition);
    expect(totalOf('-1+1 Dental')).toBeNull();
    const rows = csvLines(await get(headers, `/api/rankmap/${rankMapId}/export/competitors.csv`));
    expect(rows[1]).toBe('Clínica dental Málaga;Clínica Dental Sonrisa;2026-11-22;3×3, radio 1500 m;1;Taller Pepe;Calle X;3;3;2;50;90;75;4,5;10;No;No');
    expect(rows.find((r) => r.includes('-1+1 Dental'))).toMatch(/;3×3, radio 1500 m;\d+;'-1\+1 Dental;Calle X;1;;1;/);
  });

  it('when a followed business has no provider id, then the trend finds it by its table id, over the points that succeeded', async () => {
    const { headers, placeId, keywordId, rankMapId, metrics } = await craftedAnalysis();
    const taller = metrics.competitorAnalysis.competitors.find((c) => c.name === 'Taller Pepe')!;
    expect(taller.placeId.startsWith('local:tallerpepe@')).toBe(true);
    await follow(headers, placeId, { placeId: taller.placeId, name: 'Taller Pepe' });
    await follow(headers, placeId, { placeId: 'evil', name: 'Evil' });
    const trend = await trendOf(headers, keywordId);
    expect(trend.points).toEqual([
      {
        rankMapId,
        date: '2026-11-21T23:30:00.000Z',
        geoRank: metrics.stats.geoRank,
        avgPosition: 3,
        avgTotalPosition: 12,
        competitors: [
          { placeId: taller.placeId, geoRank: 75, avgPosition: 3, avgTotalPosition: 3, appearances: 2 },
          // Its ad at the second point does not count: 100 × 1 / 2 = 50, and (1 + 21) / 2 = 11 over all points.
          { placeId: 'evil', geoRank: 50, avgPosition: 1, avgTotalPosition: 11, appearances: 1 },
        ],
      },
    ]);
  });

  it('when a keyword has more than 52 completed analyses, then the trend shows the latest 52; unfinished ones never appear', async () => {
    const { headers, keywordId, common, points, rankMapId } = await craftedAnalysis();
    const stats = (geoRank: number) => ({ ...computeScanMetrics([], { placeId: 'x', name: 'x', lat: null, lng: null }).stats, geoRank });
    const base = Date.parse('2026-01-01T09:00:00Z');
    for (let i = 0; i < 53; i++) {
      await rankMapsRepository.insert(db, { ...common, grid: { gridSize: 3, radius: 1500, center: MADRID, points }, status: 'completed', stats: stats(i), completedAt: new Date(base + i * 86_400_000) });
    }
    await rankMapsRepository.insert(db, { ...common, grid: { gridSize: 3, radius: 1500, center: MADRID, points }, status: 'processing' });
    const trend = await trendOf(headers, keywordId);
    expect(trend.points).toHaveLength(52);
    // The crafted analysis (21 November) is the newest; of the 53 from January on, the oldest two drop out.
    expect(trend.points.at(-1)!.rankMapId).toBe(rankMapId);
    expect(trend.points.slice(0, -1).map((p) => p.geoRank)).toEqual(Array.from({ length: 51 }, (_, i) => i + 2));
    const dates = trend.points.map((p) => Date.parse(p.date));
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
  });

  it('when an analysis has not completed, then its exports answer 409; another user’s or a malformed id answer 404', async () => {
    const { headers, keywordId, rankMapId, common, points } = await craftedAnalysis();
    const scheduled = await analyze(headers, keywordId, { scheduledFor: new Date(Date.now() + 86_400_000).toISOString() }, true);
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const pending = scheduled.json<AnalyzeResponse>().rankMapId;
    const failed = await rankMapsRepository.insert(db, { ...common, grid: { gridSize: 3, radius: 1500, center: MADRID, points }, status: 'failed', failureReason: 'x' });
    for (const kind of ['points', 'competitors']) {
      const notYet = await get(headers, `/api/rankmap/${pending}/export/${kind}.csv`);
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json()).toMatchObject({ error: NOT_FINISHED, code: 'RANKMAP_NOT_COMPLETED' });
      expect(NOT_FINISHED).toBe('El análisis todavía no ha terminado.');
      const none = await get(headers, `/api/rankmap/${failed.id}/export/${kind}.csv`);
      expect(none.statusCode).toBe(409);
      expect(none.json().error).toBe(FAILED_NOTHING_TO_EXPORT);
    }

    const other = await signedIn('pro_starter');
    const urls = [
      `/api/rankmap/${rankMapId}/export/points.csv`,
      `/api/rankmap/${rankMapId}/export/competitors.csv`,
      `/api/rankmap/keyword/${keywordId}/trend`,
    ];
    for (const url of urls) {
      const res = await get(other.headers, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect((await get(headers, url.replace(rankMapId, 'abc').replace(keywordId, 'abc'))).statusCode, url).toBe(404);
      expect((await get(headers, url.replace(rankMapId, 'x'.repeat(101)).replace(keywordId, 'x'.repeat(101)))).statusCode, url).toBe(400);
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
