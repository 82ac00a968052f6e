import type { CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import { POSITION_BAND_COLORS, positionBand } from '@rankmaps/shared/metrics/bands';
import type { RankMapResponse } from '@rankmaps/shared/schemas/rankmaps';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../../test/geo-data-dir';
import { MALAGA, rankmapFixtures } from '../../../../test/rankmap-fixtures';
import { createTestApp } from '../../../../test/test-app';
import { heatMapLayout } from './heat-map-svg';

type Headers = Record<string, string>;

/** #rrggbb → [r, g, b]. */
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe('GET /api/v1/analyses/{id}/heatmap.png (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze, signedIn, scannedRankMap } = rankmapFixtures(app, container);
  const keyFor = async (headers: Headers) => {
    const res = await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'Mapas', scopes: ['read'] } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiKey>().key;
  };
  const png = (key: string, id: string) => app.inject({ method: 'GET', url: `/api/v1/analyses/${id}/heatmap.png`, headers: { authorization: `Bearer ${key}` } });

  it('when a completed analysis is asked for, then a PNG under 200 KB decodes, and each cell is painted in its position’s band colour', { timeout: 120_000 }, async () => {
    const { headers, keywordId } = await withKeyword('pro_agency', 'demo-malaga-dentista-1', MALAGA);
    const id = await scannedRankMap(headers, keywordId, 'dentista');
    const res = await png(await keyFor(headers), id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.length).toBeLessThanOrEqual(200 * 1024);

    const analysis = (await app.inject({ method: 'GET', url: `/api/rankmap/${id}`, headers })).json<RankMapResponse>();
    const gridSize = analysis.rankMap.grid.gridSize;
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const layout = heatMapLayout(gridSize, 2, 1);
    expect(info.width).toBe(layout.width);
    // Each cell's top middle, clear of its seam, its label and the centre's frame: the band colour of our position there.
    const painted = analysis.results.filter((r) => r.status === 'ok');
    expect(painted.length).toBeGreaterThan(gridSize);
    for (const point of painted) {
      const x = layout.gridX + point.col * layout.cell + Math.floor(layout.cell / 2);
      const y = layout.gridY + point.row * layout.cell + 4;
      const at = (y * info.width + x) * info.channels;
      const expected = rgb(POSITION_BAND_COLORS[positionBand(point.businessAnalysis.position)]);
      expect([data[at], data[at + 1], data[at + 2]], `row ${point.row}, col ${point.col}`).toEqual(expected);
    }
  });

  it('when the analysis is not completed, another workspace’s, or not an id, then 400 or 404 in Spanish and no image', { timeout: 60_000 }, async () => {
    const owner = await withKeyword('pro_agency', 'demo-malaga-dentista-1', MALAGA);
    const started = await analyze(owner.headers, owner.keywordId);
    expect(started.statusCode, started.body).toBe(201);
    const pendingId = started.json<{ rankMapId: string }>().rankMapId;
    const ownerKey = await keyFor(owner.headers);
    const pending = await png(ownerKey, pendingId);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({ code: 'RANKMAP_NOT_COMPLETED' });

    const intruder = await signedIn('pro_agency');
    const intruderKey = await keyFor(intruder.headers);
    for (const id of [pendingId, 'no-es-un-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await png(intruderKey, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: 'RANKMAP_NOT_FOUND' });
    }
  });
});
