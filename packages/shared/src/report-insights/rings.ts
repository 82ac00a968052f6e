// Rule 2 (docs/metrics.md §11): near, middle and far thirds of the radius.

import { figure, formatKm, formatShare } from './format';
import type { Finding } from './finding';
import { type GroupFigures, type PlacedPoint, groupFigures } from './geometry';

/** A ring is compared only with at least this many valid points. */
export const RING_MIN_POINTS = 3;
/** The best and worst rings' Local Pack shares must differ by this many percentage points. */
export const RING_MIN_SHARE_GAP = 40;
/**
 * A point on a ring's edge counts in the inner ring: the grid's points are laid out on the
 * ellipsoid and measured here on a sphere, so one at exactly a third of the radius can come
 * out a few metres further. 1 % of the radius absorbs that and nothing more.
 */
export const RING_EDGE_TOLERANCE = 0.01;

export const RINGS = ['near', 'middle', 'far'] as const;
export type Ring = (typeof RINGS)[number];

export interface RingFigures extends GroupFigures {
  ring: Ring;
}

export function ringOf(distance: number, radius: number): Ring {
  const third = (radius / 3) * (1 + RING_EDGE_TOLERANCE);
  if (distance <= third) return 'near';
  if (distance <= 2 * third) return 'middle';
  return 'far';
}

/** The rings with enough points, near to far. The centre point is in the near ring. */
export function eligibleRings(points: PlacedPoint[], radius: number): RingFigures[] {
  return RINGS.map((ring) => ({ ring, ...groupFigures(points.filter((p) => ringOf(p.distance, radius) === ring)) })).filter(
    (r) => r.points >= RING_MIN_POINTS,
  );
}

function ringLabel(ring: Ring, radius: number): string {
  const km = radius / 1000;
  if (ring === 'near') return `cerca del centro (hasta ${formatKm(km / 3)})`;
  if (ring === 'middle') return `a media distancia (de ${formatKm(km / 3)} a ${formatKm((2 * km) / 3)})`;
  return `lejos (a más de ${formatKm((2 * km) / 3)})`;
}

function ringPart(r: RingFigures): string {
  return r.localPack === 0
    ? `en ninguno de sus ${r.points} puntos (${formatShare(0)})`
    : `en ${r.localPack} de ${r.points} puntos (${formatShare(r.localPackShare)})`;
}

export function ringFinding(points: PlacedPoint[], radius: number): Finding | null {
  if (!(radius > 0)) return null;
  const rings = eligibleRings(points, radius);
  if (rings.length < 2) return null;
  const shares = rings.map((r) => r.localPackShare);
  const gap = Math.max(...shares) - Math.min(...shares);
  if (gap < RING_MIN_SHARE_GAP) return null;

  const parts = rings.map((r) => `${ringLabel(r.ring, radius)}, ${ringPart(r)}`);
  const list = parts.length === 2 ? `${parts[0]}; y ${parts[1]}` : `${parts[0]}; ${parts[1]}; y ${parts[2]}`;
  const text = `Estás en el Local Pack ${list}.`;
  const figures: Record<string, number | string> = { radiusKm: figure(radius / 1000) };
  for (const r of rings) {
    figures[`${r.ring}Points`] = r.points;
    figures[`${r.ring}LocalPack`] = r.localPack;
    figures[`${r.ring}LocalPackPercentage`] = figure(r.localPackShare);
  }
  return { insight: { rule: 'distance-rings', text, figures }, strength: gap / 100 };
}
