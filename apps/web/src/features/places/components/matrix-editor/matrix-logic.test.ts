import { describe, expect, it } from 'vitest';
import { GRID_SIZES, PLANS } from '@rankmaps/shared/plans';
import type { MatrixPoint } from '@rankmaps/shared/schemas/places';
import {
  RADIUS_DEBOUNCE_MS,
  areaSideKm,
  canChangeRadius,
  coastlineBox,
  drawablePoints,
  formatDistance,
  gridBounds,
  gridOptionState,
  gridOptions,
  radiusUpgrade,
  summariseMatrix,
  toGridCenter,
  unwrapLng,
} from './matrix-logic';

const limitsOf = (id: string) => {
  const plan = PLANS.find((p) => p.id === id)!;
  return { type: plan.type, gridSize: plan.limits.gridSize, currentPlan: plan.id };
};

const point = (row: number, col: number, extra: Partial<MatrixPoint> = {}): MatrixPoint => ({
  lat: 36.7 + row / 100,
  lng: -4.4 + col / 100,
  row,
  col,
  isCenter: false,
  onSea: false,
  ...extra,
});

describe('gridOptionState', () => {
  it('when the plan is Básico (basic, up to 7), then 3 to 7 are allowed and larger sizes offer an upgrade', () => {
    const limits = limitsOf('basico');
    expect(GRID_SIZES.filter((s) => gridOptionState(s, limits) === 'allowed')).toEqual([3, 5, 7]);
    expect(GRID_SIZES.filter((s) => gridOptionState(s, limits) === 'upgrade')).toEqual([9, 11, 13, 15, 17, 19, 21, 23, 25]);
  });

  it('when the plan is Premium (basic, up to 13), then sizes up to 13 are allowed', () => {
    const limits = limitsOf('premium');
    expect(gridOptionState(13, limits)).toBe('allowed');
    expect(gridOptionState(15, limits)).toBe('upgrade');
  });

  it('when the plan is pro type, then sizes above its own maximum are beyond the plan, never an upgrade alert', () => {
    const starter = limitsOf('pro_starter');
    expect(GRID_SIZES.filter((s) => gridOptionState(s, starter) === 'allowed')).toEqual([3, 5, 7, 9, 11, 13, 15]);
    expect(GRID_SIZES.filter((s) => gridOptionState(s, starter) === 'beyondPlan')).toEqual([17, 19, 21, 23, 25]);
    expect(gridOptions(limitsOf('pro_enterprise')).every((o) => o.state === 'allowed')).toBe(true);
  });

  it('when the type is neither basic nor pro, then only the default 7 is allowed', () => {
    const free = { type: 'free' as const, gridSize: 25 };
    expect(GRID_SIZES.filter((s) => gridOptionState(s, free) === 'allowed')).toEqual([7]);
    expect(gridOptionState(3, free)).toBe('upgrade');
  });
});

describe('gridOptions', () => {
  it('lists every size in order with its number of points', () => {
    const options = gridOptions(limitsOf('basico'));
    expect(options.map((o) => o.size)).toEqual([...GRID_SIZES]);
    expect(options.slice(0, 3).map((o) => o.points)).toEqual([9, 25, 49]);
    expect(options.at(-1)).toMatchObject({ size: 25, points: 625, state: 'upgrade', upgrade: { kind: 'audience', category: 'professional' } });
  });

  it('when a Profesional subscriber sees 11×11 and 13×13, then both name Premium, never an agency plan; allowed sizes name none', () => {
    const options = gridOptions(limitsOf('profesional'));
    const named = (size: number) => {
      const u = options.find((o) => o.size === size)!.upgrade;
      return u.kind === 'none' ? 'none' : `${u.kind}:${u.plan.id}`;
    };
    expect([9, 11, 13, 15].map(named)).toEqual(['none', 'plan:premium', 'plan:premium', 'audience:pro_starter']);
  });

  it('when Starter sees 17×17 and 23×23, then they name Agency and Enterprise; Enterprise has nothing locked', () => {
    const options = gridOptions(limitsOf('pro_starter'));
    expect(options.find((o) => o.size === 17)!.upgrade).toMatchObject({ kind: 'plan', plan: { id: 'pro_agency' } });
    expect(options.find((o) => o.size === 23)!.upgrade).toMatchObject({ kind: 'plan', plan: { id: 'pro_enterprise' } });
    expect(gridOptions(limitsOf('pro_enterprise')).every((o) => o.upgrade.kind === 'none')).toBe(true);
  });
});

describe('upgrade rules', () => {
  it('when a business-owner plan wants another radius, then it is available on agency plans; without a plan too', () => {
    expect(radiusUpgrade(limitsOf('premium'))).toMatchObject({ kind: 'audience', category: 'professional' });
    expect(radiusUpgrade({ type: 'free', gridSize: 7 })).toMatchObject({ kind: 'audience', category: 'professional' });
  });

  it('when the plan is not pro type, then the radius cannot change', () => {
    expect(canChangeRadius(limitsOf('pro_starter'))).toBe(true);
    expect(canChangeRadius(limitsOf('premium'))).toBe(false);
    expect(canChangeRadius({ type: 'free', gridSize: 7 })).toBe(false);
  });
});

describe('summariseMatrix', () => {
  it('when some points are on the sea and some have no numeric coordinates, then both are counted apart and excluded', () => {
    const points = [
      point(0, 0),
      point(0, 1, { onSea: true }),
      point(1, 0, { onSea: true }),
      point(1, 1, { isCenter: true }),
      { ...point(2, 0), lat: Number.NaN },
      { ...point(2, 1), lng: null as unknown as number },
      // No coordinates wins over onSea: it is counted once.
      { ...point(2, 2, { onSea: true }), lat: undefined as unknown as number },
    ];
    expect(summariseMatrix(points)).toEqual({ total: 7, analysed: 2, onSea: 2, noCoordinates: 3 });
  });

  it('when the grid is empty, then every count is 0', () => {
    expect(summariseMatrix([])).toEqual({ total: 0, analysed: 0, onSea: 0, noCoordinates: 0 });
  });
});

describe('gridBounds and drawablePoints', () => {
  it('when points have coordinates, then the bounds run through the outermost ones', () => {
    const points = [point(0, 0), point(2, 2), point(1, 1, { onSea: true }), { ...point(5, 5), lat: Number.NaN }];
    expect(gridBounds(points)).toEqual({ south: 36.7, west: -4.4, north: expect.closeTo(36.72, 9), east: expect.closeTo(-4.38, 9) });
    expect(gridBounds([])).toBeNull();
    expect(drawablePoints(points, null)).toHaveLength(3);
  });

  it('when a grid crosses the antimeridian, then its longitudes stay next to the centre', () => {
    expect(unwrapLng(-179.98, 179.99)).toBeCloseTo(180.02, 9);
    expect(unwrapLng(179.98, -179.99)).toBeCloseTo(-180.02, 9);
    expect(unwrapLng(-4.4, -4.42)).toBe(-4.4);
    const pts = drawablePoints([point(0, 0, { lng: 179.98 }), point(0, 1, { lng: -179.98 })], 179.99);
    expect(pts.map((p) => p.lng)).toEqual([179.98, expect.closeTo(180.02, 9)]);
  });
});

describe('coastlineBox', () => {
  it('when the grid is small, then the box pads it by a quarter on each side, snapped outwards to 0.01°', () => {
    expect(coastlineBox({ south: 36.7, west: -4.45, north: 36.74, east: -4.39 })).toEqual({
      south: 36.69,
      west: -4.47,
      north: 36.75,
      east: -4.37,
    });
  });

  it('when the padded grid would pass 1.5°, then the box is centred on the grid and kept under the limit', () => {
    const box = coastlineBox({ south: 84.9, west: -1, north: 85, east: 0.4 })!;
    expect(box.east - box.west).toBeLessThanOrEqual(1.5);
    expect((box.east + box.west) / 2).toBeCloseTo(-0.3, 6);
  });

  it('when the grid touches the edge of the world, then the box stays inside it; across the antimeridian there is none', () => {
    const box = coastlineBox({ south: 89.9, west: 179.8, north: 90, east: 180 })!;
    expect(box.north).toBe(90);
    expect(box.east).toBe(180);
    expect(box.south).toBeLessThan(box.north);
    expect(coastlineBox({ south: 0, west: 179.9, north: 0.1, east: 180.1 })).toBeNull();
  });
});

describe('formatting', () => {
  it('when the radius is under 1 km, then it reads in metres, else in km with one decimal, in the language given', () => {
    expect(formatDistance(800, 'es')).toEqual({ value: '800', unit: 'm' });
    expect(formatDistance(1500, 'es')).toEqual({ value: '1,5', unit: 'km' });
    expect(formatDistance(1500, 'en')).toEqual({ value: '1.5', unit: 'km' });
    expect(formatDistance(7000, 'es')).toEqual({ value: '7', unit: 'km' });
  });

  it('when the radius is given, then the analysed area side is twice it, in km', () => {
    expect(areaSideKm(1500, 'es')).toBe('3');
    expect(areaSideKm(200, 'es')).toBe('0,4');
    expect(areaSideKm(7000, 'es')).toBe('14');
    expect(areaSideKm(1250, 'en')).toBe('2.5');
  });
});

describe('toGridCenter', () => {
  it('when a map click is past the antimeridian or near a pole, then it becomes a centre a grid accepts', () => {
    expect(toGridCenter(36.7213, -4.4214, 85)).toEqual({ lat: 36.7213, lng: -4.4214 });
    expect(toGridCenter(10, 190, 85)).toEqual({ lat: 10, lng: -170 });
    expect(toGridCenter(89, -540.5, 85)).toEqual({ lat: 85, lng: 179.5 });
    expect(toGridCenter(36.12345678, -4.1, 85)).toEqual({ lat: 36.123457, lng: -4.1 });
  });
});

describe('radius debounce', () => {
  it('when the radius slider moves, then the grid waits the spec’s 500 ms', () => {
    expect(RADIUS_DEBOUNCE_MS).toBe(500);
  });
});
