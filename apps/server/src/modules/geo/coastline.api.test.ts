import type { CoastlineResponse } from '@rankmaps/shared/schemas/geo';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';

/** Distance in metres between two [lat, lng] points (spherical; plenty for "within 2 km"). */
function distanceM([lat1, lng1]: [number, number], [lat2, lng2]: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(a));
}

describe('GET /api/geo/coastline', async () => {
  // The sea index cache lives in a data directory kept between runs (built once, ~10 s).
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  const { headers } = await sessions(app, container).signedIn();
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const coastline = (query: string, h: Record<string, string> = headers) => app.inject({ method: 'GET', url: `/api/geo/coastline?${query}`, headers: h });
  const malaga = { south: 36.64, west: -4.55, north: 36.8, east: -4.3 };
  const qs = (box: Record<string, number | string>) => new URLSearchParams(Object.entries(box).map(([k, v]): [string, string] => [k, String(v)])).toString();

  it("when the box is Málaga's, then it returns the shore as polylines inside the box and near the port", async () => {
    const res = await coastline(qs(malaga));
    expect(res.statusCode).toBe(200);
    const { lines } = res.json<CoastlineResponse>();
    expect(lines.length).toBeGreaterThan(0);
    const points = lines.flat();
    expect(lines.every((line) => line.length >= 2)).toBe(true);
    // Edges that cross a side run past it by at most one edge's length.
    const margin = 0.1;
    for (const [lat, lng] of points) {
      expect(lat).toBeGreaterThanOrEqual(malaga.south - margin);
      expect(lat).toBeLessThanOrEqual(malaga.north + margin);
      expect(lng).toBeGreaterThanOrEqual(malaga.west - margin);
      expect(lng).toBeLessThanOrEqual(malaga.east + margin);
    }
    // Some of it inside the box proper, and some vertex by Málaga's port and beaches.
    expect(points.some(([lat, lng]) => lat >= malaga.south && lat <= malaga.north && lng >= malaga.west && lng <= malaga.east)).toBe(true);
    expect(Math.min(...points.map((p) => distanceM(p, [36.715, -4.42])))).toBeLessThan(2000);
    // Six decimals at most.
    expect(points.every(([lat, lng]) => Math.round(lat * 1e6) / 1e6 === lat && Math.round(lng * 1e6) / 1e6 === lng)).toBe(true);
  });

  it('when the box is inland (Madrid), then there are no lines', async () => {
    const res = await coastline(qs({ south: 40.3, west: -3.85, north: 40.55, east: -3.55 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lines: [] });
  });

  it.each([
    [{ ...malaga, south: 'abc' }, 'Las latitudes del área (south, north) deben ser números entre -90 y 90.'],
    [{ ...malaga, north: 95 }, 'Las latitudes del área (south, north) deben ser números entre -90 y 90.'],
    [{ ...malaga, north: '' }, 'Las latitudes del área (south, north) deben ser números entre -90 y 90.'],
    [{ ...malaga, south: 'NaN' }, 'Las latitudes del área (south, north) deben ser números entre -90 y 90.'],
    [{ ...malaga, west: -181 }, 'Las longitudes del área (west, east) deben ser números entre -180 y 180.'],
    [{ ...malaga, east: 'Infinity' }, 'Las longitudes del área (west, east) deben ser números entre -180 y 180.'],
    [{ ...malaga, east: '1e1' }, 'Las longitudes del área (west, east) deben ser números entre -180 y 180.'],
    [{ ...malaga, south: 36.9 }, 'El área no es válida: south debe ser menor que north y west menor que east.'],
    [{ ...malaga, west: -4.2 }, 'El área no es válida: south debe ser menor que north y west menor que east.'],
    [{ ...malaga, north: 38.2 }, 'El área es demasiado grande: como máximo 1,5° de lado.'],
    [{ ...malaga, west: -6 }, 'El área es demasiado grande: como máximo 1,5° de lado.'],
  ])('when the box is %o, then it answers 400 in Spanish', async (box, message) => {
    const res = await coastline(qs(box));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
  });

  it('when a side is missing, then it answers 400 in Spanish', async () => {
    const res = await coastline(qs({ south: 36.6, west: -4.5, north: 36.8 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Las longitudes del área (west, east) deben ser números entre -180 y 180.' });
  });

  it('when the sea index cannot load, then it answers 503 in Spanish', async () => {
    const ready = vi.spyOn(container.seaIndex, 'ready').mockRejectedValueOnce(new Error('disk full'));
    try {
      const res = await coastline(qs(malaga));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'La línea de costa no está disponible todavía. Inténtalo de nuevo en unos minutos.' });
    } finally {
      ready.mockRestore();
    }
  });

  it('when there is no session, then it answers 401', async () => {
    const res = await coastline(qs(malaga), {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Sesión no válida o caducada.' });
  });
});
