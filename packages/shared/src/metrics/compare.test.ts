import { describe, expect, it } from 'vitest';
import { generateMatrix } from '../geo/matrix';
import {
  type CompareCell,
  type Competitor,
  type ScanStats,
  COMPARE_POINT_TOLERANCE_M,
  compareCompetitors,
  comparePoints,
  computeStats,
  distanceMetres,
  metricDeltas,
  movementOf,
} from '../metrics';

const MALAGA = { lat: 36.7213, lng: -4.4214 };

const cell = (over: Partial<CompareCell> = {}): CompareCell => ({ row: 0, col: 0, lat: MALAGA.lat, lng: MALAGA.lng, status: 'ok', position: null, ...over });

/** The cells of a grid, each with the position `positionAt` gives it (undefined: excluded). */
function grid(size: number, radius: number, center = MALAGA, positionAt: (row: number, col: number) => number | null | undefined | 'failed' = () => null): CompareCell[] {
  return generateMatrix({ centerLat: center.lat, centerLng: center.lng, maxDistance: radius, size }).map((p) => {
    const at = positionAt(p.row, p.col);
    const status = at === undefined ? 'excluded' : at === 'failed' ? 'failed' : 'ok';
    return { row: p.row, col: p.col, lat: p.lat, lng: p.lng, status, position: typeof at === 'number' ? at : null };
  });
}

describe('movementOf: one point between the reference and the current analysis', () => {
  it.each([
    [5, 8, 'improved', 3],
    [8, 5, 'worsened', -3],
    [4, 4, 'same', 0],
    [null, null, 'same', 0],
    [2, null, 'newlyFound', 19],
    [null, 20, 'lost', -1],
  ] as const)('now %s, before %s → %s, %s places', (now, before, movement, change) => {
    expect(movementOf(cell({ position: now }), cell({ position: before }))).toEqual({ movement, change });
  });

  it('when either side failed or was left out, then the point is not comparable and moved no places', () => {
    expect(movementOf(cell({ status: 'failed' }), cell({ position: 3 }))).toEqual({ movement: 'notComparable', change: null });
    expect(movementOf(cell({ position: 3 }), cell({ status: 'excluded' }))).toEqual({ movement: 'notComparable', change: null });
  });

  it('when a stored position is out of 1..20, then it counts as not found, as in the metrics', () => {
    expect(movementOf(cell({ position: 21 }), cell({ position: 7 }))).toEqual({ movement: 'lost', change: -14 });
  });
});

describe('metricDeltas: the stored figures, current − reference', () => {
  const stats = (positions: (number | null)[]): ScanStats => computeStats(positions);

  it('when ARP falls and GeoRank rises, then both are improvements, each by its own direction', () => {
    const deltas = metricDeltas(stats([1, 2, 3, null]), stats([5, 9, null, null]));
    const byKey = Object.fromEntries(deltas.map((d) => [d.key, d]));
    expect(deltas.map((d) => d.key)).toEqual(['geoRank', 'avgPosition', 'avgTotalPosition', 'localPackPercentage', 'foundPercentage', 'visibilityIndex']);
    expect(byKey.geoRank).toMatchObject({ better: 'higher', current: 75, reference: 25, delta: 50, trend: 'improved' });
    expect(byKey.avgPosition).toMatchObject({ better: 'lower', current: 2, reference: 7, delta: -5, trend: 'improved' });
    expect(byKey.avgTotalPosition).toMatchObject({ better: 'lower', delta: roundTo2((1 + 2 + 3 + 21) / 4 - (5 + 9 + 21 + 21) / 4), trend: 'improved' });
    expect(byKey.foundPercentage).toMatchObject({ current: 75, reference: 50, delta: 25, trend: 'improved' });
  });

  it('when the figures fall, then they are worse; equal ones are the same; an ARP of nowhere found has no delta', () => {
    const deltas = metricDeltas(stats([null, null]), stats([4, null]));
    const byKey = Object.fromEntries(deltas.map((d) => [d.key, d]));
    expect(byKey.geoRank).toMatchObject({ delta: -25, trend: 'worsened' });
    expect(byKey.avgTotalPosition).toMatchObject({ delta: 8.5, trend: 'worsened' });
    expect(byKey.avgPosition).toMatchObject({ current: null, reference: 4, delta: null, trend: null });
    expect(byKey.localPackPercentage).toMatchObject({ delta: 0, trend: 'same' });
  });
});

const roundTo2 = (x: number) => Math.round(x * 100) / 100;

describe('comparePoints', () => {
  it('when both analyses ran on the same grid, then every cell is compared with its own and the counts add up', () => {
    const before = grid(3, 1000, MALAGA, (r, c) => (r === 0 && c === 0 ? undefined : r === 1 ? 5 : null));
    const after = grid(3, 1000, MALAGA, (r, c) => (r === 0 && c === 0 ? undefined : r === 1 && c === 0 ? 'failed' : r === 1 ? 2 : c === 2 ? 9 : null));
    const result = comparePoints(after, before, { sameGrid: true });
    expect(result.sameGrid).toBe(true);
    expect(result.toleranceMetres).toBe(COMPARE_POINT_TOLERANCE_M);
    // The cell left out of both is not listed; the other 8 are.
    expect(result.points).toHaveLength(8);
    expect(result.points.every((p) => p.row === p.referenceRow && p.col === p.referenceCol)).toBe(true);
    expect(result.counts).toEqual({ improved: 2, worsened: 0, same: 3, newlyFound: 2, lost: 0, notComparable: 1 });
    expect(result.points.find((p) => p.row === 1 && p.col === 1)).toMatchObject({ position: 2, referencePosition: 5, movement: 'improved', change: 3 });
    expect(result.points.find((p) => p.row === 1 && p.col === 0)).toMatchObject({ movement: 'notComparable', status: 'failed', referenceStatus: 'ok', change: null });
    expect(result.unmatched).toEqual({ current: [], reference: [] });
  });

  it('when the current grid is larger, then the cells that coincide within 25 m are compared and the rest are listed as unmatched', () => {
    // 3×3 of 1 km and 5×5 of 2 km around the same centre: spacing 1 km both, so the 3×3 lies on the 5×5's inner cells.
    const small = grid(3, 1000, MALAGA, () => 4);
    const large = grid(5, 2000, MALAGA, () => 6);
    const result = comparePoints(large, small, { sameGrid: false });
    expect(result.points).toHaveLength(9);
    expect(result.points.every((p) => p.movement === 'worsened' && p.change === -2)).toBe(true);
    expect(result.points.every((p) => p.row - 1 === p.referenceRow && p.col - 1 === p.referenceCol)).toBe(true);
    expect(result.unmatched.current).toHaveLength(25 - 9);
    expect(result.unmatched.reference).toEqual([]);
  });

  it('when the centre moved by 20 m the cells still coincide; by 60 m none does', () => {
    const before = grid(3, 1000, MALAGA, () => 3);
    const near = { lat: MALAGA.lat + 20 / 111_320, lng: MALAGA.lng };
    const far = { lat: MALAGA.lat + 60 / 111_320, lng: MALAGA.lng };
    expect(distanceMetres(MALAGA.lat, MALAGA.lng, near.lat, near.lng)).toBeLessThan(COMPARE_POINT_TOLERANCE_M);
    expect(comparePoints(grid(3, 1000, near, () => 3), before, { sameGrid: false }).points).toHaveLength(9);
    const moved = comparePoints(grid(3, 1000, far, () => 3), before, { sameGrid: false });
    expect(moved.points).toEqual([]);
    expect(moved.unmatched.current).toHaveLength(9);
    expect(moved.unmatched.reference).toHaveLength(9);
  });
});

const row = (placeId: string, name: string, compositeScore: number, avgTotalPosition: number | null, over: Partial<Competitor> = {}) => ({
  placeId,
  name,
  location: { latitude: MALAGA.lat, longitude: MALAGA.lng },
  compositeScore,
  avgTotalPosition,
  appearances: 5,
  isOurBusiness: false,
  ...over,
});
const table = (competitors: ReturnType<typeof row>[], totalCompetitors = competitors.length) => ({ competitors, totalCompetitors });

describe('compareCompetitors', () => {
  it('when competitors move, then the largest GeoRank gains and losses are listed, matched by place id and our own row left out', () => {
    const before = table([row('a', 'Alfa', 50, 8), row('b', 'Beta', 40, 9), row('c', 'Gamma', 10, 18), row('us', 'Nosotros', 30, 10, { isOurBusiness: true })]);
    const after = table([row('c', 'Gamma', 45, 7), row('a', 'Alfa', 20, 14), row('b', 'Beta', 40, 9), row('us', 'Nosotros', 90, 2, { isOurBusiness: true })]);
    const { gained, lost } = compareCompetitors(after, before);
    expect(gained).toEqual([expect.objectContaining({ placeId: 'c', presence: 'both', geoRankDelta: 35, avgTotalPositionDelta: -11 })]);
    expect(lost).toEqual([expect.objectContaining({ placeId: 'a', geoRankDelta: -30, avgTotalPositionDelta: 6 })]);
  });

  it('when a business without a provider id moved a few metres, then it is matched by its name within 250 m', () => {
    const before = table([row('local:bardepaco@36.7213,-4.4214', 'Bar de Paco', 20, 15)]);
    const after = table([row('local:bardepaco@36.7220,-4.4214', 'Bar de Paco', 30, 12, { location: { latitude: 36.722, longitude: MALAGA.lng } })]);
    expect(compareCompetitors(after, before).gained).toEqual([expect.objectContaining({ presence: 'both', geoRankDelta: 10 })]);
  });

  it('when a business is in one complete table only, then it is measured as absent from the other; under a cut table it is left out', () => {
    const before = table([row('a', 'Alfa', 50, 8)]);
    const after = table([row('n', 'Nuevo', 25, 15)]);
    const { gained, lost } = compareCompetitors(after, before);
    expect(gained).toEqual([expect.objectContaining({ placeId: 'n', presence: 'new', reference: { geoRank: 0, avgTotalPosition: 21, appearances: 0 }, geoRankDelta: 25, avgTotalPositionDelta: -6 })]);
    expect(lost).toEqual([expect.objectContaining({ placeId: 'a', presence: 'gone', geoRankDelta: -50 })]);
    // The reference table was cut (more businesses seen than rows kept): "Nuevo" may lie below the cut.
    expect(compareCompetitors(after, table([row('a', 'Alfa', 50, 8)], 120)).gained).toEqual([]);
  });
});
