import { describe, expect, it } from 'vitest';
import { bearingDegrees, placePoints, pointsBySector, sectorOf } from './geometry';
import { buildGrid, sectorOfOffset } from './test-grids';

describe('report insights: geometry', () => {
  it('gives the compass bearing from the centre', () => {
    expect(bearingDegrees(40, -3, 40.01, -3)).toBeCloseTo(0, 6);
    expect(bearingDegrees(40, -3, 40, -2.99)).toBeCloseTo(90, 1);
    expect(bearingDegrees(40, -3, 39.99, -3)).toBeCloseTo(180, 6);
    expect(bearingDegrees(40, -3, 40, -3.01)).toBeCloseTo(270, 1);
  });

  it('cuts the compass into 8 sectors of 45°, norte around 0°', () => {
    expect([0, 22.4, 22.6, 90, 157.4, 180, 225, 292.6, 337.6, 359.9].map(sectorOf)).toEqual([
      'norte',
      'norte',
      'noreste',
      'este',
      'sureste',
      'sur',
      'suroeste',
      'noroeste',
      'norte',
      'norte',
    ]);
  });

  it.each([5, 7, 9])('puts every point of a grid %i points wide in the sector its grid offset says, the centre in none', (size) => {
    const input = buildGrid({ size, radius: 2000, position: () => 1 });
    const points = placePoints(input);
    const half = (size - 1) / 2;
    const expected = new Map<string, string[]>();
    for (const p of points) {
      const s = sectorOfOffset(p.cell.col - half, half - p.cell.row);
      expect(p.isCenter).toBe(s === null);
      if (s) expected.set(s, [...(expected.get(s) ?? []), `${p.cell.row},${p.cell.col}`]);
    }
    for (const [sector, inSector] of pointsBySector(points)) {
      expect(inSector.map((p) => `${p.cell.row},${p.cell.col}`)).toEqual(expected.get(sector) ?? []);
    }
    expect([...pointsBySector(points).values()].flat()).toHaveLength(size * size - 1);
  });

  it('keeps only valid points, counts «not found» as 21 and sorts by row and column', () => {
    const input = buildGrid({
      size: 3,
      radius: 1000,
      position: ({ row }) => (row === 0 ? null : 2),
      status: ({ row, col }) => (row === 2 && col === 2 ? 'failed' : row === 2 && col === 0 ? 'excluded' : 'ok'),
    });
    input.cells.reverse();
    const points = placePoints(input);
    expect(points.map((p) => [p.cell.row, p.cell.col, p.totalPosition, p.inLocalPack])).toEqual([
      [0, 0, 21, false],
      [0, 1, 21, false],
      [0, 2, 21, false],
      [1, 0, 2, true],
      [1, 1, 2, true],
      [1, 2, 2, true],
      [2, 1, 2, true],
    ]);
  });

  it('drops cells without usable coordinates, and everything when the centre has none', () => {
    const input = buildGrid({ size: 3, radius: 1000, position: () => 1 });
    input.cells[0]!.lat = Number.NaN;
    expect(placePoints(input)).toHaveLength(8);
    expect(placePoints({ ...input, center: { lat: Number.NaN, lng: 0 } })).toEqual([]);
  });

  it('tells the centre on a grid of one point (no spacing to measure against)', () => {
    const grid = buildGrid({ size: 3, radius: 1000, position: () => 1 });
    const centre = grid.cells.filter((c) => c.row === 1 && c.col === 1);
    expect(placePoints({ ...grid, gridSize: 1, radius: 0, cells: centre }).map((p) => p.isCenter)).toEqual([true]);
  });
});
