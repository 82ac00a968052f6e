import { describe, expect, it } from 'vitest';
import { type MatrixPoint, generateMatrixRequestSchema } from '../schemas/places';
import { MatrixInputError, generateMatrix, toCoordinatesMatrix } from './matrix';

/**
 * Vincenty's inverse formula on WGS84: the geodesic distance in metres, accurate to well
 * under a millimetre. An independent check of the grid geometry (a sphere would be off by
 * up to 0.5% north–south, more than the tolerance).
 */
function vincentyDistance(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const b = a * (1 - f);
  const rad = Math.PI / 180;
  const L = (lng2 - lng1) * rad;
  const U1 = Math.atan((1 - f) * Math.tan(lat1 * rad));
  const U2 = Math.atan((1 - f) * Math.tan(lat2 * rad));
  const [sinU1, cosU1, sinU2, cosU2] = [Math.sin(U1), Math.cos(U1), Math.sin(U2), Math.cos(U2)];
  let lambda = L;
  for (let i = 0; i < 200; i++) {
    const sinL = Math.sin(lambda);
    const cosL = Math.cos(lambda);
    const sinSigma = Math.hypot(cosU2 * sinL, cosU1 * sinU2 - sinU1 * cosU2 * cosL);
    if (sinSigma === 0) return 0;
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosL;
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinL) / sinSigma;
    const cos2Alpha = 1 - sinAlpha * sinAlpha;
    const cos2SigmaM = cos2Alpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cos2Alpha;
    const C = (f / 16) * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha));
    const prev = lambda;
    lambda = L + (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    if (Math.abs(lambda - prev) < 1e-13) {
      const u2 = (cos2Alpha * (a * a - b * b)) / (b * b);
      const A = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
      const B = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
      const deltaSigma =
        B * sinSigma * (cos2SigmaM + (B / 4) * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)));
      return b * A * (sigma - deltaSigma);
    }
  }
  throw new Error('Vincenty did not converge');
}

const at = (points: MatrixPoint[], size: number, row: number, col: number) => points[row * size + col]!;
const dist = (p: MatrixPoint, q: MatrixPoint) => vincentyDistance(p.lat, p.lng, q.lat, q.lng);

describe('generateMatrix geometry', () => {
  const latitudes = [0, 36.7213, 60, 69.6492, -33.87];
  const cases = latitudes.flatMap((lat) => [
    { lat, size: 7, radius: 1500 },
    { lat, size: 25, radius: 7000 },
    { lat, size: 3, radius: 200 },
  ]);

  it.each(cases)('when the centre is at latitude $lat (size $size, $radius m), then N, E, S and W extremes lie at the radius', ({ lat, size, radius }) => {
    const points = generateMatrix({ centerLat: lat, centerLng: -4.4214, maxDistance: radius, size });
    const h = (size - 1) / 2;
    const centre = at(points, size, h, h);
    const extremes = { north: at(points, size, 0, h), south: at(points, size, size - 1, h), west: at(points, size, h, 0), east: at(points, size, h, size - 1) };
    for (const p of Object.values(extremes)) {
      const d = dist(centre, p);
      // The required tolerance is 0.5%; the construction does far better: within 2 cm
      // (under 3 mm of geometry, the rest from rounding coordinates to 7 decimals).
      expect(Math.abs(d - radius) / radius).toBeLessThan(0.005);
      expect(Math.abs(d - radius)).toBeLessThan(0.02);
    }
    expect(extremes.north.lat).toBeGreaterThan(centre.lat);
    expect(extremes.east.lng).toBeGreaterThan(centre.lng);
  });

  it.each(latitudes)('when the centre is at latitude %d, then rows and columns are evenly spaced', (lat) => {
    const size = 9;
    const radius = 4000;
    const spacing = radius / 4;
    const points = generateMatrix({ centerLat: lat, centerLng: 12.3, maxDistance: radius, size });
    const firstStepLng = at(points, size, 0, 1).lng - at(points, size, 0, 0).lng;
    for (let i = 0; i + 1 < size; i++) {
      // Down the centre column: equal meridian arcs (to the 1 cm of 7-decimal coordinates).
      expect(Math.abs(dist(at(points, size, i, 4), at(points, size, i + 1, 4)) - spacing)).toBeLessThan(0.02);
      // Along the centre row: equal arcs of the parallel, equal longitude steps.
      expect(Math.abs(dist(at(points, size, 4, i), at(points, size, 4, i + 1)) - spacing)).toBeLessThan(0.02);
      const stepLng = at(points, size, 0, i + 1).lng - at(points, size, 0, i).lng;
      expect(Math.abs(stepLng - firstStepLng)).toBeLessThanOrEqual(2.0001e-7);
    }
  });

  it('puts the business at the centre, exactly, and nowhere else', () => {
    const points = generateMatrix({ centerLat: 36.7213, centerLng: -4.4214, maxDistance: 1500, size: 7 });
    const centres = points.filter((p) => p.isCenter);
    expect(centres).toEqual([{ lat: 36.7213, lng: -4.4214, row: 3, col: 3, isCenter: true, onSea: false }]);
  });

  it('numbers the points row by row, row 0 north and column 0 west; rows share a latitude and columns a longitude', () => {
    const size = 5;
    const points = generateMatrix({ centerLat: 40.4168, centerLng: -3.7038, maxDistance: 2000, size });
    expect(points).toHaveLength(25);
    points.forEach((p, i) => expect([p.row, p.col]).toEqual([Math.floor(i / size), i % size]));
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        expect(at(points, size, r, c).lat).toBe(at(points, size, r, 0).lat);
        expect(at(points, size, r, c).lng).toBe(at(points, size, 0, c).lng);
        if (r > 0) expect(at(points, size, r, c).lat).toBeLessThan(at(points, size, r - 1, c).lat);
        if (c > 0) expect(at(points, size, r, c).lng).toBeGreaterThan(at(points, size, r, c - 1).lng);
      }
    }
  });

  it('is symmetric about the centre', () => {
    const size = 11;
    const points = generateMatrix({ centerLat: 60, centerLng: 5.3, maxDistance: 5000, size });
    const centre = at(points, size, 5, 5);
    for (let k = 0; k < size; k++) {
      const east = at(points, size, 5, k).lng - centre.lng;
      const west = centre.lng - at(points, size, 5, size - 1 - k).lng;
      expect(Math.abs(east - west)).toBeLessThanOrEqual(1.0001e-7);
      expect(Math.abs(dist(centre, at(points, size, k, 5)) - dist(centre, at(points, size, size - 1 - k, 5)))).toBeLessThan(0.02);
    }
  });

  it('wraps longitudes across the antimeridian into [-180, 180)', () => {
    const points = generateMatrix({ centerLat: -17.8, centerLng: 179.99, maxDistance: 7000, size: 5 });
    expect(points.every((p) => p.lng >= -180 && p.lng < 180)).toBe(true);
    expect(at(points, 5, 2, 4).lng).toBeLessThan(-179.9);
    expect(dist(at(points, 5, 2, 2), at(points, 5, 2, 4))).toBeCloseTo(7000, 1);
  });

  it('marks the points the isSea callback reports', () => {
    const points = generateMatrix({ centerLat: 0, centerLng: 0, maxDistance: 1000, size: 3 }, { isSea: (_lat, lng) => lng > 0 });
    expect(points.filter((p) => p.onSea).map((p) => p.col)).toEqual([2, 2, 2]);
  });
});

describe('generateMatrix input', () => {
  const base = { centerLat: 36.7213, centerLng: -4.4214, maxDistance: 1500, size: 7 };
  const sizeMessage = 'El tamaño de la cuadrícula debe ser 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23 o 25';
  const radiusMessage = 'El radio debe estar entre 200 y 7000 metros, en pasos de 100';

  it.each([
    [{ size: 4 }, sizeMessage],
    [{ size: 1 }, sizeMessage],
    [{ size: 27 }, sizeMessage],
    [{ size: 7.5 }, sizeMessage],
    [{ maxDistance: 100 }, radiusMessage],
    [{ maxDistance: 7100 }, radiusMessage],
    [{ maxDistance: 1550 }, radiusMessage],
    [{ centerLat: Number.NaN }, 'La latitud debe ser un número entre -85 y 85'],
    [{ centerLat: 86 }, 'La latitud debe ser un número entre -85 y 85'],
    [{ centerLng: 180.5 }, 'La longitud debe ser un número entre -180 y 180'],
    [{ centerLng: Number.POSITIVE_INFINITY }, 'La longitud debe ser un número entre -180 y 180'],
  ])('when given %o, then it refuses with a Spanish message', (patch, message) => {
    expect(() => generateMatrix({ ...base, ...patch })).toThrow(new MatrixInputError(message));
  });

  it('accepts every odd size from 3 to 25 and the radius limits', () => {
    for (const size of [3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25]) expect(generateMatrix({ ...base, size })).toHaveLength(size * size);
    expect(generateMatrix({ ...base, maxDistance: 200 })).toHaveLength(49);
    expect(generateMatrix({ ...base, maxDistance: 7000 })).toHaveLength(49);
  });

  it('request schema: filterLandPoints defaults to true, and numbers must be numbers', () => {
    expect(generateMatrixRequestSchema.parse(base).filterLandPoints).toBe(true);
    expect(generateMatrixRequestSchema.safeParse({ ...base, size: '7' }).success).toBe(false);
  });
});

describe('toCoordinatesMatrix', () => {
  it('keeps the coordinates of valid points and nulls the ones on the sea or without numeric coordinates', () => {
    const points = generateMatrix({ centerLat: 10, centerLng: 10, maxDistance: 300, size: 3 });
    points[0] = { ...points[0]!, onSea: true };
    points[1] = { ...points[1]!, lat: Number.NaN };
    const matrix = toCoordinatesMatrix(points, 3);
    expect(matrix).toHaveLength(3);
    expect(matrix[0]![0]).toBeNull();
    expect(matrix[0]![1]).toBeNull();
    expect(matrix[1]![1]).toEqual({ lat: 10, lng: 10 });
    expect(matrix.flat().filter((c) => c !== null)).toHaveLength(7);
  });
});
