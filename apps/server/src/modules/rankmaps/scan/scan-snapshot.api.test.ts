import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../../test/geo-data-dir';
import { rankmapFixtures } from '../../../../test/rankmap-fixtures';
import { fastScanDeps, scriptedProvider } from '../../../../test/scan-doubles';
import { createTestApp } from '../../../../test/test-app';
import type { MapsSearchRequest } from '../../../providers/maps-search/interface';
import type { RankMapGrid, RankMapTarget } from '../rankmaps.repository';
import { rankMapsRepository } from '../rankmaps.repository';
import { runScan } from './scan.service';
import { searchRequest } from './scan-snapshot.service';

// What an analysis keeps of its place's market and grid, and how each point's search is
// asked for (docs/decisions.md §21.3, docs/metrics.md "Search zoom").
describe('scan snapshot: market and zoom', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword, analyze } = rankmapFixtures(app, container);
  const db = container.database.db;
  const LONDON = { lat: 51.5074, lng: -0.1278 };
  const point = { index: 0, row: 0, col: 0, lat: 51.5, lng: -0.12 };
  const at = new Date('2026-11-25T10:00:00Z');
  const legacyTarget: RankMapTarget = { placeId: 'demo-malaga-dentista-1', name: 'Clínica', lat: 36.72, lng: -4.42, rating: 4.5, totalReviews: 10, regionCode: 'ES' };

  it('when an analysis made before markets is searched, then it keeps Spanish and zoom 13', () => {
    const grid: Pick<RankMapGrid, 'center' | 'zoom'> = { center: { lat: 36.72, lng: -4.42 } };
    expect(searchRequest({ query: 'dentista', target: legacyTarget, grid, point, at })).toMatchObject({ languageCode: 'es', regionCode: 'ES', zoom: 13 });
  });

  it('when the target has a market and the grid a zoom, then the search carries them', () => {
    const target: RankMapTarget = { ...legacyTarget, regionCode: 'GB', languageCode: 'en', cid: '123' };
    const request = searchRequest({ query: 'dentist', target, grid: { center: LONDON, zoom: 15 }, point, at });
    expect(request).toMatchObject({ query: 'dentist', lat: 51.5, lng: -0.12, languageCode: 'en', regionCode: 'GB', zoom: 15, now: at });
  });

  it('when a business in London is analysed on a 7×7 of 1500 m with its market changed to Spanish, then every point is searched in GB, in Spanish, at 15z', async () => {
    const { headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, 'demo-london-dentista-1', LONDON);
    const market = await app.inject({ method: 'PUT', url: `/api/place/${placeId}/market`, headers, payload: { countryCode: 'GB', searchLanguage: 'es' } });
    expect(market.statusCode, market.body).toBe(200);
    const keywordId = await addKeyword(headers, placeId, 'dentist');
    const res = await analyze(headers, keywordId, { query: 'dentist', maxResults: 20, radius: 0 });
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<{ rankMapId: string }>();

    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(row.target).toMatchObject({ placeId: 'demo-london-dentista-1', regionCode: 'GB', languageCode: 'es', cid: null });
    expect(row.grid).toMatchObject({ gridSize: 7, radius: 1500, zoom: 15 });

    const seen: MapsSearchRequest[] = [];
    const { provider } = scriptedProvider();
    const recording = { ...provider, search: (request: MapsSearchRequest, signal?: AbortSignal) => (seen.push(request), provider.search(request, signal)) };
    expect(await runScan(fastScanDeps(container, recording), rankMapId)).toBe('completed');
    expect(seen).toHaveLength(row.grid.points.length);
    expect(new Set(seen.map((r) => `${r.regionCode}/${r.languageCode}/${r.zoom}`))).toEqual(new Set(['GB/es/15']));
    const done = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(done.status).toBe('completed');
  });

  it('when the grid is wider, then the analysis keeps a wider zoom: 3×3 of 7 km is 11z', async () => {
    const { headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, 'demo-paris-dentista-2', { lat: 48.8566, lng: 2.3522 }, 3);
    const matrix = await app.inject({ method: 'PUT', url: `/api/place/${placeId}/matrix`, headers, payload: { gridSize: 3, radius: 7000, coordinates: { lat: 48.8566, lng: 2.3522 } } });
    expect(matrix.statusCode, matrix.body).toBe(200);
    const keywordId = await addKeyword(headers, placeId, 'dentiste');
    const res = await analyze(headers, keywordId, { query: 'dentiste', maxResults: 20, radius: 0 });
    expect(res.statusCode, res.body).toBe(201);
    const row = (await rankMapsRepository.findById(db, res.json<{ rankMapId: string }>().rankMapId))!;
    expect(row.grid.zoom).toBe(11);
    expect(row.target).toMatchObject({ regionCode: 'FR', languageCode: 'fr' });
  });
});
