import { z } from 'zod';
import { MapsSearchFatalError, type MapsSearchItem, type MapsSearchRequest, type MapsSearchResult, MapsSearchRetryableError } from './interface';
import { type VendorAnswer, parseJson, retryAfterSeconds } from './vendor-http';

// What the DataForSEO adapters (live and standard queue) share: the documented envelope, the
// SERP items, and the status codes. Field by field from
// https://docs.dataforseo.com/v3/serp/google/maps/live/advanced/ and
// https://docs.dataforseo.com/v3/serp/google/maps/task_get/advanced/ (same result shape);
// status codes from https://docs.dataforseo.com/v3/appendix/errors/.

export const VENDOR = 'DataForSEO';
/** Organic results we rank; Google Maps on a phone shows 20 per SERP (the live docs' `device` note). */
export const DATAFORSEO_DEPTH = 20;

/** Called for each item the adapter skips, with why; the provider index logs it. */
export type OddItemHook = (item: unknown, reason: string) => void;

const taskSchema = z.object({
  id: z.string().nullish(),
  status_code: z.number(),
  status_message: z.string().nullish(),
  cost: z.number().nullish(),
  // "contains the same parameters that you specified in the POST request": our tag comes back here.
  data: z.object({ tag: z.string().nullish() }).passthrough().nullish(),
  result: z.array(z.unknown()).nullish(),
});
export type DataForSeoTask = z.infer<typeof taskSchema>;

export const envelopeSchema = z.object({
  status_code: z.number(),
  status_message: z.string().nullish(),
  cost: z.number().nullish(),
  tasks: z.array(taskSchema).nullish(),
});
type Envelope = z.infer<typeof envelopeSchema>;

const serpSchema = z.object({ items: z.array(z.unknown()).nullish() });

const itemSchema = z.object({
  type: z.string(),
  rank_group: z.number().int().positive(),
  title: z.string().nullish(),
  domain: z.string().nullish(),
  address: z.string().nullish(),
  // rating_max is documented as an integer but comes back null on Max5 ratings (the docs' own example).
  rating: z
    .object({ rating_type: z.string().nullish(), value: z.number().nullish(), votes_count: z.number().nullish(), rating_max: z.number().nullish() })
    .nullish(),
  place_id: z.string().nullish(),
  cid: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  category: z.string().nullish(),
  additional_categories: z.array(z.string()).nullish(),
});
type DataForSeoItem = z.infer<typeof itemSchema>;

export const OK = 20000;
export const TASK_CREATED = 20100;
export const NO_RESULTS = 40102;
/** Standard queue: the task is not done yet (40601 "Task Handed.", 40602 "Task In Queue."). */
export const PENDING_CODES = new Set([TASK_CREATED, 40601, 40602]);

/** Internal status codes that a later try can get past. */
const RETRYABLE_CODES = new Set([
  40101, // Internal SE Server Error: the search engine failed this time (billed, per the help centre)
  40202, // the rate limit per minute has been exceeded
]);

export const isRetryableCode = (code: number) => RETRYABLE_CODES.has(code) || code >= 50000;

export function taskError(code: number, vendorMessage: string, retryAfter: number | undefined, costUsd = 0): Error {
  const detail = `(${code}${vendorMessage ? `: ${vendorMessage}` : ''})`;
  if (isRetryableCode(code)) {
    const why = code === 40202 ? 'ha limitado las peticiones por minuto' : 'ha tenido un error temporal';
    return new MapsSearchRetryableError(`${VENDOR} ${why} ${detail}.`, retryAfter, costUsd);
  }
  if (code === 40100) return new MapsSearchFatalError(`${VENDOR} ha rechazado las credenciales: revisa DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD ${detail}.`, costUsd);
  if (code === 40200 || code === 40210) return new MapsSearchFatalError(`${VENDOR} no ha podido cobrar la búsqueda: revisa el saldo de la cuenta ${detail}.`, costUsd);
  if (code === 40201) return new MapsSearchFatalError(`${VENDOR} ha bloqueado la cuenta temporalmente ${detail}.`, costUsd);
  if (code === 40203) return new MapsSearchFatalError(`${VENDOR} ha alcanzado el límite de gasto configurado en la cuenta ${detail}.`, costUsd);
  return new MapsSearchFatalError(`${VENDOR} ha rechazado la búsqueda ${detail}.`, costUsd);
}

function httpError(status: number, body: unknown, retryAfter: number | undefined): Error {
  const parsed = envelopeSchema.safeParse(body);
  const detail = parsed.success ? `${parsed.data.status_code}: ${parsed.data.status_message ?? ''}` : `HTTP ${status}`;
  const cost = parsed.success ? (parsed.data.cost ?? 0) : 0;
  if (status === 429 || status >= 500) return new MapsSearchRetryableError(`${VENDOR} no está disponible ahora mismo (${detail}).`, retryAfter, cost);
  if (status === 401) return new MapsSearchFatalError(`${VENDOR} ha rechazado las credenciales: revisa DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD (${detail}).`, cost);
  if (status === 402) return new MapsSearchFatalError(`${VENDOR} no ha podido cobrar la búsqueda: revisa el saldo de la cuenta (${detail}).`, cost);
  return new MapsSearchFatalError(`${VENDOR} ha rechazado la petición (${detail}).`, cost);
}

/** The envelope of a 2xx answer whose own status is Ok; anything else is thrown as the error it is. */
export function readEnvelope(answer: VendorAnswer): { envelope: Envelope; retryAfter: number | undefined } {
  const retryAfter = retryAfterSeconds(answer.headers);
  const body = parseJson(answer.text);
  if (answer.status < 200 || answer.status >= 300) throw httpError(answer.status, body, retryAfter);
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success) throw new MapsSearchFatalError(`${VENDOR} ha devuelto una respuesta que no se puede leer.`);
  const { status_code, status_message, cost } = parsed.data;
  if (status_code !== OK) throw taskError(status_code, status_message ?? '', retryAfter, cost ?? 0);
  return { envelope: parsed.data, retryAfter };
}

function toItem(item: DataForSeoItem): MapsSearchItem {
  const r = item.rating;
  // Stars out of 5: rating_max rescales other scales; null or 5 means the value already is.
  const rating = typeof r?.value === 'number' ? (r.rating_max && r.rating_max !== 5 ? (r.value * 5) / r.rating_max : r.value) : null;
  const hasPoint = typeof item.latitude === 'number' && typeof item.longitude === 'number';
  return {
    // The vendor's own rank: never renumbered, so a dropped item leaves a gap rather than promoting the rest.
    position: item.rank_group,
    name: item.title ?? '',
    address: item.address ?? '',
    rating,
    userRatingCount: r?.votes_count ?? 0,
    placeId: item.place_id ?? null,
    location: hasPoint ? { latitude: item.latitude!, longitude: item.longitude! } : null,
    categories: [item.category, ...(item.additional_categories ?? [])].filter((c): c is string => typeof c === 'string' && c.length > 0),
    isAd: item.type === 'maps_paid_item',
    cid: item.cid ?? null,
    domain: item.domain ?? null,
  };
}

const TYPES = new Set(['maps_search', 'maps_paid_item']);

/**
 * The organic results and the ads of one finished task, each in rank_group order. An item of
 * an unknown type, or without a readable rank, is skipped and reported; the others keep
 * their rank_group. Organic results past DATAFORSEO_DEPTH are left out.
 */
export function readSerp(task: DataForSeoTask, onOddItem: OddItemHook): Omit<MapsSearchResult, 'costUsd'> {
  const serp = serpSchema.safeParse(task.result?.[0] ?? {});
  const raw = serp.success ? (serp.data.items ?? []) : [];
  const organic: MapsSearchItem[] = [];
  const ads: MapsSearchItem[] = [];
  const seen = new Set<string>();
  for (const candidate of raw) {
    const parsed = itemSchema.safeParse(candidate);
    if (!parsed.success) {
      onOddItem(candidate, `elemento ilegible: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(raíz)'} ${i.message}`).join('; ')}`);
      continue;
    }
    const item = parsed.data;
    if (!TYPES.has(item.type)) {
      onOddItem(candidate, `tipo de elemento desconocido: ${item.type}`);
      continue;
    }
    const key = `${item.type}:${item.rank_group}`;
    if (seen.has(key)) {
      onOddItem(candidate, `posición repetida: ${item.type} ${item.rank_group}`);
      continue;
    }
    seen.add(key);
    if (item.type === 'maps_paid_item') ads.push(toItem(item));
    else if (item.rank_group <= DATAFORSEO_DEPTH) organic.push(toItem(item));
  }
  const byRank = (a: MapsSearchItem, b: MapsSearchItem) => a.position - b.position;
  return { organic: organic.sort(byRank), ads: ads.sort(byRank) };
}

/**
 * One task as both the live endpoint and task_post take it: a phone (Android, the documented
 * default OS for mobile) standing at the point, with "search places" off so that a local
 * query is not answered for another place (the parameter's own note).
 */
export function taskBody(request: MapsSearchRequest): Record<string, unknown> {
  return {
    keyword: request.query,
    location_coordinate: locationCoordinate(request.lat, request.lng, request.zoom),
    language_code: request.languageCode,
    depth: DATAFORSEO_DEPTH,
    device: 'mobile',
    os: 'android',
    search_places: false,
    ...(request.tag ? { tag: request.tag.slice(0, 255) } : {}),
  };
}

/** "lat,lng,zoomz": at most 7 decimals and a zoom from 3 to 21, as documented. */
export function locationCoordinate(lat: number, lng: number, zoom: number): string {
  const z = Math.min(21, Math.max(3, Math.round(Number.isFinite(zoom) ? zoom : 13)));
  return `${Number(lat.toFixed(7))},${Number(lng.toFixed(7))},${z}z`;
}
