import { z } from 'zod';
import { type ValidationKey, v } from '../messages';
import { isCountryCode } from '../markets/countries';
import { isSearchLanguage } from '../markets/languages';
import { GRID_SIZES, RADIUS_MAX_M, RADIUS_MIN_M, RADIUS_STEP_M } from '../plans';
import { CLIENT_NOT_FOUND, cardFiguresSchema } from './workspace';
import { AI_ENGINE_ID_VALUES } from './ai-visibility';
import { campaignAiSchema } from './campaigns';

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

/** Grid side: odd, 3 to 25 (docs/decisions.md §1). Plan limits are checked by the places service. */
export const gridSizeSchema = z
  .number(v('gridSizeInvalid'))
  .int(v('gridSizeInvalid'))
  .refine((n) => (GRID_SIZES as readonly number[]).includes(n), v('gridSizeInvalid'));

/** Radius in metres: 200 to 7000 in steps of 100 (docs/decisions.md §1). */
export const radiusSchema = z
  .number(v('radiusInvalid'))
  .int(v('radiusInvalid'))
  .min(RADIUS_MIN_M, v('radiusInvalid'))
  .max(RADIUS_MAX_M, v('radiusInvalid'))
  .multipleOf(RADIUS_STEP_M, v('radiusInvalid'));

/** What a grid is generated from (docs/product.md §3, matrix config). */
export const matrixConfigSchema = z.object({
  centerLat: latitudeSchema,
  centerLng: longitudeSchema,
  /** The radius: metres from the centre to the outermost point north, east, south and west. */
  maxDistance: radiusSchema,
  size: gridSizeSchema,
});
export type MatrixConfig = z.infer<typeof matrixConfigSchema>;

/** POST /api/place/generate-matrix (docs/product.md §7). filterLandPoints: detect the points on the sea. */
export const generateMatrixRequestSchema = matrixConfigSchema.extend({
  filterLandPoints: z.boolean().optional().default(true),
});
export type GenerateMatrixRequest = z.input<typeof generateMatrixRequestSchema>;

/** One grid point (docs/product.md §3). Row 0 is the northernmost row, column 0 the westernmost. */
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

// ---- Places (docs/product.md §3 Place, docs/product.md §7 /place calls) ----

const PLACE_DATA_MISSING = 'Faltan datos para crear el negocio';

/** The grid a place is analysed on: side, radius in metres and centre. */
export const placeMatrixConfigSchema = z.object(
  {
    gridSize: gridSizeSchema,
    radius: radiusSchema,
    coordinates: z.object({ lat: latitudeSchema, lng: longitudeSchema }, PLACE_DATA_MISSING),
  },
  PLACE_DATA_MISSING,
);
export type PlaceMatrixConfig = z.infer<typeof placeMatrixConfigSchema>;

const PLACE_DATA_MISSING_EARLY = 'Por favor selecciona un lugar de la lista de sugerencias';

/** GET /api/places/autocomplete. sessionToken groups autocomplete and details into one billed session. */
export const placeAutocompleteQuerySchema = z.object({
  input: z.string('Escribe el nombre del negocio.').trim().min(1, 'Escribe el nombre del negocio.').max(200, 'El texto de búsqueda es demasiado largo.'),
  sessionToken: z.string().max(100, 'Token de sesión no válido.').optional(),
});
export const placeSuggestionSchema = z.object({ placeId: z.string(), name: z.string(), address: z.string() });
export const placeAutocompleteResponseSchema = z.object({ suggestions: z.array(placeSuggestionSchema) });
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

/** GET /api/places/locate: a city or address to centre a service area's grid on. */
export const locateQuerySchema = z.object({
  input: z.string('Escribe una ciudad o una dirección.').trim().min(2, 'Escribe una ciudad o una dirección.').max(200, 'El texto de búsqueda es demasiado largo.'),
});
export const locatedAreaSchema = z.object({ label: z.string(), lat: z.number(), lng: z.number() });
export const locateResponseSchema = z.object({ results: z.array(locatedAreaSchema) });
export type LocatedArea = z.infer<typeof locatedAreaSchema>;

/** GET /api/places/details: what the wizard needs to lay out the grid before the place is created. */
export const placeDetailsQuerySchema = z.object({
  placeId: z.string(PLACE_DATA_MISSING_EARLY).trim().min(1, PLACE_DATA_MISSING_EARLY).max(300, PLACE_DATA_MISSING_EARLY),
  sessionToken: z.string().max(100, 'Token de sesión no válido.').optional(),
});
export const placePreviewSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string(),
  /** Null for a service-area business: the user picks the grid's centre. */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  rating: z.number().nullable(),
  totalReviews: z.number().int(),
  serviceArea: z.boolean(),
});
export type PlacePreview = z.infer<typeof placePreviewSchema>;

/** POST /api/place. center is required for service-area businesses (no address point). */
export const createPlaceRequestSchema = z.object({
  // Optional here so that a missing one gets the seed's exact message from the service.
  googlePlaceId: z.string(PLACE_DATA_MISSING).max(300, PLACE_DATA_MISSING).optional(),
  matrixConfig: placeMatrixConfigSchema.optional(),
  center: z.object({ lat: latitudeSchema, lng: longitudeSchema }).optional(),
  sessionToken: z.string().max(100, 'Token de sesión no válido.').optional(),
  /** The client the new business is grouped under (docs/decisions.md §25.1); null or absent: none. */
  clientId: z.string(CLIENT_NOT_FOUND).max(100, CLIENT_NOT_FOUND).nullable().optional(),
  /**
   * Whether the weekly scan starts on. The wizard sends it (unticked by default: a plan paid in
   * credits never starts spending silently, docs/decisions.md §29.5); left out, it is on, as before.
   * Business-owner plans always have it on: their weekly scan is part of the plan and costs nothing.
   */
  weeklyScans: z.boolean('weeklyScans debe ser true o false.').optional(),
});
export type CreatePlaceRequest = z.infer<typeof createPlaceRequestSchema>;
export const createPlaceResponseSchema = z.object({ _id: z.string() });

export const placeIdParamsSchema = z.object({ id: z.string().max(100, 'Lugar no encontrado.') });
export const placeQuerySchema = z.object({ withKeywords: z.enum(['true', 'false'], 'withKeywords debe ser true o false.').optional() });

export const updateMatrixRequestSchema = placeMatrixConfigSchema;
export const activePlaceRequestSchema = z.object({ placeId: z.string('Falta el lugar.').min(1, 'Falta el lugar.').max(100, 'Lugar no encontrado.') });

/**
 * PUT /api/place/:id/schedule: {rankDay, rankHour, ai?} or {weeklyScans}. `ai` is the weekly
 * scan's AI visibility (docs/decisions.md §31.16): the campaign's own fields and 400s; null turns
 * it off, absent leaves it as it is.
 */
export const scheduleRequestSchema = z.union(
  [
    z.object({
      rankDay: z.number('El día debe estar entre 0 (domingo) y 6 (sábado).').int('El día debe estar entre 0 (domingo) y 6 (sábado).').min(0, 'El día debe estar entre 0 (domingo) y 6 (sábado).').max(6, 'El día debe estar entre 0 (domingo) y 6 (sábado).'),
      rankHour: z.number('La hora debe estar entre 0 y 23.').int('La hora debe estar entre 0 y 23.').min(0, 'La hora debe estar entre 0 y 23.').max(23, 'La hora debe estar entre 0 y 23.'),
      ai: campaignAiSchema.nullable().optional(),
    }).strict(),
    z.object({ weeklyScans: z.boolean('weeklyScans debe ser true o false.') }).strict(),
  ],
  'Indica rankDay y rankHour, o weeklyScans.',
);
export type ScheduleRequest = z.infer<typeof scheduleRequestSchema>;

/** POST /api/place/:id/schedule/ai-quote: what the weekly scan's AI visibility would cost a round, at these settings. */
export const weeklyAiQuoteRequestSchema = z.object({ ai: campaignAiSchema }, 'Indica los motores, la cuadrícula y las muestras.').strict();
export type WeeklyAiQuoteRequest = z.input<typeof weeklyAiQuoteRequestSchema>;
/** The server's figures (docs/decisions.md §31.16): one AI analysis per keyword of the place each round. */
export const weeklyAiQuoteSchema = z.object({
  keywords: z.number().int(),
  /** Credits one keyword's AI analysis reserves. */
  keywordCredits: z.number().int(),
  /** Credits a round's AI analyses reserve, all keywords. */
  roundAiCredits: z.number().int(),
  /** Those credits in euros, at the extra credits' price. */
  euros: z.number(),
});
export type WeeklyAiQuote = z.infer<typeof weeklyAiQuoteSchema>;

/** A two-letter market code: trimmed, at most 2 characters, written as `normalise` writes it, then one `isKnown` knows. */
function marketCodeSchema(key: ValidationKey, normalise: (code: z.ZodString) => z.ZodString, isKnown: (code: string) => boolean) {
  return normalise(z.string(v(key)).trim().max(2, v(key))).refine(isKnown, v(key));
}

/** A market country: an ISO 3166-1 alpha-2 code, in either case ('pt' is PT). */
export const countryCodeSchema = marketCodeSchema('marketCountryInvalid', (code) => code.toUpperCase(), isCountryCode);

/** A search language: one of SEARCH_LANGUAGES (ISO 639-1), in either case. */
export const searchLanguageSchema = marketCodeSchema('marketLanguageInvalid', (code) => code.toLowerCase(), isSearchLanguage);

/**
 * PUT /api/place/:id/market (docs/product.md §7): the country and language the place's searches
 * are made in. Without a language, the country's main one (docs/decisions.md §21.3).
 */
export const marketRequestSchema = z.object({
  countryCode: countryCodeSchema,
  searchLanguage: searchLanguageSchema.optional(),
});
export type MarketRequest = z.input<typeof marketRequestSchema>;

/** A place as the client reads it (docs/product.md §3). */
export const placeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string(),
  mainPhoto: z.string().nullable(),
  googlePlaceId: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
  rating: z.number().nullable(),
  totalReviews: z.number().int(),
  createdAt: z.string(),
  matrixConfig: z.object({ gridSize: z.number().int(), radius: z.number().int(), coordinates: z.object({ lat: z.number(), lng: z.number() }) }),
  /** gridSize × gridSize, [row][col]; sea or invalid points are null. */
  coordinatesMatrix: z.array(z.array(matrixCellSchema)),
  weeklyScans: z.boolean(),
  rankDay: z.number().int(),
  rankHour: z.number().int(),
  scheduleDefault: z.boolean(),
  /** The weekly scan's AI visibility (docs/decisions.md §31.16): engines, grid and samples, or null when off. */
  weeklyAi: z.object({ engines: z.array(z.enum(AI_ENGINE_ID_VALUES)), gridSize: z.number().int(), samples: z.number().int() }).nullable(),
  timeZone: z.string(),
  serviceArea: z.boolean(),
  /** The market (docs/decisions.md §21.3): the country searched in, ISO 3166-1 alpha-2 ('ES'). */
  countryCode: z.string(),
  /** The market's search language, ISO 639-1 ('es'). The interface stays in Spanish. */
  searchLanguage: z.string(),
  keywords: z.array(z.object({ _id: z.string(), name: z.string(), figures: cardFiguresSchema.optional() })).optional(),
  /** The client it is grouped under (docs/decisions.md §25.1), null without one. */
  client: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  /** Its keywords' latest figures: the mean GeoRank and change over those scanned, and the last scan's date. */
  figures: cardFiguresSchema.optional(),
});
export type Place = z.infer<typeof placeSchema>;
export const placeListResponseSchema = z.array(placeSchema);
export const activePlaceResponseSchema = z.object({ activePlaceId: z.string().nullable() });
