import { describe, expect, it } from 'vitest';
import { VISIONS, contrastRatio, deltaE2000, labSeenAs } from '../colour';
import { BAND_LABEL_MIN_CONTRAST, BAND_STEP, bandSteps, labelReadable, tooCloseSteps } from './band-scale-rule';
import { POSITION_BANDS, POSITION_BAND_COLORS, POSITION_BAND_TEXT_COLORS } from './bands';

/*
 * The scale's rule (band-scale-rule.ts, docs/decisions.md §22.3): every label readable on its
 * fill, and adjacent bands apart in colour and in lightness under typical vision and simulated
 * deuteranopia, protanopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1.0).
 */
const fills = POSITION_BANDS.map((band) => POSITION_BAND_COLORS[band]);
const adjacent = POSITION_BANDS.slice(1).map((worse, i) => [POSITION_BANDS[i]!, worse] as const);

describe('the position band scale', () => {
  it('has one distinct #rrggbb fill per band', () => {
    for (const c of fills) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(fills).size).toBe(POSITION_BANDS.length);
  });

  it('writes every label at WCAG ≥ 4.5:1: dark on the light fills, white on the dark ones', () => {
    for (const band of POSITION_BANDS) {
      expect(contrastRatio(POSITION_BAND_COLORS[band], POSITION_BAND_TEXT_COLORS[band]), band).toBeGreaterThanOrEqual(BAND_LABEL_MIN_CONTRAST);
      expect(labelReadable(POSITION_BAND_COLORS[band], POSITION_BAND_TEXT_COLORS[band])).toBe(true);
    }
    expect(POSITION_BANDS.map((b) => POSITION_BAND_TEXT_COLORS[b] === '#ffffff')).toEqual([false, false, false, true, true, true]);
  });

  it.each(VISIONS)('keeps adjacent bands ΔE₀₀ ≥ 10 and L* ≥ 10 apart, darkening from 1–3 to +20, with %s vision', (vision) => {
    for (const [better, worse] of adjacent) {
      const step = bandSteps(POSITION_BAND_COLORS[better], POSITION_BAND_COLORS[worse]).find((s) => s.vision === vision)!;
      expect(step.deltaE, `${better} / ${worse}`).toBeGreaterThanOrEqual(BAND_STEP.minDeltaE2000);
      expect(step.lightnessDrop, `${better} / ${worse}`).toBeGreaterThanOrEqual(BAND_STEP.minLightness);
    }
  });

  it('is ordered by lightness alone, so any two bands keep their order without hue', () => {
    for (const vision of VISIONS) {
      const lightness = fills.map((c) => labSeenAs(c, vision)[0]);
      expect([...lightness].sort((a, b) => b - a), vision).toEqual(lightness);
    }
  });

  it('would have caught the old palette: navy 4–5 beside purple 6–10, and the landing green→yellow→red for deuteranopes', () => {
    expect(tooCloseSteps('#193e65', '#7c01a2').length).toBeGreaterThan(0); // no lightness order
    expect(tooCloseSteps('#dc2626', '#94a3b8').length).toBeGreaterThan(0); // red 16–20 lighter than grey +20
    expect(tooCloseSteps(POSITION_BAND_COLORS.top3, POSITION_BAND_COLORS.top5)).toEqual([]);
  });
});

describe('deltaE2000', () => {
  // Reference pairs from Sharma, Wu and Dalal (2005), table 1.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
  ] as const)('gives the published difference of %j and %j', (a, b, expected) => {
    expect(deltaE2000(a, b)).toBeCloseTo(expected, 3);
  });
});
