import { z } from 'zod';
import {
  MapsSearchFatalError,
  type MapsSearchItem,
  type MapsSearchProvider,
  type MapsSearchRequest,
  MapsSearchRetryableError,
} from './interface';
import { DEFAULT_TIMEOUT_MS, callVendor, parseJson, retryAfterSeconds } from './vendor-http';

// Places API (New) Text Search: https://developers.google.com/maps/documentation/places/web-service/text-search
// The point is a location bias (a circle), not a restriction, and Text Search never returns ads.

export const SEARCH_TEXT_PATH = '/v1/places:searchText';
/**
 * The fields a ranking needs, and no more: a request is billed at the highest SKU among the
 * fields it asks for (https://developers.google.com/maps/billing-and-pricing/sku-details/places).
 * All of these are Text Search Pro; rating and userRatingCount would raise every call to
 * Text Search Enterprise, so they are left out and screens show "—" (docs/decisions.md §21.1).
 */
export const SEARCH_TEXT_FIELD_MASK = ['places.id', 'places.displayName', 'places.formattedAddress', 'places.location', 'places.types', 'places.primaryTypeDisplayName'].join(',');
/** Text Search's page size ceiling (documented maximum 20). */
export const SEARCH_TEXT_PAGE_SIZE = 20;
const VENDOR = 'Google Places';

export interface GooglePlacesSearchOptions {
  apiKey: string;
  baseUrl: string;
  /** Defaults to 30 s. */
  timeoutMs?: number;
}

const placeSchema = z.object({
  id: z.string().nullish(),
  displayName: z.object({ text: z.string().nullish() }).nullish(),
  formattedAddress: z.string().nullish(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullish(),
  types: z.array(z.string()).nullish(),
  primaryTypeDisplayName: z.object({ text: z.string().nullish() }).nullish(),
});
// Google leaves `places` out altogether when nothing matches.
const responseSchema = z.object({ places: z.array(z.unknown()).nullish() });

// google.rpc.Status as Google APIs send it: {error: {code, message, status, details[]}}.
const errorSchema = z.object({
  error: z.object({
    code: z.number().nullish(),
    message: z.string().nullish(),
    status: z.string().nullish(),
    details: z.array(z.object({ '@type': z.string().nullish(), reason: z.string().nullish(), retryDelay: z.string().nullish() })).nullish(),
  }),
});

/** Types every place carries; they say nothing about what the business is. */
const GENERIC_TYPES = new Set(['point_of_interest', 'establishment']);

/**
 * The bias circle: half the width of a 512-pixel map at this zoom (Web Mercator metres per
 * pixel), within the documented 0 to 50 000 m. At zoom 13 in Spain that is about 4 km.
 */
export function biasRadiusMeters(lat: number, zoom: number): number {
  const z = Number.isFinite(zoom) ? zoom : 13;
  const metresPerPixel = (156_543.03392 * Math.cos((lat * Math.PI) / 180)) / Math.pow(2, z);
  return Math.round(Math.min(50_000, Math.max(100, 256 * metresPerPixel)));
}

function googleError(status: number, body: unknown, headerRetryAfter: number | undefined): Error {
  const parsed = errorSchema.safeParse(body);
  const err = parsed.success ? parsed.data.error : undefined;
  const detail = `(${[status, err?.status, err?.message].filter(Boolean).join(' ')})`;
  const reasons = (err?.details ?? []).map((d) => d.reason).filter(Boolean);
  if (status === 429 || err?.status === 'RESOURCE_EXHAUSTED') {
    // Google states its wait in a RetryInfo detail ("41s") more often than in a header.
    const delay = err?.details?.map((d) => d.retryDelay).find((d) => d && /^\d+(\.\d+)?s$/.test(d));
    const retryAfter = headerRetryAfter ?? (delay ? Math.ceil(Number(delay.slice(0, -1))) : undefined);
    return new MapsSearchRetryableError(`${VENDOR} ha agotado la cuota de peticiones ${detail}.`, retryAfter);
  }
  if (status >= 500) return new MapsSearchRetryableError(`${VENDOR} no está disponible ahora mismo ${detail}.`, headerRetryAfter);
  if (reasons.includes('API_KEY_INVALID')) return new MapsSearchFatalError(`${VENDOR} no acepta la clave de API: revisa GOOGLE_MAPS_API_KEY ${detail}.`);
  if (status === 401 || status === 403) return new MapsSearchFatalError(`${VENDOR} ha denegado el acceso: comprueba que la clave tiene activada Places API (New) ${detail}.`);
  return new MapsSearchFatalError(`${VENDOR} ha rechazado la búsqueda ${detail}.`);
}

function toItem(raw: z.infer<typeof placeSchema>, position: number): MapsSearchItem {
  const label = raw.primaryTypeDisplayName?.text;
  const types = (raw.types ?? []).filter((t) => !GENERIC_TYPES.has(t));
  return {
    position,
    name: raw.displayName?.text ?? '',
    address: raw.formattedAddress ?? '',
    // Enterprise fields, not asked for: unknown rather than zero stars.
    rating: null,
    userRatingCount: 0,
    placeId: raw.id ?? null,
    location: raw.location ? { latitude: raw.location.latitude, longitude: raw.location.longitude } : null,
    // The localised label first (what a user reads), then Google's type ids.
    categories: label ? [label, ...types] : types,
    isAd: false,
  };
}

/** List price of one Text Search Pro call ($32 per 1,000 at the first volume tier); Google sends no cost field. */
export const SEARCH_TEXT_PRICE_USD = 0.032;

export function createGooglePlacesSearchProvider(opts: GooglePlacesSearchOptions, fetchImpl: typeof fetch = fetch): MapsSearchProvider {
  const url = `${opts.baseUrl.replace(/\/$/, '')}${SEARCH_TEXT_PATH}`;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: 'google-places',
    liveSearchPriceUsd: SEARCH_TEXT_PRICE_USD,
    async search(request: MapsSearchRequest, signal?: AbortSignal) {
      const body = {
        textQuery: request.query,
        locationBias: {
          circle: { center: { latitude: request.lat, longitude: request.lng }, radius: biasRadiusMeters(request.lat, request.zoom) },
        },
        pageSize: SEARCH_TEXT_PAGE_SIZE,
        // A plumber or a locksmith with no shop front ranks on Maps too: without this, Text Search leaves them out.
        includePureServiceAreaBusinesses: true,
        languageCode: request.languageCode,
        ...(request.regionCode ? { regionCode: request.regionCode } : {}),
      };
      const answer = await callVendor(
        VENDOR,
        fetchImpl,
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Goog-Api-Key': opts.apiKey, 'X-Goog-FieldMask': SEARCH_TEXT_FIELD_MASK },
          body: JSON.stringify(body),
        },
        timeoutMs,
        signal,
      );
      const json = parseJson(answer.text);
      if (answer.status < 200 || answer.status >= 300) throw googleError(answer.status, json, retryAfterSeconds(answer.headers));
      const parsed = responseSchema.safeParse(json);
      if (!parsed.success) throw new MapsSearchFatalError(`${VENDOR} ha devuelto una respuesta que no se puede leer.`);
      const organic: MapsSearchItem[] = [];
      for (const raw of parsed.data.places ?? []) {
        const place = placeSchema.safeParse(raw);
        if (place.success && organic.length < SEARCH_TEXT_PAGE_SIZE) organic.push(toItem(place.data, organic.length + 1));
      }
      return { organic, ads: [], costUsd: SEARCH_TEXT_PRICE_USD };
    },
  };
}
