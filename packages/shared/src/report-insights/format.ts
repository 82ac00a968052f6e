// How the findings write numbers (docs/metrics.md §11): Spanish, decimal comma, rounded once,
// half away from zero, from the exact value (the rule of docs/metrics.md §10).

import { roundMetric } from '../metrics/core';

/** A non-breaking space, so «88 %» never splits across lines (the interface's own percent style). */
const NBSP = '\u00a0';

const formats = new Map<number, Intl.NumberFormat>();

/** `x` rounded half away from zero to `digits` decimals, cut to 12 significant digits first (as roundMetric does). */
export function roundTo(x: number, digits: number): number {
  const scale = 10 ** digits;
  const scaled = Number((Math.abs(x) * scale).toPrecision(12));
  return (Math.sign(x) * Math.round(scaled)) / scale + 0;
}

/** A number in Spanish with at most `digits` decimals: 2.4 → «2,4», 51.25 → «51,25», 3 → «3». */
export function formatNumber(x: number, digits: number): string {
  let format = formats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('es-ES', { maximumFractionDigits: digits });
    formats.set(digits, format);
  }
  return format.format(roundTo(x, digits));
}

/** A 0–100 share as a whole percentage: 87.5 → «88 %». */
export function formatShare(share: number): string {
  return `${formatNumber(share, 0)}${NBSP}%`;
}

/** A distance in km: «0,5 km», «1,33 km». */
export function formatKm(km: number): string {
  return `${formatNumber(km, 2)}${NBSP}km`;
}

/** 100 × count / total, exact (0 without a total). */
export function share(count: number, total: number): number {
  return total === 0 ? 0 : (100 * count) / total;
}

/** The figure a finding stores: 2 decimals, as every published metric (docs/metrics.md §10). */
export const figure = roundMetric;

/** «al norte» → «Al norte». */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
