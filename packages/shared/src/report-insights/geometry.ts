// The geometry the findings share: where each grid point lies from the centre (distance and
// compass sector) and the position it counts with. docs/metrics.md §11.

import { gridSpacingKm } from '../geo/search-zoom';
import { LOCAL_PACK_SIZE, NOT_FOUND_POSITION, isFoundPosition } from '../metrics/core';
import { distanceMetres } from '../metrics/matching';
import type { InsightCell, InsightInput } from './types';

/** The eight compass sectors, clockwise from the north, 45° each, centred on their direction. */
export const SECTORS = ['norte', 'noreste', 'este', 'sureste', 'sur', 'suroeste', 'oeste', 'noroeste'] as const;
export type Sector = (typeof SECTORS)[number];

/** A valid point (status ok) placed relative to the centre. */
export interface PlacedPoint {
  cell: InsightCell;
  /** Distance from the centre, metres. */
  distance: number;
  /** Initial bearing from the centre, degrees clockwise from the north, in [0, 360). */
  bearing: number;
  /** The point at the centre of the grid (the business itself): it has no direction. */
  isCenter: boolean;
  /** Our position, with «not found» counting as 21 (docs/metrics.md §3). */
  totalPosition: number;
  inLocalPack: boolean;
}

const DEG = Math.PI / 180;

/** Initial great-circle bearing from one point to another, degrees in [0, 360). */
export function bearingDegrees(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const phi1 = lat1 * DEG;
  const phi2 = lat2 * DEG;
  const dLng = (lng2 - lng1) * DEG;
  const y = Math.sin(dLng) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLng);
  const deg = Math.atan2(y, x) / DEG;
  return ((deg % 360) + 360) % 360;
}

/** The sector of a bearing: norte is 337.5° to 22.5°, noreste 22.5° to 67.5°, and so on. */
export function sectorOf(bearing: number): Sector {
  return SECTORS[Math.floor(((((bearing + 22.5) % 360) + 360) % 360) / 45) % 8]!;
}

/**
 * A point closer to the centre than half the grid's spacing is the centre point. Without a
 * usable spacing (a grid of one point), only a point within a metre is.
 */
function centerToleranceMetres(input: InsightInput): number {
  if (!(input.gridSize >= 2) || !(input.radius > 0)) return 1;
  return (gridSpacingKm(input.gridSize, input.radius) * 1000) / 2;
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * The valid points (status ok, with coordinates) in row-then-column order, so the findings do
 * not depend on the order the cells arrive in.
 */
export function placePoints(input: InsightInput): PlacedPoint[] {
  const { center } = input;
  if (!finite(center.lat) || !finite(center.lng)) return [];
  const tolerance = centerToleranceMetres(input);
  return input.cells
    .filter((c) => c.status === 'ok' && finite(c.lat) && finite(c.lng))
    .slice()
    .sort((a, b) => a.row - b.row || a.col - b.col)
    .map((cell) => {
      const distance = distanceMetres(center.lat, center.lng, cell.lat, cell.lng);
      const found = isFoundPosition(cell.position);
      return {
        cell,
        distance,
        bearing: bearingDegrees(center.lat, center.lng, cell.lat, cell.lng),
        isCenter: distance < tolerance,
        totalPosition: found ? (cell.position as number) : NOT_FOUND_POSITION,
        inLocalPack: found && (cell.position as number) <= LOCAL_PACK_SIZE,
      };
    });
}

/** The valid points of each sector, the centre point excluded, in SECTORS order. */
export function pointsBySector(points: PlacedPoint[]): Map<Sector, PlacedPoint[]> {
  const bySector = new Map<Sector, PlacedPoint[]>(SECTORS.map((s) => [s, []]));
  for (const p of points) if (!p.isCenter) bySector.get(sectorOf(p.bearing))!.push(p);
  return bySector;
}

/** How a group of points does: the Local Pack count and the average total position. */
export interface GroupFigures {
  points: number;
  localPack: number;
  /** 100 × localPack / points, exact. */
  localPackShare: number;
  /** Mean of the total positions (not found = 21), exact. */
  avgTotalPosition: number;
}

export function groupFigures(points: PlacedPoint[]): GroupFigures {
  const n = points.length;
  const localPack = points.filter((p) => p.inLocalPack).length;
  const sum = points.reduce((s, p) => s + p.totalPosition, 0);
  return {
    points: n,
    localPack,
    localPackShare: n === 0 ? 0 : (100 * localPack) / n,
    avgTotalPosition: n === 0 ? NOT_FOUND_POSITION : sum / n,
  };
}

/** «al norte», «al este»… */
export const toward = (s: Sector) => `al ${s}`;
