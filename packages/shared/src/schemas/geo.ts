import { z } from 'zod';

/** The largest box GET /api/geo/coastline answers, in degrees on each side. */
export const COASTLINE_MAX_BOX_DEG = 1.5;

const LAT_MESSAGE = 'Las latitudes del área (south, north) deben ser números entre -90 y 90.';
const LNG_MESSAGE = 'Las longitudes del área (west, east) deben ser números entre -180 y 180.';
const ORDER_MESSAGE = 'El área no es válida: south debe ser menor que north y west menor que east.';
const SIZE_MESSAGE = `El área es demasiado grande: como máximo ${String(COASTLINE_MAX_BOX_DEG).replace('.', ',')}° de lado.`;

/** A plain decimal number as text ("36.72", "-4", "0.5"): no exponents, no hex, no blanks. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function parseCoordinate(raw: unknown, min: number, max: number): number | null {
  if (typeof raw !== 'string' || !DECIMAL.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

export interface CoastlineBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * GET /api/geo/coastline?south=&west=&north=&east= (degrees). The whole box is checked at
 * once so each refusal is one plain Spanish sentence: numbers in range, south < north,
 * west < east (no box across the antimeridian) and at most 1.5° on a side.
 */
export const coastlineQuerySchema = z
  .object({
    south: z.string().optional().describe('Latitud del lado sur, en grados'),
    west: z.string().optional().describe('Longitud del lado oeste, en grados'),
    north: z.string().optional().describe('Latitud del lado norte, en grados'),
    east: z.string().optional().describe('Longitud del lado este, en grados'),
  })
  .transform((q, ctx): CoastlineBox => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const south = parseCoordinate(q.south, -90, 90);
    const north = parseCoordinate(q.north, -90, 90);
    if (south === null || north === null) return fail(LAT_MESSAGE);
    const west = parseCoordinate(q.west, -180, 180);
    const east = parseCoordinate(q.east, -180, 180);
    if (west === null || east === null) return fail(LNG_MESSAGE);
    if (!(south < north && west < east)) return fail(ORDER_MESSAGE);
    if (north - south > COASTLINE_MAX_BOX_DEG || east - west > COASTLINE_MAX_BOX_DEG) return fail(SIZE_MESSAGE);
    return { south, west, north, east };
  });

/** A point of a coastline polyline: [lat, lng], 6 decimals (about 10 cm). */
export const coastlinePointSchema = z.tuple([z.number(), z.number()]);

/**
 * The coastline near the box: polylines of the sea polygons' edges that reach it (some
 * run a little past its sides; the map clips them). Empty far from any coast.
 */
export const coastlineResponseSchema = z.object({ lines: z.array(z.array(coastlinePointSchema)) });
export type CoastlineResponse = z.infer<typeof coastlineResponseSchema>;
