import type { GenerateMatrixResponse } from '@rankmaps/shared/schemas/places';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';

describe('POST /api/place/generate-matrix', async () => {
  // The sea index cache lives in a data directory kept between runs (built once, ~10 s).
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  const { headers } = await sessions(app, container).signedIn();
  const malaga = { centerLat: 36.7213, centerLng: -4.4214, maxDistance: 1500, size: 7 };
  // On a cold cache this builds the index (~10 s), longer than one test may take.
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const generate = (payload: Record<string, unknown>, h: Record<string, string> = headers) =>
    app.inject({ method: 'POST', url: '/api/place/generate-matrix', headers: h, payload });

  it('when a 7×7 grid of 1500 m is asked for central Málaga, then it returns 49 points with the sea ones nulled in the matrix', async () => {
    const res = await generate({ ...malaga, filterLandPoints: true });
    expect(res.statusCode).toBe(200);
    const body = res.json<GenerateMatrixResponse>();
    expect(body.flatMatrix).toHaveLength(49);
    expect(body.matrix).toHaveLength(7);
    expect(body.matrix.every((row) => row.length === 7)).toBe(true);
    const centre = body.flatMatrix.filter((p) => p.isCenter);
    expect(centre).toEqual([{ lat: 36.7213, lng: -4.4214, row: 3, col: 3, isCenter: true, onSea: false }]);
    // Málaga faces the sea to the south: the southern rows reach it, the northern ones do not.
    const sea = body.flatMatrix.filter((p) => p.onSea);
    expect(sea.length).toBeGreaterThan(3);
    expect(sea.length).toBeLessThan(25);
    expect(sea.every((p) => p.row >= 3)).toBe(true);
    for (const p of body.flatMatrix) {
      const cell = body.matrix[p.row]![p.col];
      expect(cell).toEqual(p.onSea ? null : { lat: p.lat, lng: p.lng });
    }
    expect(container.seaIndex.status()).toBe('ready');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ seaIndex: 'ready' });
  });

  it('when filterLandPoints is false, then no point is marked as sea', async () => {
    const res = await generate({ ...malaga, filterLandPoints: false });
    expect(res.statusCode).toBe(200);
    const body = res.json<GenerateMatrixResponse>();
    expect(body.flatMatrix.some((p) => p.onSea)).toBe(false);
    expect(body.matrix.flat().every((c) => c !== null)).toBe(true);
  });

  it('when a 25×25 grid of 7000 m is asked, then every point is there', async () => {
    const res = await generate({ ...malaga, size: 25, maxDistance: 7000, filterLandPoints: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<GenerateMatrixResponse>().flatMatrix).toHaveLength(625);
  });

  it.each([
    [{ size: 8 }, 'El tamaño de la cuadrícula debe ser 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23 o 25'],
    [{ size: 27 }, 'El tamaño de la cuadrícula debe ser 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23 o 25'],
    [{ maxDistance: 150 }, 'El radio debe estar entre 200 y 7000 metros, en pasos de 100'],
    [{ maxDistance: 7500 }, 'El radio debe estar entre 200 y 7000 metros, en pasos de 100'],
    [{ maxDistance: 1550 }, 'El radio debe estar entre 200 y 7000 metros, en pasos de 100'],
    [{ centerLat: 95 }, 'La latitud debe ser un número entre -85 y 85'],
    [{ centerLat: 'treinta' }, 'La latitud debe ser un número entre -85 y 85'],
    [{ centerLng: -181 }, 'La longitud debe ser un número entre -180 y 180'],
    [{ centerLng: null }, 'La longitud debe ser un número entre -180 y 180'],
  ])('when the body has %o, then it answers 400 in Spanish', async (patch, message) => {
    const res = await generate({ ...malaga, filterLandPoints: true, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
  });

  it('when a field is missing, then it answers 400 in Spanish', async () => {
    const res = await generate({ centerLat: 36.7, centerLng: -4.4, maxDistance: 1500 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'El tamaño de la cuadrícula debe ser 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23 o 25' });
  });

  it('when there is no session, then it answers 401', async () => {
    const res = await generate({ ...malaga, filterLandPoints: true }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Sesión no válida o caducada.' });
  });
});
