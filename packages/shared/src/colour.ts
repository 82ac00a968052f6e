/**
 * Colour arithmetic for the checks that colours stay readable: WCAG 2 contrast, CIELAB,
 * CIEDE2000 and colour-vision simulation. Plain functions on #rrggbb strings, shared by the
 * band rule (metrics/bands.ts), its unit tests and the browser test that reads the rendered map.
 */

/** The three channels of a #rrggbb colour, 0–1, gamma-encoded (as stored). */
function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** The channels in linear light, 0–1. */
function linearRgb(hex: string): [number, number, number] {
  return channels(hex).map(toLinear) as [number, number, number];
}

const luminanceOfLinear = ([r, g, b]: readonly number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  return luminanceOfLinear(linearRgb(hex));
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21), in either order. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** '#rrggbb' from a CSS 'rgb(r, g, b)' or 'rgba(r, g, b, a)' as getComputedStyle gives it; null otherwise. */
export function hexFromCssRgb(css: string): string | null {
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(css.trim());
  if (!m) return null;
  return `#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
}

export type Vision = 'typical' | 'deuteranopia' | 'protanopia' | 'tritanopia';
export const VISIONS: readonly Vision[] = ['typical', 'deuteranopia', 'protanopia', 'tritanopia'];

/**
 * Full dichromacy (severity 1.0) as Machado, Oliveira and Fernandes (2009) model it, applied to
 * linear RGB; typical vision is the identity.
 */
const VISION_MATRICES: Record<Vision, readonly (readonly number[])[]> = {
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

export type Lab = readonly [l: number, a: number, b: number];

/** CIELAB (D65) of a linear RGB colour. */
function labOfLinear([r, g, b]: readonly number[]): Lab {
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047);
  const y = f(luminanceOfLinear([r!, g!, b!]));
  const z = f((0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** CIELAB of a #rrggbb colour as someone with `vision` sees it. */
export function labSeenAs(hex: string, vision: Vision = 'typical'): Lab {
  const rgb = linearRgb(hex);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return labOfLinear(VISION_MATRICES[vision].map((row) => clamp(row[0]! * rgb[0] + row[1]! * rgb[1] + row[2]! * rgb[2])));
}

const DEG = Math.PI / 180;

/** The hue angle in degrees, 0–360 (0 for a grey). */
function hueDegrees(b: number, a: number): number {
  if (a === 0 && b === 0) return 0;
  const h = Math.atan2(b, a) / DEG;
  return h < 0 ? h + 360 : h;
}

/** CIEDE2000 colour difference (Sharma, Wu and Dalal 2005): about 1 is just noticeable side by side. */
export function deltaE2000([l1, a1, b1]: Lab, [l2, a2, b2]: Lab): number {
  const meanChroma = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(meanChroma ** 7 / (meanChroma ** 7 + 25 ** 7)));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1 = Math.hypot(a1p, b1);
  const c2 = Math.hypot(a2p, b2);
  const h1 = hueDegrees(b1, a1p);
  const h2 = hueDegrees(b2, a2p);
  let dh = 0;
  if (c1 * c2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dHue = 2 * Math.sqrt(c1 * c2) * Math.sin((dh * DEG) / 2);
  const meanL = (l1 + l2) / 2;
  const meanC = (c1 + c2) / 2;
  let meanH = h1 + h2;
  if (c1 * c2 !== 0) {
    if (Math.abs(h1 - h2) > 180) meanH += h1 + h2 < 360 ? 360 : -360;
    meanH /= 2;
  }
  const t =
    1 -
    0.17 * Math.cos((meanH - 30) * DEG) +
    0.24 * Math.cos(2 * meanH * DEG) +
    0.32 * Math.cos((3 * meanH + 6) * DEG) -
    0.2 * Math.cos((4 * meanH - 63) * DEG);
  const rotation = 30 * Math.exp(-(((meanH - 275) / 25) ** 2));
  const rc = 2 * Math.sqrt(meanC ** 7 / (meanC ** 7 + 25 ** 7));
  const sl = 1 + (0.015 * (meanL - 50) ** 2) / Math.sqrt(20 + (meanL - 50) ** 2);
  const sc = 1 + 0.045 * meanC;
  const sh = 1 + 0.015 * meanC * t;
  const rt = -Math.sin(2 * rotation * DEG) * rc;
  const dl = (l2 - l1) / sl;
  const dc = (c2 - c1) / sc;
  const dhh = dHue / sh;
  return Math.sqrt(dl ** 2 + dc ** 2 + dhh ** 2 + rt * dc * dhh);
}
