// Hand-built grids for the insight rules' tests (not a test file itself). Points come from
// generateMatrix, the server's own grid, so the geometry is the one real analyses have.

import { generateMatrix } from '../geo/matrix';
import type { MetricDelta, PointsComparison } from '../metrics/compare';
import type { Sector } from './geometry';
import type { InsightCell, InsightInput } from './types';

export const CENTER = { lat: 40.4168, lng: -3.7038 }; // Madrid, Puerta del Sol

/** Where a cell lies in grid steps: dx east, dy north of the centre cell. */
export interface Offset {
  row: number;
  col: number;
  dx: number;
  dy: number;
}

/** The compass sector of a grid offset, worked out on the grid itself (not from coordinates). */
export function sectorOfOffset(dx: number, dy: number): Sector | null {
  if (dx === 0 && dy === 0) return null;
  const names: Sector[] = ['norte', 'noreste', 'este', 'sureste', 'sur', 'suroeste', 'oeste', 'noroeste'];
  const bearing = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
  return names[Math.floor(((bearing + 22.5) % 360) / 45)]!;
}

export interface GridSpec {
  size: number;
  /** Metres. */
  radius: number;
  /** Our position at the cell, null for not found. */
  position: (o: Offset) => number | null;
  /** Who is first at the cell; by default our business where we are 1st, else «Otro negocio». */
  leader?: (o: Offset) => InsightCell['leader'];
  status?: (o: Offset) => InsightCell['status'];
  metrics?: MetricDelta[];
  movement?: PointsComparison['counts'] | null;
}

export const competitor = (name: string, placeId: string | null = `pid-${name}`): InsightCell['leader'] => ({
  placeId,
  name,
  isOurBusiness: false,
});
export const us: InsightCell['leader'] = { placeId: 'pid-us', name: 'Clínica Dental Sonrisa', isOurBusiness: true };

export function buildGrid(spec: GridSpec): InsightInput {
  const half = (spec.size - 1) / 2;
  const cells: InsightCell[] = generateMatrix({
    centerLat: CENTER.lat,
    centerLng: CENTER.lng,
    maxDistance: spec.radius,
    size: spec.size,
  }).map((p) => {
    const o: Offset = { row: p.row, col: p.col, dx: p.col - half, dy: half - p.row };
    const status = spec.status?.(o) ?? 'ok';
    const position = status === 'ok' ? spec.position(o) : null;
    const leader = spec.leader ? spec.leader(o) : position === 1 ? us : competitor('Otro negocio');
    return { row: p.row, col: p.col, lat: p.lat, lng: p.lng, status, position, leader };
  });
  return {
    businessName: 'Clínica Dental Sonrisa',
    center: { ...CENTER },
    radius: spec.radius,
    gridSize: spec.size,
    cells,
    metrics: spec.metrics ?? noReferenceMetrics(),
    movement: spec.movement ?? null,
  };
}

/** The metrics of an analysis with nothing to compare with. */
export function noReferenceMetrics(): MetricDelta[] {
  return [
    { key: 'geoRank', better: 'higher', current: 50, reference: null, delta: null, trend: null },
    { key: 'avgTotalPosition', better: 'lower', current: 8, reference: null, delta: null, trend: null },
  ];
}

/** Every position the same: no rule has anything to tell. */
export const flat = (p: number | null) => () => p;
