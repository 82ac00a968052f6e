import type { CoastlineBox } from '@rankmaps/shared/schemas/geo';
import { COASTLINE_MAX_BOX_DEG } from '@rankmaps/shared/schemas/geo';

/** A latitude/longitude rectangle. West may be below -180 or east above 180 for a set of points unwrapped across the antimeridian. */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** `lng` moved by whole turns to within 180° of `refLng`, so a grid across the antimeridian stays in one piece on the map. */
export function unwrapLng(lng: number, refLng: number): number {
  if (Math.abs(lng - refLng) <= 180) return lng;
  return lng + 360 * Math.round((refLng - lng) / 360);
}

/** The rectangle through the given positions, or null without any (non-finite ones are skipped). */
export function boundsOf(positions: Iterable<{ lat: number; lng: number }>): Bounds | null {
  let b: Bounds | null = null;
  for (const { lat, lng } of positions) {
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    if (!b) b = { south: lat, west: lng, north: lat, east: lng };
    else {
      b.south = Math.min(b.south, lat);
      b.north = Math.max(b.north, lat);
      b.west = Math.min(b.west, lng);
      b.east = Math.max(b.east, lng);
    }
  }
  return b;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const floorTo = (n: number, step: number) => Math.floor(n / step) * step;
const ceilTo = (n: number, step: number) => Math.ceil(n / step) * step;
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The box to ask the coastline for: the bounds padded by `pad` of their size on each
 * side, snapped outwards to 0.01° (so small moves reuse the cached answer), kept inside the
 * world and within the endpoint's 1.5° limit (centred on the bounds when it would be larger).
 * Null for bounds across the antimeridian, which the endpoint cannot take in one box.
 */
export function coastlineBox(bounds: Bounds, pad = 0.25): CoastlineBox | null {
  if (bounds.west < -180 || bounds.east > 180) return null;
  const STEP = 0.01;
  const fit = (lo: number, hi: number, min: number, max: number): [number, number] => {
    const margin = (hi - lo) * pad;
    let a = floorTo(lo - margin, STEP);
    let b = ceilTo(hi + margin, STEP);
    if (b - a > COASTLINE_MAX_BOX_DEG) {
      const mid = (lo + hi) / 2;
      a = mid - COASTLINE_MAX_BOX_DEG / 2 + STEP;
      b = mid + COASTLINE_MAX_BOX_DEG / 2 - STEP;
    }
    a = clamp(a, min, max);
    b = clamp(b, min, max);
    if (b <= a) b = Math.min(max, a + STEP);
    if (b <= a) a = b - STEP;
    return [round6(a), round6(b)];
  };
  const [south, north] = fit(bounds.south, bounds.north, -90, 90);
  const [west, east] = fit(bounds.west, bounds.east, -180, 180);
  return { south, west, north, east };
}
