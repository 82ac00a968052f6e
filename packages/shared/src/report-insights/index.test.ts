import { describe, expect, it } from 'vitest';
import { reportInsightSchema } from '../schemas/report';
import { computeInsights, MAX_INSIGHTS } from './index';
import { buildGrid, competitor, noReferenceMetrics, sectorOfOffset, us, type GridSpec, type Offset } from './test-grids';

const sector = ({ dx, dy }: Offset) => sectorOfOffset(dx, dy);
const steps = ({ dx, dy }: Offset) => Math.hypot(dx, dy);

/**
 * A 7×7 grid that supports every rule: strong to the north and near the centre, nowhere far
 * out elsewhere, Clínica X first in the suroeste and Clínica Y in the sureste.
 */
const rich = (extra: Partial<GridSpec> = {}): GridSpec => ({
  size: 7,
  radius: 1500,
  position: (o) => (steps(o) <= 2 ? 2 : sector(o) === 'norte' ? 3 : null),
  leader: (o) => (sector(o) === 'suroeste' ? competitor('Clínica X') : sector(o) === 'sureste' ? competitor('Clínica Y') : us),
  ...extra,
});
const withChanges: Partial<GridSpec> = {
  metrics: [{ key: 'geoRank', better: 'higher', current: 40, reference: 30, delta: 10, trend: 'improved' }],
  movement: { improved: 10, worsened: 2, same: 37, newlyFound: 0, lost: 0, notComparable: 0 },
};

describe('computeInsights', () => {
  it('finds all the rules on a grid that supports them, strongest first, and keeps five', () => {
    const all = computeInsights(buildGrid(rich()));
    // Strengths: each leader is first in 7 of 7 points (1), the line loses 12.5 places per km
    // over 1.5 km (18.8 of 20: 0.94), the rings differ by 92 points, the sectors by 86.
    expect(all.map((i) => i.rule)).toEqual(['zone-leader', 'zone-leader', 'distance-decay', 'distance-rings', 'strong-weak-sector']);
    // Equal leads go in compass order: sureste before suroeste.
    expect(all.map((i) => i.figures.competitor).filter(Boolean)).toEqual(['Clínica Y', 'Clínica X']);
    for (const insight of all) expect(reportInsightSchema.parse(insight)).toEqual(insight);
  });

  it('puts what changed first and caps the list at 5', () => {
    const insights = computeInsights(buildGrid(rich(withChanges)));
    expect(MAX_INSIGHTS).toBe(5);
    expect(insights).toHaveLength(5);
    // Six findings: the weakest (the sectors) is the one left out.
    expect(insights.map((i) => i.rule)).toEqual(['changes', 'zone-leader', 'zone-leader', 'distance-decay', 'distance-rings']);
  });

  it('is deterministic: the same findings in the same order, whatever the order of the cells', () => {
    const input = buildGrid(rich(withChanges));
    const first = computeInsights(input);
    expect(computeInsights(input)).toEqual(first);
    const shuffled = {
      ...input,
      cells: [...input.cells].sort((a, b) => ((a.row * 31 + a.col * 17) % 13) - ((b.row * 31 + b.col * 17) % 13)),
    };
    expect(shuffled.cells.map((c) => `${c.row},${c.col}`)).not.toEqual(input.cells.map((c) => `${c.row},${c.col}`));
    expect(computeInsights(shuffled)).toEqual(first);
    expect(computeInsights({ ...input, cells: [...input.cells].reverse() })).toEqual(first);
  });

  it('finds nothing the data does not support', () => {
    // The same position everywhere, each point led by a different business, nothing to compare with.
    const nobody = (o: Offset) => competitor(`Negocio ${o.row}-${o.col}`);
    expect(computeInsights(buildGrid({ size: 7, radius: 1500, position: () => 4, leader: nobody }))).toEqual([]);
    // Found nowhere, each point led by a different business: no sector, ring, slope or leader.
    expect(computeInsights(buildGrid({ size: 7, radius: 1500, position: () => null, leader: nobody }))).toEqual([]);
    // Every point failed: only the comparison remains, when there is one.
    const failed = buildGrid(rich({ ...withChanges, status: () => 'failed' }));
    expect(computeInsights(failed).map((i) => i.rule)).toEqual(['changes']);
    expect(computeInsights({ ...failed, metrics: noReferenceMetrics(), movement: null })).toEqual([]);
    // No cells, no grid.
    expect(computeInsights({ ...failed, cells: [], gridSize: 0, radius: 0, metrics: [], movement: null })).toEqual([]);
  });

  it('cites in each text the counts its figures hold', () => {
    for (const insight of computeInsights(buildGrid(rich(withChanges)))) {
      for (const [key, value] of Object.entries(insight.figures)) {
        if (
          typeof value === 'number' &&
          Number.isInteger(value) &&
          /Points$|LocalPack$|^(improved|worsened|same)$/.test(key) &&
          value > 0
        ) {
          expect(insight.text, `${insight.rule}.${key}`).toContain(String(value));
        }
      }
    }
  });
});
