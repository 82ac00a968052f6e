import { VISIONS, type Vision, contrastRatio, deltaE2000, labSeenAs } from '../colour';

/**
 * What keeps the band scale readable (docs/decisions.md §22.3), written once so the unit tests
 * and the browser test that reads the rendered markers check the same thing:
 * - each label at WCAG 2 contrast ≥ 4.5:1 on its fill (normal text, level AA);
 * - two adjacent bands at least ΔE₀₀ 10 apart (well above the ~2–3 of "just noticeable", so
 *   two neighbouring markers are told apart at a glance) and 10 L* apart, the lightness step being
 *   what keeps the order when hue is lost, under typical vision and each simulated dichromacy.
 */
export const BAND_LABEL_MIN_CONTRAST = 4.5;
export const BAND_STEP = { minDeltaE2000: 10, minLightness: 10 } as const;

export interface BandStep {
  vision: Vision;
  /** CIEDE2000 between the two fills as seen with `vision`. */
  deltaE: number;
  /** L* of the better band minus L* of the worse one: positive when the scale darkens. */
  lightnessDrop: number;
}

/** How far apart two fills are (the better band's first) under each vision. */
export function bandSteps(better: string, worse: string): BandStep[] {
  return VISIONS.map((vision) => {
    const a = labSeenAs(better, vision);
    const b = labSeenAs(worse, vision);
    return { vision, deltaE: deltaE2000(a, b), lightnessDrop: a[0] - b[0] };
  });
}

/** The steps of `bandSteps` that break BAND_STEP: none for two adjacent bands of a readable scale. */
export function tooCloseSteps(better: string, worse: string): BandStep[] {
  return bandSteps(better, worse).filter((s) => s.deltaE < BAND_STEP.minDeltaE2000 || s.lightnessDrop < BAND_STEP.minLightness);
}

/** Whether a label colour is readable on a fill. */
export const labelReadable = (fill: string, text: string) => contrastRatio(fill, text) >= BAND_LABEL_MIN_CONTRAST;
