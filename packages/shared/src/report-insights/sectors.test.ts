import { describe, expect, it } from 'vitest';
import { placePoints } from './geometry';
import { sectorFinding } from './sectors';
import { buildGrid, sectorOfOffset, type Offset } from './test-grids';

const NBSP = '\u00a0';
const sector = ({ dx, dy }: Offset) => sectorOfOffset(dx, dy);
const findingOf = (spec: Parameters<typeof buildGrid>[0]) => sectorFinding(placePoints(buildGrid(spec)));

describe('report insights: strong and weak sector', () => {
  it('names the sector with the most Local Pack and the one with the least, with counts and shares', () => {
    // 7×7: norte has 5 points, suroeste 7. Everything is in the Local Pack but the suroeste,
    // where only the point next to the centre is.
    const f = findingOf({
      size: 7,
      radius: 1500,
      position: (o) => (sector(o) !== 'suroeste' ? 2 : o.dx === -1 && o.dy === -1 ? 3 : 15),
    });
    expect(f?.insight).toEqual({
      rule: 'strong-weak-sector',
      text: `Eres más fuerte al norte: estás en el Local Pack en 5 de 5 puntos (100${NBSP}%). Al suroeste, solo en 1 de 7 (14${NBSP}%).`,
      figures: {
        strongSector: 'norte',
        strongPoints: 5,
        strongLocalPack: 5,
        strongLocalPackPercentage: 100,
        strongAvgTotalPosition: 2,
        weakSector: 'suroeste',
        weakPoints: 7,
        weakLocalPack: 1,
        weakLocalPackPercentage: 14.29,
        weakAvgTotalPosition: 13.29,
      },
    });
    expect(f?.strength).toBeCloseTo(0.8571, 3);
  });

  it('rounds shares half up: 7 of 8 is 88 %, 1 of 8 is 13 % (9×9: norte and sur hold 8 points)', () => {
    // 9×9, radius 2000: norte holds (0,1..4) and (±1,3..4): 8 points.
    const f = findingOf({
      size: 9,
      radius: 2000,
      position: (o) => {
        const s = sector(o);
        if (s === 'norte') return o.dx === 1 && o.dy === 4 ? 9 : 1;
        if (s === 'sur') return o.dx === 0 && o.dy === -1 ? 2 : null;
        return (o.dx + o.dy) % 2 === 0 ? 2 : 5; // about half, in every other sector
      },
    });
    expect(f?.insight.text).toBe(
      `Eres más fuerte al norte: estás en el Local Pack en 7 de 8 puntos (88${NBSP}%). Al sur, solo en 1 de 8 (13${NBSP}%).`,
    );
    expect(f?.insight.figures).toMatchObject({ strongLocalPackPercentage: 87.5, weakLocalPackPercentage: 12.5 });
  });

  it('says so when the weak sector has no Local Pack point at all', () => {
    const f = findingOf({ size: 7, radius: 1500, position: (o) => (sector(o) === 'este' ? null : 1) });
    expect(f?.insight.text).toBe(
      `Eres más fuerte al norte: estás en el Local Pack en 5 de 5 puntos (100${NBSP}%). Al este, no estás en el Local Pack en ninguno de sus 5 puntos.`,
    );
  });

  it('falls back to the average total position when no sector is in the Local Pack but they differ by 5 places or more', () => {
    const f = findingOf({ size: 7, radius: 1500, position: (o) => (sector(o) === 'oeste' ? 6 : sector(o) === 'sureste' ? 14 : 10) });
    expect(f?.insight.text).toBe('Eres más fuerte al oeste: allí tu posición media total es 6 (5 puntos). Al sureste, es 14 (7 puntos).');
    expect(f?.insight.figures).toMatchObject({
      strongSector: 'oeste',
      strongAvgTotalPosition: 6,
      weakSector: 'sureste',
      weakAvgTotalPosition: 14,
    });
  });

  it('says nothing when the sectors differ by less than 40 points of Local Pack and 5 places', () => {
    // norte 5 of 5 in the Local Pack (100 %); every other sector misses it at its outermost
    // corner or tip only: 6 of 7 (86 %) or 4 of 5 (80 %).
    const outer = (o: Offset) =>
      (Math.abs(o.dx) === 3 && Math.abs(o.dy) === 3) || (o.dy === 0 && Math.abs(o.dx) === 3) || (o.dx === 0 && o.dy === -3);
    expect(findingOf({ size: 7, radius: 1500, position: (o) => (outer(o) ? 5 : 3) })).toBeNull();
    expect(findingOf({ size: 7, radius: 1500, position: (o) => (sector(o) === 'oeste' ? 6 : 10) })).toBeNull();
    expect(findingOf({ size: 7, radius: 1500, position: () => 4 })).toBeNull();
  });

  it('leaves out sectors with fewer than 3 valid points', () => {
    // 5×5: the norte, este, sur and oeste sectors hold 2 points each, too few to compare; the
    // diagonal ones (4 points each) are all alike.
    expect(
      findingOf({ size: 5, radius: 1000, position: (o) => (['norte', 'este', 'sur', 'oeste'].includes(sector(o)!) ? 1 : 12) }),
    ).toBeNull();
    // 3×3: one point per sector.
    expect(findingOf({ size: 3, radius: 1000, position: (o) => (sector(o) === 'norte' ? 1 : null) })).toBeNull();
    // Failed points do not count: the suroeste keeps 2 valid points of its 7.
    expect(
      findingOf({
        size: 7,
        radius: 1500,
        position: (o) => (sector(o) === 'suroeste' ? null : 1),
        status: (o) => (sector(o) === 'suroeste' && !(o.dx === -1 && o.dy === -1) && !(o.dx === -2 && o.dy === -2) ? 'failed' : 'ok'),
      }),
    ).toBeNull();
  });

  it('never counts the centre point, whatever its position', () => {
    const spec = (centre: number | null) => ({
      size: 7,
      radius: 1500,
      position: (o: Offset) => (o.dx === 0 && o.dy === 0 ? centre : sector(o) === 'sur' ? null : 2),
    });
    expect(findingOf(spec(1))).toEqual(findingOf(spec(null)));
  });
});
