import { describe, expect, it } from 'vitest';
import { decayFinding, leastSquares } from './decay';
import { placePoints } from './geometry';
import { buildGrid, type Offset } from './test-grids';

const onAxes = ({ dx, dy }: Offset) => dx === 0 || dy === 0;
const findingOf = (spec: Parameters<typeof buildGrid>[0]) => {
  const input = buildGrid(spec);
  return decayFinding(placePoints(input), input.radius);
};

describe('report insights: rank decay with distance', () => {
  it('fits a least-squares line', () => {
    expect(leastSquares([0, 1, 2, 3], [1, 3, 5, 7])).toEqual({ slope: 2, intercept: 1, r2: 1 });
    const noisy = leastSquares([0, 1, 2, 3], [1, 4, 4, 7])!;
    expect(noisy.slope).toBeCloseTo(1.8, 10);
    expect(noisy.r2).toBeCloseTo(0.9, 10);
    expect(leastSquares([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(leastSquares([1, 2, 3], [5, 5, 5])).toBeNull();
  });

  it('says how many places are lost per km, from the valid points', () => {
    // 7×7 with 3 km: points 1 km apart. Only the axes are valid (13 points, 0 to 3 km), and
    // the position grows by 3 per km: 1, 4, 7, 10.
    const f = findingOf({
      size: 7,
      radius: 3000,
      position: ({ dx, dy }) => 1 + 3 * (Math.abs(dx) + Math.abs(dy)),
      status: (o) => (onAxes(o) ? 'ok' : 'failed'),
    });
    expect(f?.insight.rule).toBe('distance-decay');
    expect(f?.insight.text).toBe(
      'De media pierdes 3 puestos por cada km que te alejas del centro (una recta ajustada a tus posiciones en 13 puntos, contando «no encontrado» como 21).',
    );
    expect(f?.insight.figures).toMatchObject({ points: 13, radiusKm: 3 });
    expect(f?.insight.figures.placesPerKm).toBeCloseTo(3, 1);
    expect(f?.insight.figures.r2).toBeCloseTo(1, 2);
    expect(f?.strength).toBeCloseTo(9 / 20, 2);
  });

  it('writes a decimal comma, and speaks per 100 m on a grid under a kilometre', () => {
    // 7×7 with 600 m: points 200 m apart; +1 place every 200 m on the axes is 5 per km.
    const f = findingOf({
      size: 7,
      radius: 600,
      position: ({ dx, dy }) => 1 + Math.abs(dx) + Math.abs(dy),
      status: (o) => (onAxes(o) ? 'ok' : 'failed'),
    });
    expect(f?.insight.text).toMatch(/^De media pierdes 0,5 puestos por cada 100 m que te alejas del centro/);
    expect(f?.insight.figures.placesPerKm).toBeCloseTo(5, 1);
    // 2 km points, +5 places each: 2,5 per km.
    const g = findingOf({
      size: 5,
      radius: 4000,
      position: ({ dx, dy }) => 1 + 5 * (Math.abs(dx) + Math.abs(dy)),
      status: (o) => (onAxes(o) ? 'ok' : 'failed'),
    });
    expect(g?.insight.text).toMatch(/^De media pierdes 2,5 puestos por cada km/);
  });

  it('counts «not found» as 21', () => {
    // Found at 1 only at the centre and its 4 neighbours (500 m), nowhere else.
    const input = buildGrid({ size: 7, radius: 1500, position: ({ dx, dy }) => (Math.abs(dx) + Math.abs(dy) <= 1 ? 1 : null) });
    const points = placePoints(input);
    const slopeWith = (notFound: number) =>
      leastSquares(
        points.map((p) => p.distance / 1000),
        points.map((p) => p.cell.position ?? notFound),
      )!.slope;
    const f = decayFinding(points, input.radius);
    expect(f?.insight.figures.placesPerKm).toBe(Math.round(slopeWith(21) * 100) / 100);
    expect(f?.insight.figures.placesPerKm).not.toBe(Math.round(slopeWith(20) * 100) / 100);
    // 7.849… per km: 7.85 as a figure, 7,8 in the text (rounded once from the exact value, not from 7.85).
    expect(slopeWith(21)).toBeGreaterThan(7.84);
    expect(slopeWith(21)).toBeLessThan(7.85);
    expect(f?.insight.text).toMatch(/^De media pierdes 7,8 puestos por cada km/);
  });

  it('says nothing without a meaningful slope', () => {
    // Flat.
    expect(findingOf({ size: 7, radius: 1500, position: () => 4 })).toBeNull();
    expect(findingOf({ size: 7, radius: 1500, position: () => null })).toBeNull();
    // Better further out.
    expect(findingOf({ size: 7, radius: 3000, position: ({ dx, dy }) => 10 - 3 * Math.max(Math.abs(dx), Math.abs(dy)) })).toBeNull();
    // Rising, but by under 3 places across the radius (1 place per 1.5 km on a 3 km grid, 2 places).
    expect(
      findingOf({ size: 7, radius: 3000, position: ({ dx, dy }) => 5 + Math.round((2 * Math.max(Math.abs(dx), Math.abs(dy))) / 3) }),
    ).toBeNull();
    // Rising, but scattered: a checkerboard of 1 and 20 with a slight tilt explains almost nothing.
    expect(findingOf({ size: 7, radius: 3000, position: ({ dx, dy }) => ((dx + dy) % 2 === 0 ? 1 : 20) })).toBeNull();
  });

  it('needs at least 9 valid points', () => {
    const spec = { size: 7, radius: 3000, position: ({ dx, dy }: Offset) => 1 + 3 * (Math.abs(dx) + Math.abs(dy)) };
    expect(findingOf({ ...spec, status: (o) => (o.dy === 0 && o.dx >= -1 ? 'ok' : o.dx === 0 && o.dy > 0 ? 'ok' : 'failed') })).toBeNull(); // 8 points
    expect(findingOf({ ...spec, status: (o) => (o.dy === 0 || (o.dx === 0 && o.dy > 0) ? 'ok' : 'failed') })).not.toBeNull(); // 10 points
  });
});
