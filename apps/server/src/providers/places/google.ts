import { type LocatedArea, type PlaceDetails, PlaceNotFoundError, type PlaceSuggestion, type PlacesProvider, PlacesUnavailableError } from './interface';

/**
 * The smallest field mask covering what a place stores (Place Details, Places API New). The
 * request is billed at its highest field's SKU: rating and userRatingCount already make it
 * Place Details Enterprise, so googleMapsUri (Pro, carrying "?cid=") costs nothing more
 * (https://developers.google.com/maps/billing-and-pricing/sku-details/places; docs/decisions.md §21.1), and
 * websiteUri (Enterprise) neither (docs/decisions.md §31.12).
 */
export const DETAILS_FIELD_MASK = 'id,displayName,formattedAddress,location,rating,userRatingCount,photos,addressComponents,pureServiceAreaBusiness,googleMapsUri,websiteUri';
/** Text Search for a service area's centre: only what the list and the map need. */
const LOCATE_FIELD_MASK = 'places.displayName,places.formattedAddress,places.location';

interface GoogleAutocompleteResponse {
  suggestions?: {
    placePrediction?: {
      placeId?: string;
      text?: { text?: string };
      structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
    };
  }[];
}

interface GooglePlace {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  location?: { latitude?: number; longitude?: number };
  rating?: number;
  userRatingCount?: number;
  photos?: { name?: string }[];
  addressComponents?: { shortText?: string; types?: string[] }[];
  pureServiceAreaBusiness?: boolean;
  /** "https://maps.google.com/?cid=NNN": Google's customer id rides in the query. */
  googleMapsUri?: string;
  /** The business's own website, when it has one. */
  websiteUri?: string;
}

/** An http(s) website, or null: anything else Google might hold is not a site a domain can be read from. */
export function websiteOf(uri: string | undefined): string | null {
  if (!uri) return null;
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString().slice(0, 500) : null;
  } catch {
    return null;
  }
}

/** The cid of a googleMapsUri ("https://maps.google.com/?cid=11469874601539750769"), or null. */
export function cidOfMapsUri(uri: string | undefined): string | null {
  if (!uri) return null;
  try {
    const cid = new URL(uri).searchParams.get('cid');
    return cid && /^\d{1,20}$/.test(cid) ? cid : null;
  } catch {
    return null;
  }
}

interface GoogleError {
  error?: { code?: number; message?: string; status?: string };
}

/** Places API (New) over fetch: autocomplete and details, both billed as one session. */
export function createGooglePlacesProvider(opts: { apiKey: string; baseUrl: string }): PlacesProvider {
  const base = opts.baseUrl.replace(/\/$/, '');

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      throw new PlacesUnavailableError(`Google Places no responde: ${(err as Error).message}`);
    }
  }

  async function errorOf(res: Response): Promise<string> {
    const body = (await res.json().catch(() => ({}))) as GoogleError;
    return body.error?.message ?? `HTTP ${res.status}`;
  }

  return {
    name: 'google',
    async autocomplete(input, sessionToken) {
      const res = await call(`${base}/v1/places:autocomplete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Goog-Api-Key': opts.apiKey },
        // Any country (docs/decisions.md §21.3); 'es' only labels the suggestions in the interface language.
        body: JSON.stringify({ input, sessionToken, includePureServiceAreaBusinesses: true, languageCode: 'es' }),
      });
      if (!res.ok) throw new PlacesUnavailableError(`Google Places autocomplete: ${await errorOf(res)}`);
      const body = (await res.json()) as GoogleAutocompleteResponse;
      const out: PlaceSuggestion[] = [];
      for (const s of body.suggestions ?? []) {
        const p = s.placePrediction;
        if (!p?.placeId) continue;
        out.push({
          placeId: p.placeId,
          name: p.structuredFormat?.mainText?.text ?? p.text?.text ?? '',
          address: p.structuredFormat?.secondaryText?.text ?? '',
        });
      }
      return out;
    },
    // Text Search finds cities and street addresses as well as businesses.
    async locate(input) {
      const res = await call(`${base}/v1/places:searchText`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Goog-Api-Key': opts.apiKey, 'X-Goog-FieldMask': LOCATE_FIELD_MASK },
        body: JSON.stringify({ textQuery: input, languageCode: 'es', pageSize: 5 }),
      });
      if (!res.ok) throw new PlacesUnavailableError(`Google Places text search: ${await errorOf(res)}`);
      const body = (await res.json()) as { places?: GooglePlace[] };
      const out: LocatedArea[] = [];
      for (const p of body.places ?? []) {
        const lat = p.location?.latitude;
        const lng = p.location?.longitude;
        if (typeof lat !== 'number' || typeof lng !== 'number') continue;
        out.push({ label: p.formattedAddress ?? p.displayName?.text ?? '', lat, lng });
      }
      return out.slice(0, 5);
    },
    async details(placeId, sessionToken) {
      const qs = sessionToken ? `?sessionToken=${encodeURIComponent(sessionToken)}` : '';
      const res = await call(`${base}/v1/places/${encodeURIComponent(placeId)}${qs}`, {
        method: 'GET',
        headers: { 'X-Goog-Api-Key': opts.apiKey, 'X-Goog-FieldMask': DETAILS_FIELD_MASK, 'Accept-Language': 'es' },
      });
      if (res.status === 404 || res.status === 400) throw new PlaceNotFoundError(`No se ha encontrado el negocio en Google: ${await errorOf(res)}`);
      if (!res.ok) throw new PlacesUnavailableError(`Google Places details: ${await errorOf(res)}`);
      const p = (await res.json()) as GooglePlace;
      const country = p.addressComponents?.find((c) => c.types?.includes('country'))?.shortText ?? null;
      const lat = p.location?.latitude;
      const lng = p.location?.longitude;
      const photo = p.photos?.[0]?.name;
      const details: PlaceDetails = {
        placeId: p.id ?? placeId,
        name: p.displayName?.text ?? '',
        address: p.formattedAddress ?? '',
        lat: typeof lat === 'number' ? lat : null,
        lng: typeof lng === 'number' ? lng : null,
        rating: typeof p.rating === 'number' ? p.rating : null,
        totalReviews: p.userRatingCount ?? 0,
        // The photo's media URL needs the key; the API serves it through its own proxy later.
        mainPhoto: photo ? `${base}/v1/${photo}/media?maxWidthPx=400` : null,
        countryCode: country,
        cid: cidOfMapsUri(p.googleMapsUri),
        website: websiteOf(p.websiteUri),
        serviceArea: p.pureServiceAreaBusiness === true || typeof lat !== 'number',
      };
      return details;
    },
  };
}
