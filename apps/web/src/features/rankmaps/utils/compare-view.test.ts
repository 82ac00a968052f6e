import { describe, expect, it } from 'vitest';
import type { RankMapSummary } from '@rankmaps/shared/schemas/rankmaps';
import { MOVEMENTS, MOVEMENT_STYLE, comparableAnalyses, defaultReference, movementLabel, signed } from './compare-view';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const entry = (id: string, completedAt: string | null, over: Partial<RankMapSummary> = {}) =>
  ({ id, status: completedAt ? 'completed' : 'pending', completedAt, createdAt: completedAt ?? '2026-01-01T00:00:00Z', virtual: false, ...over }) as RankMapSummary;

describe('comparableAnalyses and defaultReference', () => {
  const list = comparableAnalyses([
    entry('old', '2026-01-01T10:00:00Z'),
    entry('new', '2026-01-15T10:00:00Z'),
    entry('mid', '2026-01-08T10:00:00Z'),
    entry('running', null),
    entry('weekly-x', null, { virtual: true }),
    entry('failed', null, { status: 'failed' }),
  ]);

  it('when a keyword has several analyses, then only the completed ones are offered, newest first', () => {
    expect(list.map((e) => e.id)).toEqual(['new', 'mid', 'old']);
  });

  it('when the latest is shown, then it is compared with the one before; the oldest with the one after; one alone with none', () => {
    expect(defaultReference('new', list)).toBe('mid');
    expect(defaultReference('mid', list)).toBe('old');
    expect(defaultReference('old', list)).toBe('mid');
    expect(defaultReference('new', comparableAnalyses([entry('new', '2026-01-15T10:00:00Z')]))).toBeNull();
  });
});

describe('the movement map’s look', () => {
  it('when a point moved, then its label says how without colour: an arrow and the places, or a sign', () => {
    expect(movementLabel('improved', 3)).toBe('↑3');
    expect(movementLabel('worsened', -2)).toBe('↓2');
    expect(movementLabel('same', 0)).toBe('=');
    expect(movementLabel('newlyFound', 12)).toBe('N');
    expect(movementLabel('lost', -4)).toBe('−');
    expect(movementLabel('notComparable', null)).toBe('×');
  });

  it('when drawn, then every movement has its own colour and its text reads at 4.5:1 or more', () => {
    const fills = MOVEMENTS.map((m) => MOVEMENT_STYLE[m].fill);
    expect(new Set(fills).size).toBe(MOVEMENTS.length);
    for (const m of MOVEMENTS) expect(contrastRatio(MOVEMENT_STYLE[m].fill, MOVEMENT_STYLE[m].text), m).toBeGreaterThanOrEqual(4.5);
  });

  it('when a delta is shown, then it carries its sign: a plus, a real minus, none on zero', () => {
    const f = (n: number) => n.toFixed(1);
    expect(signed(2.5, f)).toBe('+2.5');
    expect(signed(-3, f)).toBe('−3.0');
    expect(signed(0, f)).toBe('0.0');
  });
});
