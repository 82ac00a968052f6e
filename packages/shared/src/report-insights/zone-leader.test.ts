import { describe, expect, it } from 'vitest';
import { placePoints } from './geometry';
import { buildGrid, competitor, sectorOfOffset, us, type Offset } from './test-grids';
import { zoneLeaderFindings } from './zone-leader';

const NBSP = '\u00a0';
const sector = ({ dx, dy }: Offset) => sectorOfOffset(dx, dy);
const findingsOf = (spec: Parameters<typeof buildGrid>[0]) => zoneLeaderFindings(placePoints(buildGrid(spec)));
const isPoint = (o: Offset, dx: number, dy: number) => o.dx === dx && o.dy === dy;

describe('report insights: zone leader', () => {
  it('names the competitor first in most points of a sector where we are not in the Local Pack', () => {
    // 7×7: the este sector holds 5 points; Clínica X is first in 4 and we are 8th in all of them.
    const f = findingsOf({
      size: 7,
      radius: 1500,
      position: (o) => (sector(o) === 'este' ? 8 : 1),
      leader: (o) => (sector(o) !== 'este' ? us : isPoint(o, 3, 1) ? competitor('Otro') : competitor('Clínica X')),
    });
    expect(f.map((x) => x.insight)).toEqual([
      {
        rule: 'zone-leader',
        text: 'Clínica X ocupa el primer puesto en 4 de los 5 puntos del sector este; allí no estás en el Local Pack en ninguno.',
        figures: { competitor: 'Clínica X', sector: 'este', sectorPoints: 5, leaderPoints: 4, leaderPercentage: 80, ourLocalPack: 0 },
      },
    ]);
    expect(f[0]!.strength).toBe(0.8);
  });

  it('allows us a quarter of the sector in the Local Pack, and says so; not more', () => {
    // 9×9: the este sector holds 8 points.
    const spec = (ours: number) => ({
      size: 9,
      radius: 2000,
      position: (o: Offset) => (sector(o) !== 'este' ? 1 : o.dx <= ours ? 3 : 9),
      leader: (o: Offset) => (sector(o) === 'este' ? competitor('Clínica X') : us),
    });
    // Our Local Pack points in the este sector are those with dx ≤ 2: (1,0) and (2,0).
    expect(findingsOf(spec(2)).map((x) => x.insight.text)).toEqual([
      `Clínica X ocupa el primer puesto en los 8 puntos del sector este; allí solo estás en el Local Pack en 2 (25${NBSP}%).`,
    ]);
    // dx ≤ 3 adds (3,-1), (3,0) and (3,1): 5 of 8.
    expect(findingsOf(spec(3))).toEqual([]);
  });

  it('needs the leader first in at least half of the sector, alone', () => {
    // este (5 points): X first in (1,0) and (2,0), three others in one each: 2 of 5.
    const others = (o: Offset) => competitor(o.dy === 0 ? 'Clínica Y' : o.dy > 0 ? 'Clínica Z' : 'Clínica W');
    expect(
      findingsOf({
        size: 7,
        radius: 1500,
        position: (o) => (sector(o) === 'este' ? 9 : 1),
        leader: (o) => (sector(o) !== 'este' ? us : o.dx <= 2 ? competitor('Clínica X') : others(o)),
      }),
    ).toEqual([]);
    // 5×5: the noreste sector holds 4 points; X and Y are first in 2 each: no single leader.
    expect(
      findingsOf({
        size: 5,
        radius: 1000,
        position: (o) => (sector(o) === 'noreste' ? 9 : 1),
        leader: (o) => (sector(o) !== 'noreste' ? us : o.dx === o.dy ? competitor('Clínica X') : competitor('Clínica Y')),
      }),
    ).toEqual([]);
  });

  it('recognises a competitor by place id, or by its normalised name when it has none', () => {
    const f = findingsOf({
      size: 7,
      radius: 1500,
      position: (o) => (sector(o) === 'oeste' ? null : 1),
      leader: (o) =>
        sector(o) !== 'oeste'
          ? us
          : o.dx === -1
            ? competitor('Clínica X', null)
            : o.dx === -2
              ? competitor('CLINICA X.', null)
              : competitor('Clínica X', 'pid-other'),
    });
    // (-1,0) and (-2,0) are the same nameless business; (-3,-1), (-3,0) and (-3,1) another, with an id: 3 of 5.
    expect(f.map((x) => x.insight.figures)).toEqual([
      { competitor: 'Clínica X', sector: 'oeste', sectorPoints: 5, leaderPoints: 3, leaderPercentage: 60, ourLocalPack: 0 },
    ]);
  });

  it('names at most two competitors, each once with its best sector first, and never our business', () => {
    // 7×7: X leads este (5 of 5) and sureste (6 of 7); Y leads sur (4 of 5); Z leads oeste (3 of 5).
    // In the norte and noroeste we lead; elsewhere nobody is first.
    const f = findingsOf({
      size: 7,
      radius: 1500,
      position: (o) => (['norte', 'noroeste'].includes(sector(o)!) ? 1 : 12),
      leader: (o) => {
        const s = sector(o);
        if (s === 'este') return competitor('Clínica X');
        if (s === 'sureste') return Math.abs(o.dx) === 3 && o.dy !== -3 ? competitor('Otro') : competitor('Clínica X');
        if (s === 'sur') return isPoint(o, 0, -1) ? null : competitor('Clínica Y');
        if (s === 'oeste') return o.dx >= -2 || isPoint(o, -3, 0) ? competitor('Clínica Z') : competitor('Otro');
        return s === 'norte' || s === 'noroeste' ? us : null;
      },
    });
    expect(f.map((x) => x.insight.text)).toEqual([
      'Clínica X ocupa el primer puesto en los 5 puntos del sector este y en 6 de los 7 puntos del sector sureste; en el sector este no estás en el Local Pack en ninguno.',
      'Clínica Y ocupa el primer puesto en 4 de los 5 puntos del sector sur; allí no estás en el Local Pack en ninguno.',
    ]);
    expect(f[0]!.insight.figures).toMatchObject({ alsoSector2: 'sureste', alsoSectorPoints2: 7, alsoLeaderPoints2: 6 });
    // Where we are first, we are never the "competitor".
    expect(findingsOf({ size: 7, radius: 1500, position: () => 9, leader: () => ({ ...us!, isOurBusiness: true }) })).toEqual([]);
  });

  it('says nothing on sectors with fewer than 3 valid points', () => {
    expect(findingsOf({ size: 3, radius: 1000, position: () => null, leader: () => competitor('Clínica X') })).toEqual([]);
  });
});
