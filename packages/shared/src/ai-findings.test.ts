import { describe, expect, it } from 'vitest';
import { AI_FINDINGS_MAX, type AiFindingEngine, type AiFindingPoint, aiFindings } from './ai-findings';
import { type AiPointShare, proportion } from './ai-metrics';

const NBSP = '\u00a0';
const centre = { lat: 36.72, lng: -4.42 };
/** An n×n grid around the centre, row 0 the northernmost, 0.01° apart. */
function grid(n: number): AiFindingPoint[] {
  const half = (n - 1) / 2;
  return Array.from({ length: n * n }, (_, index) => {
    const row = Math.floor(index / n);
    const col = index % n;
    return { index, lat: centre.lat + (half - row) * 0.01, lng: centre.lng + (col - half) * 0.01 };
  });
}
/** An engine whose point (row, col) has `named(row, col)` of `samples` answers naming us, all naming some business. */
function engine(id: string, label: string, n: number, samples: number, named: (row: number, col: number) => number): AiFindingEngine {
  const points: AiPointShare[] = grid(n).map((p) => {
    const k = named(Math.floor(p.index / n), p.index % n);
    return { point: p.index, share: proportion(k, samples), mentioned: k > 0, wide: true };
  });
  return { id, label, points };
}

describe('the AI findings rule (docs/metrics.md §12 «Hallazgo: dónde te nombra la IA»)', () => {
  it('when the north names the business and the south never does, then it says «pero no en el sur», with counts and intervals', () => {
    const e = engine('google-ai-mode', 'Google AI Mode', 5, 3, (row) => (row < 2 ? 3 : row === 2 ? 1 : 0));
    const [f, ...rest] = aiFindings([e], grid(5), centre);
    expect(rest).toEqual([]);
    expect(f).toEqual({
      rule: 'ai-halves',
      text: `Google AI Mode te nombra en el norte pero no en el sur: en el norte, en 30 de 30 respuestas, 100${NBSP}% (89–100${NBSP}%); en el sur, en 0 de 30, 0${NBSP}% (0–11${NBSP}%).`,
      figures: { engine: 'google-ai-mode', strongHalf: 'norte', strongNamed: 30, strongAnswers: 30, weakHalf: 'sur', weakNamed: 0, weakAnswers: 30 },
    });
  });

  it('when the west leads the east, then it names the west first', () => {
    const e = engine('gemini-maps', 'Gemini (Google Maps)', 5, 3, (_row, col) => (col < 2 ? 2 : col > 2 ? 0 : 1));
    expect(aiFindings([e], grid(5), centre)[0]?.figures).toMatchObject({ strongHalf: 'oeste', weakHalf: 'este', strongNamed: 20, weakNamed: 0 });
  });

  it('when the halves differ inside the noise, then there is no finding', () => {
    // North 12 of 30, south 9 of 30: 40 % (25–58 %) and 30 % (17–48 %) overlap; east and west are equal.
    const e = engine('google-ai-mode', 'Google AI Mode', 5, 3, (row, col) => (row < 2 ? 1 + (col === 2 ? 1 : 0) : row === 3 ? 1 : row === 4 ? (col === 2 ? 0 : 1) : 0));
    const sum = (from: number, to: number) => e.points.filter((p) => p.point >= from && p.point < to).reduce((a, p) => a + p.share.k, 0);
    expect([sum(0, 10), sum(15, 25)]).toEqual([12, 9]);
    expect(aiFindings([e], grid(5), centre)).toEqual([]);
  });

  it('when a half has fewer than 10 answers naming any business, then it is not compared (3×3, one sample)', () => {
    const e = engine('google-ai-mode', 'Google AI Mode', 3, 1, (row) => (row === 0 ? 1 : 0));
    expect(aiFindings([e], grid(3), centre)).toEqual([]);
  });

  it('when several engines have findings, then at most two, the largest gap first', () => {
    const weak = engine('a', 'A', 5, 3, (row) => (row < 2 ? 2 : 0));
    const strong = engine('b', 'B', 5, 3, (row) => (row < 2 ? 3 : 0));
    const other = engine('c', 'C', 5, 3, (row) => (row > 2 ? 2 : 0));
    const found = aiFindings([weak, strong, other], grid(5), centre);
    expect(found).toHaveLength(AI_FINDINGS_MAX);
    expect(found.map((f) => f.figures.engine)).toEqual(['b', 'a']);
  });

  it('when an engine has no grid points (city-wide), then it gives no finding', () => {
    expect(aiFindings([{ id: 'chatgpt', label: 'ChatGPT', points: [{ point: -1, share: proportion(3, 3), mentioned: true, wide: true }] }], grid(5), centre)).toEqual([]);
  });
});
