// Rule 3 (docs/metrics.md §11): how fast our position falls with distance from the centre.

import { figure, formatNumber } from './format';
import type { Finding } from './finding';
import type { PlacedPoint } from './geometry';

/** The fit needs at least this many valid points… */
export const DECAY_MIN_POINTS = 9;
/** …the line must lose at least this many places across the radius… */
export const DECAY_MIN_PLACES_OVER_RADIUS = 3;
/** …and explain at least this share of the positions' variance (R²). */
export const DECAY_MIN_R2 = 0.3;

export interface LinearFit {
  slope: number;
  intercept: number;
  /** Coefficient of determination, 0 to 1. */
  r2: number;
}

/** Ordinary least squares of y on x; null when x or y does not vary (no line to speak of). */
export function leastSquares(xs: number[], ys: number[]): LinearFit | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: (sxy * sxy) / (sxx * syy) };
}

export function decayFinding(points: PlacedPoint[], radius: number): Finding | null {
  if (points.length < DECAY_MIN_POINTS || !(radius > 0)) return null;
  const fit = leastSquares(
    points.map((p) => p.distance / 1000),
    points.map((p) => p.totalPosition),
  );
  if (!fit || fit.slope <= 0) return null;
  const radiusKm = radius / 1000;
  const placesOverRadius = fit.slope * radiusKm;
  if (placesOverRadius < DECAY_MIN_PLACES_OVER_RADIUS || fit.r2 < DECAY_MIN_R2) return null;

  // A grid smaller than a kilometre speaks per 100 m: «por cada km» would reach beyond it.
  const perHundredMetres = radius < 1000;
  const places = formatNumber(perHundredMetres ? fit.slope / 10 : fit.slope, 1);
  const rate = `${places} ${places === '1' ? 'puesto' : 'puestos'} por cada ${perHundredMetres ? '100 m' : 'km'}`;
  const text =
    `De media pierdes ${rate} que te alejas del centro ` +
    `(una recta ajustada a tus posiciones en ${points.length} puntos, contando «no encontrado» como 21).`;
  return {
    insight: {
      rule: 'distance-decay',
      text,
      figures: {
        placesPerKm: figure(fit.slope),
        placesPer100m: figure(fit.slope / 10),
        points: points.length,
        r2: figure(fit.r2),
        radiusKm: figure(radiusKm),
      },
    },
    strength: Math.min(1, placesOverRadius / 20),
  };
}
