import { generateMatrix } from '@rankmaps/shared/geo/matrix';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import { FOREIGN_CITIES, demoCatalogue } from './demo';

// Every demo business stands on land (docs/decisions.md §21.3): a business drawn on the sea
// made most of its grid water and its own point unsearchable. Checked against the app's own
// sea index, the one that excludes grid points.
describe('demo catalogue on land', async () => {
  const { container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const isSea = (lat: number, lng: number) => container.seaIndex.isSea(lat, lng);
  /** About 100 m in degrees of latitude; longitude is scaled by the latitude. */
  const STEP = 0.0009;

  it('when every business with an address point is checked, then it and the ground 100 m around it are land', () => {
    const located = demoCatalogue().filter((p) => p.lat !== null && p.lng !== null);
    expect(located.length).toBeGreaterThan(350);
    const wet = located.filter((p) => {
      const lat = p.lat!;
      const lng = p.lng!;
      const dLng = STEP / Math.cos((lat * Math.PI) / 180);
      const around: [number, number][] = [[lat, lng], [lat + STEP, lng], [lat - STEP, lng], [lat, lng + dLng], [lat, lng - dLng]];
      return around.some(([a, b]) => isSea(a, b));
    });
    expect(wet.map((p) => `${p.placeId} (${p.lat}, ${p.lng})`)).toEqual([]);
  });

  it('when the sea index is asked about a point offshore, then it says sea, so the check above can fail', () => {
    // 2 km off Málaga's port, where "Arrocería La Barca" used to stand.
    expect(isSea(36.704222, -4.394135)).toBe(true);
    expect(isSea(36.7213, -4.4214)).toBe(false);
  });

  it('when the 15×15 grid of 1500 m is laid around Arrocería La Barca in Málaga, then most of it is land', () => {
    const barca = demoCatalogue().find((p) => p.placeId === 'demo-malaga-restaurante-4')!;
    const points = generateMatrix({ centerLat: barca.lat!, centerLng: barca.lng!, maxDistance: 1500, size: 15 }, { isSea });
    expect(points.filter((p) => p.onSea).length).toBeLessThan(225 / 4);
  });

  it('when a city abroad is used as a service area centre, then its centre is on land too', () => {
    for (const city of FOREIGN_CITIES) expect(isSea(city.lat, city.lng), city.name).toBe(false);
  });
});
