import { describe, expect, it } from 'vitest';
import { placePoints } from './geometry';
import { ringFinding, ringOf } from './rings';
import { buildGrid, type Offset } from './test-grids';

const NBSP = '\u00a0';
const steps = ({ dx, dy }: Offset) => Math.hypot(dx, dy);
const findingOf = (spec: Parameters<typeof buildGrid>[0]) => {
  const input = buildGrid(spec);
  return ringFinding(placePoints(input), input.radius);
};

describe('report insights: distance rings', () => {
  it('cuts the radius in thirds, an edge point in the inner ring', () => {
    expect([0, 333, 336, 337, 500, 673, 674, 1000, 1414].map((d) => ringOf(d, 1000))).toEqual([
      'near',
      'near',
      'near',
      'middle',
      'middle',
      'middle',
      'far',
      'far',
      'far',
    ]);
  });

  it('gives the Local Pack share of each ring, near to far (7×7: 5, 8 and 36 points)', () => {
    // 7×7 with 1500 m: points 500 m apart, so the near ring holds the centre and its 4
    // neighbours, the middle one the 4 diagonal neighbours and the 4 points 1 km out.
    const f = findingOf({ size: 7, radius: 1500, position: (o) => (steps(o) <= 2 ? 2 : 9) });
    expect(f?.insight).toEqual({
      rule: 'distance-rings',
      text:
        `Estás en el Local Pack cerca del centro (hasta 0,5${NBSP}km), en 5 de 5 puntos (100${NBSP}%); ` +
        `a media distancia (de 0,5${NBSP}km a 1${NBSP}km), en 8 de 8 puntos (100${NBSP}%); ` +
        `y lejos (a más de 1${NBSP}km), en ninguno de sus 36 puntos (0${NBSP}%).`,
      figures: {
        radiusKm: 1.5,
        nearPoints: 5,
        nearLocalPack: 5,
        nearLocalPackPercentage: 100,
        middlePoints: 8,
        middleLocalPack: 8,
        middleLocalPackPercentage: 100,
        farPoints: 36,
        farLocalPack: 0,
        farLocalPackPercentage: 0,
      },
    });
    expect(f?.strength).toBe(1);
  });

  it('compares two rings when the third has too few points (5×5: the near ring is the centre alone)', () => {
    const f = findingOf({ size: 5, radius: 1000, position: (o) => (steps(o) <= 1 ? 1 : o.dx === 2 && o.dy === 2 ? 3 : 12) });
    expect(f?.insight.text).toBe(
      `Estás en el Local Pack a media distancia (de 0,33${NBSP}km a 0,67${NBSP}km), en 4 de 4 puntos (100${NBSP}%); ` +
        `y lejos (a más de 0,67${NBSP}km), en 1 de 20 puntos (5${NBSP}%).`,
    );
    expect(f?.insight.figures).not.toHaveProperty('nearPoints');
  });

  it('says nothing when the rings differ by less than 40 points, or when fewer than two rings have 3 points', () => {
    // near 100 %, middle 100 %, far 24 of 36 (67 %): a 33-point gap.
    expect(findingOf({ size: 7, radius: 1500, position: (o) => (steps(o) <= 2 || Math.abs(o.dx) < 3 ? 2 : 9) })).toBeNull();
    expect(findingOf({ size: 7, radius: 1500, position: () => null })).toBeNull();
    // 3×3: the centre (near) and 8 far points only.
    expect(findingOf({ size: 3, radius: 1500, position: (o) => (steps(o) === 0 ? 1 : null) })).toBeNull();
    // Only the far ring keeps valid points.
    expect(
      findingOf({ size: 7, radius: 1500, position: (o) => (steps(o) <= 2 ? 1 : 15), status: (o) => (steps(o) <= 2 ? 'failed' : 'ok') }),
    ).toBeNull();
  });
});
