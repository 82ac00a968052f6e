import { z } from 'zod';
import { v } from '../messages';
import { GRID_SIZES, RADIUS_MAX_M, RADIUS_MIN_M, RADIUS_STEP_M } from '../plans';

/**
 * Centre latitudes a grid may use: the band a web map (Web Mercator, ±85.05°) can show.
 * It also keeps every grid, up to 7 km around its centre, clear of the poles.
 */
export const MATRIX_LAT_LIMIT = 85;

export const latitudeSchema = z
  .number(v('latitudeInvalid'))
  .min(-MATRIX_LAT_LIMIT, v('latitudeInvalid'))
  .max(MATRIX_LAT_LIMIT, v('latitudeInvalid'));
export const longitudeSchema = z.number(v('longitudeInvalid')).min(-180, v('longitudeInvalid')).max(180, v('longitudeInvalid'));

/** Grid side: odd, 3 to 25 (decisions.md §1). Plan limits are checked by the places service. */
export const gridSizeSchema = z
  .number(v('gridSizeInvalid'))
  .int(v('gridSizeInvalid'))
  .refine((n) => (GRID_SIZES as readonly number[]).includes(n), v('gridSizeInvalid'));

/** Radius in metres: 200 to 7000 in steps of 100 (decisions.md §1). */
export const radiusSchema = z
  .number(v('radiusInvalid'))
  .int(v('radiusInvalid'))
  .min(RADIUS_MIN_M, v('radiusInvalid'))
  .max(RADIUS_MAX_M, v('radiusInvalid'))
  .multipleOf(RADIUS_STEP_M, v('radiusInvalid'));

/** What a grid is generated from (spec §3, matrix config). */
export const matrixConfigSchema = z.object({
  centerLat: latitudeSchema,
  centerLng: longitudeSchema,
  /** The radius: metres from the centre to the outermost point north, east, south and west. */
  maxDistance: radiusSchema,
  size: gridSizeSchema,
});
export type MatrixConfig = z.infer<typeof matrixConfigSchema>;

/** POST /api/place/generate-matrix (spec §7). filterLandPoints: detect the points on the sea. */
export const generateMatrixRequestSchema = matrixConfigSchema.extend({
  filterLandPoints: z.boolean().optional().default(true),
});
export type GenerateMatrixRequest = z.input<typeof generateMatrixRequestSchema>;

/** One grid point (spec §3). Row 0 is the northernmost row, column 0 the westernmost. */
export const matrixPointSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  row: z.number().int(),
  col: z.number().int(),
  isCenter: z.boolean(),
  onSea: z.boolean(),
});
export type MatrixPoint = z.infer<typeof matrixPointSchema>;

/** A cell of the coordinates matrix: the point's coordinates, or null when it is excluded. */
export const matrixCellSchema = z.object({ lat: z.number(), lng: z.number() }).nullable();
export type MatrixCell = z.infer<typeof matrixCellSchema>;

export const generateMatrixResponseSchema = z.object({
  /** size × size, [row][col]; points on the sea are null. */
  matrix: z.array(z.array(matrixCellSchema)),
  /** Every point, row by row, with its flags. */
  flatMatrix: z.array(matrixPointSchema),
});
export type GenerateMatrixResponse = z.infer<typeof generateMatrixResponseSchema>;
