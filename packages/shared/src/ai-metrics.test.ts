import { describe, expect, it } from 'vitest';
import { type AiMetricsAnswer, type AiMetricsBusiness, CITY_POINT, beyondNoise, changeOf, computeAiMetrics, meanPosition, proportion, shareDropped, tQuantile975, wilson } from './ai-metrics';

const us = (position: number): AiMetricsBusiness => ({ key: 'place:us', name: 'Clínica Nosotros', position, isTarget: true });
const a = (position: number): AiMetricsBusiness => ({ key: 'place:a', name: 'Dental A', position, isTarget: false });
const b = (position: number): AiMetricsBusiness => ({ key: 'place:b', name: 'Dental B', position, isTarget: false });

function answer(point: number, sample: number, businesses: AiMetricsBusiness[], engine = 'google-ai-mode', status: 'ok' | 'failed' = 'ok'): AiMetricsAnswer {
  const mine = businesses.find((x) => x.isTarget);
  return { engine, point, sample, status, named: status === 'ok' && mine !== undefined, position: status === 'ok' ? (mine?.position ?? null) : null, businesses: status === 'ok' ? businesses : [] };
}

/** docs/metrics.md §12 «Ejemplo»: one engine, two points, three samples each, one of them failed. */
const WORKED_EXAMPLE: AiMetricsAnswer[] = [
  answer(0, 1, [a(1), us(2)]),
  answer(0, 2, [us(1), b(2)]),
  answer(0, 3, [a(1), b(2)]),
  answer(1, 1, []),
  answer(1, 2, [a(1)]),
  answer(1, 3, [], 'google-ai-mode', 'failed'),
];

describe('Wilson interval', () => {
  it('matches published values: 0/10, 5/10, 10/10 and 38/100', () => {
    // Reference values (Newcombe 1998, method 3; and R's prop.test without continuity correction).
    expect(wilson(0, 10)).toEqual({ p: 0, low: 0, high: expect.closeTo(0.2775, 4) as number });
    const half = wilson(5, 10);
    expect(half?.low).toBeCloseTo(0.2366, 4);
    expect(half?.high).toBeCloseTo(0.7634, 4);
    expect(wilson(10, 10)?.low).toBeCloseTo(0.7225, 4);
    expect(wilson(10, 10)?.high).toBe(1);
    expect(wilson(38, 100)?.low).toBeCloseTo(0.2909, 3);
    expect(wilson(38, 100)?.high).toBeCloseTo(0.4777, 3);
  });

  it('has no interval without answers', () => {
    expect(wilson(0, 0)).toBeNull();
    expect(proportion(0, 0)).toEqual({ value: null, low: null, high: null, k: 0, n: 0 });
  });
});

describe('mean position', () => {
  it('uses Student t: 4 positions 1, 2, 2, 3 → 2 ± 3.182 · 0.8165 / 2', () => {
    const m = meanPosition([1, 2, 2, 3]);
    expect(m.value).toBe(2);
    expect(m.low).toBe(1); // 2 − 1.299, clamped to 1
    expect(m.high).toBeCloseTo(3, 6); // 2 + 1.299 = 3.299, clamped to the worst position seen
    expect(meanPosition([2, 2, 3, 3, 2, 3, 2, 3, 2, 3]).low).toBeCloseTo(2.5 - 2.262 * Math.sqrt(0.2777778 / 10), 3);
  });

  it('gives one position without an interval, and none without positions', () => {
    expect(meanPosition([4])).toEqual({ value: 4, low: null, high: null, k: 0, n: 1 });
    expect(meanPosition([]).value).toBeNull();
  });

  it("joins the table's t at 30 degrees of freedom to the expansion past it", () => {
    expect(tQuantile975(30)).toBe(2.042);
    expect(tQuantile975(31)).toBeCloseTo(2.0395, 3);
    expect(tQuantile975(120)).toBeCloseTo(1.9799, 3);
  });
});

describe('AI metrics', () => {
  it('computes the worked example of docs/metrics.md §12', () => {
    const m = computeAiMetrics(WORKED_EXAMPLE, ['google-ai-mode']);
    // Cuota de voz: 2 answers name us, of the 4 valid ones that name any business (the empty answer and the failed one do not count).
    expect(m.overall.shareOfVoice).toEqual({ value: 50, low: 15, high: 85, k: 2, n: 4 });
    // Mencionado en: point 0 names us, point 1 never does: 1 of 2.
    expect(m.overall.mentionedIn).toEqual({ value: 50, low: 9.45, high: 90.55, k: 1, n: 2 });
    // Posición media: (2 + 1) / 2 = 1.5, t(1) = 12.706 gives 1.5 ± 6.35, clamped to [1, 2].
    expect(m.overall.avgPosition).toEqual({ value: 1.5, low: 1, high: 2, k: 0, n: 2 });
    expect(m.overall.answers).toEqual({ ok: 5, failed: 1, namingAny: 4, naming: 2 });
    expect(m.engines['google-ai-mode']).toEqual(m.overall);
    expect(m.competitors.map((c) => [c.name, c.share.k, c.share.value, c.avgPosition, c.isTarget])).toEqual([
      ['Dental A', 3, 75, 1, false],
      ['Clínica Nosotros', 2, 50, 1.5, true],
      ['Dental B', 2, 50, 2, false],
    ]);
    expect(m.points).toEqual([
      { point: 0, share: { value: 66.67, low: 20.77, high: 93.85, k: 2, n: 3 }, mentioned: true, wide: true },
      { point: 1, share: { value: 0, low: 0, high: 79.35, k: 0, n: 1 }, mentioned: false, wide: true },
    ]);
  });

  it('never counts a failed answer as «no te nombra»', () => {
    const withFailures = [...WORKED_EXAMPLE, ...[4, 5, 6].map((s) => answer(0, s, [], 'google-ai-mode', 'failed'))];
    expect(computeAiMetrics(withFailures, ['google-ai-mode']).overall.shareOfVoice).toEqual(computeAiMetrics(WORKED_EXAMPLE, ['google-ai-mode']).overall.shareOfVoice);
    // A point whose every sample failed is not a point where we are missing.
    const allFailed = [...WORKED_EXAMPLE, answer(2, 1, [], 'google-ai-mode', 'failed')];
    expect(computeAiMetrics(allFailed, ['google-ai-mode']).overall.mentionedIn.n).toBe(2);
  });

  it('keeps city-wide engines off the map and pools every engine overall', () => {
    const city = [answer(CITY_POINT, 1, [us(1)], 'chatgpt'), answer(CITY_POINT, 2, [a(1), us(3)], 'chatgpt'), answer(CITY_POINT, 3, [a(1)], 'chatgpt')];
    const m = computeAiMetrics([...WORKED_EXAMPLE, ...city], ['google-ai-mode', 'chatgpt']);
    expect(m.engines.chatgpt?.shareOfVoice.k).toBe(2);
    expect(m.engines.chatgpt?.mentionedIn).toMatchObject({ k: 1, n: 1 });
    expect(m.overall.shareOfVoice).toMatchObject({ k: 4, n: 7 });
    expect(m.overall.mentionedIn).toMatchObject({ k: 2, n: 3 });
    expect(m.points.map((p) => p.point)).toEqual([0, 1]);
    expect(m.enginePoints.chatgpt?.map((p) => p.point)).toEqual([CITY_POINT]);
  });

  it('gives an engine with no answers yet empty figures', () => {
    const m = computeAiMetrics([], ['gemini-maps']);
    expect(m.engines['gemini-maps']?.shareOfVoice.value).toBeNull();
    expect(m.competitors).toEqual([]);
  });

  it('does not hatch a point whose five samples agree', () => {
    const five = [1, 2, 3, 4, 5].map((s) => answer(0, s, [us(1)]));
    expect(computeAiMetrics(five, ['google-ai-mode']).points[0]).toMatchObject({ wide: false, share: { value: 100, low: 56.55 } });
  });
});

describe('comparing two analyses', () => {
  it('calls a change beyond the noise only when the intervals do not overlap', () => {
    const before = proportion(40, 50); // 80 % (67–89)
    const after = proportion(20, 50); // 40 % (28–54)
    expect(beyondNoise(before, after)).toBe(true);
    expect(shareDropped(before, after)).toBe(true);
    expect(shareDropped(after, before)).toBe(false);
    expect(changeOf(before, after)).toMatchObject({ change: -40, beyondNoise: true });
    // 2 of 4 against 1 of 4: a 25-point drop inside the noise of so few answers.
    expect(changeOf(proportion(2, 4), proportion(1, 4))).toMatchObject({ change: -25, beyondNoise: false });
    expect(beyondNoise(proportion(0, 0), after)).toBe(false);
  });
});
