import { z } from 'zod';
import {
  MapsSearchFatalError,
  type MapsSearchItem,
  type MapsSearchProvider,
  type MapsSearchRequest,
  MapsSearchRetryableError,
} from './interface';
import { DEFAULT_TIMEOUT_MS, callVendor, parseJson, retryAfterSeconds } from './vendor-http';

// DataForSEO Google Maps SERP, live mode, advanced results:
// https://docs.dataforseo.com/v3/serp/google/maps/live/advanced/
// One task per call; the search stands at location_coordinate "lat,lng,zoomz".

export const DATAFORSEO_LIVE_PATH = '/v3/serp/google/maps/live/advanced';
/** Results asked for: the 20 organic positions we rank (billing is per SERP of up to 100). */
export const DATAFORSEO_DEPTH = 20;
const VENDOR = 'DataForSEO';

export interface DataForSeoOptions {
  login: string;
  password: string;
  baseUrl: string;
  /** Defaults to 30 s; a live Maps SERP takes a few seconds. */
  timeoutMs?: number;
}

// The documented envelope. Items are read one by one, so that one odd item does not sink the rest.
const envelopeSchema = z.object({
  status_code: z.number(),
  status_message: z.string().nullish(),
  tasks: z
    .array(
      z.object({
        status_code: z.number(),
        status_message: z.string().nullish(),
        cost: z.number().nullish(),
        result: z.array(z.object({ items: z.array(z.unknown()).nullish() })).nullish(),
      }),
    )
    .nullish(),
});

const itemSchema = z.object({
  type: z.string(),
  rank_group: z.number().nullish(),
  rank_absolute: z.number().nullish(),
  title: z.string().nullish(),
  address: z.string().nullish(),
  rating: z.object({ value: z.number().nullish(), votes_count: z.number().nullish(), rating_max: z.number().nullish() }).nullish(),
  place_id: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  category: z.string().nullish(),
  additional_categories: z.array(z.string()).nullish(),
});
type DataForSeoItem = z.infer<typeof itemSchema>;

/** Internal status codes (https://docs.dataforseo.com/v3/appendix/errors/) that a later try can get past. */
const RETRYABLE_CODES = new Set([
  40101, // Internal SE Server Error: the search engine failed this time
  40202, // the rate limit per minute has been exceeded
]);
const NO_RESULTS = 40102;
const OK = 20000;

/** "lat,lng,zoomz": at most 7 decimals and a zoom from 3 to 21, as documented. */
export function locationCoordinate(lat: number, lng: number, zoom: number): string {
  const z = Math.min(21, Math.max(3, Math.round(Number.isFinite(zoom) ? zoom : 13)));
  return `${Number(lat.toFixed(7))},${Number(lng.toFixed(7))},${z}z`;
}

function taskError(code: number, vendorMessage: string, retryAfter: number | undefined): Error {
  const detail = `(${code}${vendorMessage ? `: ${vendorMessage}` : ''})`;
  if (RETRYABLE_CODES.has(code) || code >= 50000) {
    const why = code === 40202 ? 'ha limitado las peticiones por minuto' : 'ha tenido un error temporal';
    return new MapsSearchRetryableError(`${VENDOR} ${why} ${detail}.`, retryAfter);
  }
  if (code === 40100) return new MapsSearchFatalError(`${VENDOR} ha rechazado las credenciales: revisa DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD ${detail}.`);
  if (code === 40200 || code === 40210) return new MapsSearchFatalError(`${VENDOR} no ha podido cobrar la búsqueda: revisa el saldo de la cuenta ${detail}.`);
  if (code === 40201) return new MapsSearchFatalError(`${VENDOR} ha bloqueado la cuenta temporalmente ${detail}.`);
  if (code === 40203) return new MapsSearchFatalError(`${VENDOR} ha alcanzado el límite de gasto configurado en la cuenta ${detail}.`);
  return new MapsSearchFatalError(`${VENDOR} ha rechazado la búsqueda ${detail}.`);
}

function httpError(status: number, body: unknown, retryAfter: number | undefined): Error {
  const parsed = envelopeSchema.safeParse(body);
  const detail = parsed.success ? `${parsed.data.status_code}: ${parsed.data.status_message ?? ''}` : `HTTP ${status}`;
  if (status === 429 || status >= 500) return new MapsSearchRetryableError(`${VENDOR} no está disponible ahora mismo (${detail}).`, retryAfter);
  if (status === 401) return new MapsSearchFatalError(`${VENDOR} ha rechazado las credenciales: revisa DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD (${detail}).`);
  if (status === 402) return new MapsSearchFatalError(`${VENDOR} no ha podido cobrar la búsqueda: revisa el saldo de la cuenta (${detail}).`);
  return new MapsSearchFatalError(`${VENDOR} ha rechazado la petición (${detail}).`);
}

function toItem(item: DataForSeoItem, position: number): MapsSearchItem {
  const r = item.rating;
  // Ratings come on the scale rating_max says (5 for Maps); we keep stars out of 5.
  const rating = typeof r?.value === 'number' ? (r.rating_max && r.rating_max !== 5 ? (r.value * 5) / r.rating_max : r.value) : null;
  const hasPoint = typeof item.latitude === 'number' && typeof item.longitude === 'number';
  return {
    position,
    name: item.title ?? '',
    address: item.address ?? '',
    rating,
    userRatingCount: r?.votes_count ?? 0,
    placeId: item.place_id ?? null,
    location: hasPoint ? { latitude: item.latitude!, longitude: item.longitude! } : null,
    categories: [item.category, ...(item.additional_categories ?? [])].filter((c): c is string => typeof c === 'string' && c.length > 0),
    isAd: item.type === 'maps_paid_item',
  };
}

/** Items of one type in rank_group order, numbered 1..n (rank_group is already that for Maps). */
function ranked(items: DataForSeoItem[], type: string, limit: number): MapsSearchItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.type === type)
    .sort((a, b) => (a.item.rank_group ?? a.index + 1) - (b.item.rank_group ?? b.index + 1) || a.index - b.index)
    .slice(0, limit)
    .map(({ item }, i) => toItem(item, i + 1));
}

export function createDataForSeoProvider(opts: DataForSeoOptions, fetchImpl: typeof fetch = fetch): MapsSearchProvider {
  const url = `${opts.baseUrl.replace(/\/$/, '')}${DATAFORSEO_LIVE_PATH}`;
  const authorization = `Basic ${Buffer.from(`${opts.login}:${opts.password}`).toString('base64')}`;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: 'dataforseo',
    async search(request: MapsSearchRequest, signal?: AbortSignal) {
      const task = {
        keyword: request.query,
        location_coordinate: locationCoordinate(request.lat, request.lng, request.zoom),
        language_code: request.languageCode,
        depth: DATAFORSEO_DEPTH,
        device: 'desktop',
      };
      const answer = await callVendor(
        VENDOR,
        fetchImpl,
        url,
        { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify([task]) },
        timeoutMs,
        signal,
      );
      const retryAfter = retryAfterSeconds(answer.headers);
      const body = parseJson(answer.text);
      if (answer.status < 200 || answer.status >= 300) throw httpError(answer.status, body, retryAfter);

      const envelope = envelopeSchema.safeParse(body);
      if (!envelope.success) throw new MapsSearchFatalError(`${VENDOR} ha devuelto una respuesta que no se puede leer.`);
      const { status_code, status_message, tasks } = envelope.data;
      if (status_code !== OK) throw taskError(status_code, status_message ?? '', retryAfter);
      const first = tasks?.[0];
      if (!first) throw new MapsSearchFatalError(`${VENDOR} ha respondido sin la tarea enviada.`);
      if (first.status_code === NO_RESULTS) return { organic: [], ads: [], costUsd: first.cost ?? 0 };
      if (first.status_code !== OK) throw taskError(first.status_code, first.status_message ?? '', retryAfter);

      const items: DataForSeoItem[] = [];
      for (const raw of first.result?.[0]?.items ?? []) {
        const parsed = itemSchema.safeParse(raw);
        if (parsed.success) items.push(parsed.data);
      }
      return { organic: ranked(items, 'maps_search', DATAFORSEO_DEPTH), ads: ranked(items, 'maps_paid_item', Infinity), costUsd: first.cost ?? 0 };
    },
  };
}
