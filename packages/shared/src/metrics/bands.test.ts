import { describe, expect, it } from 'vitest';
import { POSITION_BANDS, POSITION_BAND_COLORS } from './bands';

/*
 * The band colours must stay apart for colour-blind users too. Each colour is simulated
 * under full deuteranopia, protanopia and tritanopia with the matrices of Machado, Oliveira
 * and Fernandes (2009, severity 1.0, applied in linear RGB), then compared in CIELAB.
 */
type Vision = 'typical' | 'deuteranopia' | 'protanopia' | 'tritanopia';
const MATRICES: Record<Vision, number[][]> = {
  typical: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const linearRgb = (hex: string) => [1, 3, 5].map((i) => toLinear(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];

/** CIELAB (D65) of a linear RGB colour. */
function lab([r, g, b]: number[]): [number, number, number] {
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047);
  const y = f(0.2126 * r! + 0.7152 * g! + 0.0722 * b!);
  const z = f((0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

function seenAs(hex: string, vision: Vision): [number, number, number] {
  const rgb = linearRgb(hex);
  const m = MATRICES[vision];
  return lab(m.map((row) => Math.min(1, Math.max(0, row[0]! * rgb[0] + row[1]! * rgb[1] + row[2]! * rgb[2]))));
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

describe('POSITION_BAND_COLORS for colour-blind users', () => {
  it.each(Object.keys(MATRICES) as Vision[])('keeps every pair of bands clearly apart (ΔE ≥ 20) with %s vision', (vision) => {
    for (const [i, a] of POSITION_BANDS.entries()) {
      for (const b of POSITION_BANDS.slice(i + 1)) {
        const d = distance(seenAs(POSITION_BAND_COLORS[a], vision), seenAs(POSITION_BAND_COLORS[b], vision));
        expect(d, `${a} / ${b}`).toBeGreaterThanOrEqual(20);
      }
    }
  });

  it('would have caught the old brown, rust and crimson (the simulation can fail)', () => {
    const d = distance(seenAs('#a16207', 'deuteranopia'), seenAs('#c2410c', 'deuteranopia'));
    expect(d).toBeLessThan(20);
  });
});
