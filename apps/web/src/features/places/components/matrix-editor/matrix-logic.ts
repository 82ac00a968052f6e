import { type UpgradeTarget, cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { DEFAULT_GRID_SIZE, DEFAULT_RADIUS_M, GRID_SIZES, RADIUS_STEP_M } from '@rankmaps/shared/plans';
import type { MatrixPoint } from '@rankmaps/shared/schemas/places';
import type { PlanLimits } from '@rankmaps/shared/schemas/profile';
import { type Bounds, unwrapLng } from '@/components/map/map-geometry';
import { formatDecimal } from '@/lib/format';

/** What the editor needs from the profile: its planLimits, and the plan an upgrade starts from. */
export type MatrixPlanLimits = Pick<PlanLimits, 'type' | 'gridSize'> & { currentPlan?: string | null };

// The map geometry is shared with the results map; re-exported for the editor's callers and tests.
export { type Bounds, coastlineBox, unwrapLng } from '@/components/map/map-geometry';

export interface LatLng {
  lat: number;
  lng: number;
}

/** The regeneration delay after the radius slider moves (docs/product.md §4, docs/product.md §9). */
export const RADIUS_DEBOUNCE_MS = 500;

/**
 * How a grid size option behaves for a plan (docs/decisions.md §1, docs/decisions.md §22):
 * - `allowed`: selectable;
 * - `upgrade`: labelled with the cheapest plan that allows it ("Disponible desde Premium");
 *   choosing it shows the upgrade alert (basic-type plans above their maximum; any other
 *   non-pro type for every size but 7);
 * - `beyondPlan`: a pro-type plan above its own maximum: disabled, labelled the same way.
 */
export type GridOptionState = 'allowed' | 'upgrade' | 'beyondPlan';

export function gridOptionState(size: number, limits: MatrixPlanLimits): GridOptionState {
  if (limits.type === 'pro') return size <= limits.gridSize ? 'allowed' : 'beyondPlan';
  if (limits.type === 'basic') return size <= limits.gridSize ? 'allowed' : 'upgrade';
  return size === DEFAULT_GRID_SIZE ? 'allowed' : 'upgrade';
}

export interface GridOption {
  size: number;
  points: number;
  state: GridOptionState;
  /** For an option the plan does not allow: the plan (or audience) that does; none for allowed ones. */
  upgrade: UpgradeTarget;
}

/** Every grid size, in order, with its point count, state for the plan and, when locked, where to upgrade. */
export function gridOptions(limits: MatrixPlanLimits): GridOption[] {
  return GRID_SIZES.map((size) => {
    const state = gridOptionState(size, limits);
    const upgrade: UpgradeTarget = state === 'allowed' ? { kind: 'none' } : cheapestPlanFor({ kind: 'gridSize', size }, limits.currentPlan);
    return { size, points: size * size, state, upgrade };
  });
}

/** Where a radius other than the fixed one is available, for the user's plan. */
export function radiusUpgrade(limits: MatrixPlanLimits): UpgradeTarget {
  return cheapestPlanFor({ kind: 'radius', radius: DEFAULT_RADIUS_M + RADIUS_STEP_M }, limits.currentPlan);
}

/** Only pro-type plans choose the radius; the others keep 1500 m (docs/decisions.md §1). */
export function canChangeRadius(limits: MatrixPlanLimits): boolean {
  return limits.type === 'pro';
}

const hasCoordinates = (p: { lat: unknown; lng: unknown }) =>
  typeof p.lat === 'number' && Number.isFinite(p.lat) && typeof p.lng === 'number' && Number.isFinite(p.lng);

export interface MatrixSummary {
  total: number;
  /** Points a scan queries (and, on pro plans, charges): numeric coordinates and not on the sea. */
  analysed: number;
  onSea: number;
  /** Points whose coordinates are missing or not numbers. */
  noCoordinates: number;
}

/** The counts the editor shows (docs/product.md §5): excluded points are neither analysed nor charged. */
export function summariseMatrix(points: readonly MatrixPoint[]): MatrixSummary {
  let onSea = 0;
  let noCoordinates = 0;
  for (const p of points) {
    if (!hasCoordinates(p)) noCoordinates++;
    else if (p.onSea) onSea++;
  }
  return { total: points.length, analysed: points.length - onSea - noCoordinates, onSea, noCoordinates };
}

/** The rectangle through the outermost points (the analysed area), or null without any point. */
export function gridBounds(points: readonly MatrixPoint[]): Bounds | null {
  let b: Bounds | null = null;
  for (const p of points) {
    if (!hasCoordinates(p)) continue;
    if (!b) b = { south: p.lat, west: p.lng, north: p.lat, east: p.lng };
    else {
      b.south = Math.min(b.south, p.lat);
      b.north = Math.max(b.north, p.lat);
      b.west = Math.min(b.west, p.lng);
      b.east = Math.max(b.east, p.lng);
    }
  }
  return b;
}

/** Points of the grid that a map can place (numeric coordinates), their longitudes kept next to `refLng` (the centre's). */
export function drawablePoints(points: readonly MatrixPoint[], refLng: number | null): MatrixPoint[] {
  return points.filter(hasCoordinates).map((p) => (refLng === null ? p : { ...p, lng: unwrapLng(p.lng, refLng) }));
}

/**
 * A distance for display: metres below 1 km, kilometres with at most one decimal above,
 * in the interface's language ('1,5 km' in Spanish).
 */
export function formatDistance(metres: number, locale: string): { value: string; unit: 'm' | 'km' } {
  if (metres < 1000) return { value: formatDecimal(metres, locale, 0), unit: 'm' };
  return { value: formatDecimal(metres / 1000, locale), unit: 'km' };
}

/** The side of the analysed area: twice the radius (docs/product.md §9), always in kilometres. */
export function areaSideKm(radiusMetres: number, locale: string): string {
  return formatDecimal((2 * radiusMetres) / 1000, locale);
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A clicked map position as a grid centre: longitude wrapped into ±180, latitude within what a grid accepts. */
export function toGridCenter(lat: number, lng: number, latLimit: number): LatLng {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return { lat: round6(clamp(lat, -latLimit, latLimit)), lng: round6(wrapped) };
}
