import { afterAll, describe, expect, it } from 'vitest';
import { type FakeReply, type RecordedRequest, startFakeMapsVendor } from '../../../test/fake-maps-search';
import { SEARCH_TEXT_FIELD_MASK, SEARCH_TEXT_PATH, SEARCH_TEXT_PRICE_USD, biasRadiusMeters, createGooglePlacesSearchProvider } from './google-places';
import { MapsSearchFatalError, type MapsSearchRequest, MapsSearchRetryableError, MapsSearchTimeoutError } from './interface';

const request: MapsSearchRequest = { query: 'dentista', lat: 36.7213, lng: -4.4214, zoom: 13, languageCode: 'es', regionCode: 'ES' };
const ok: FakeReply = { fixture: 'google-search-text-dentista.json' };

describe('Places API (New) Text Search, against a local fake', async () => {
  const fake = await startFakeMapsVendor(() => ok);
  afterAll(() => fake.close());
  const provider = createGooglePlacesSearchProvider({ apiKey: 'clave-google', baseUrl: fake.baseUrl });
  const answering = (reply: FakeReply) => fake.setReply(() => reply);
  const lastRequest = (): RecordedRequest => fake.requests.at(-1)!;

  it('when searching, then it POSTs searchText with the key, a Text Search Pro field mask and a bias circle on the point', async () => {
    answering(ok);
    await provider.search(request);
    const req = lastRequest();
    expect(req.method).toBe('POST');
    expect(req.url).toBe(SEARCH_TEXT_PATH);
    expect(req.headers['x-goog-api-key']).toBe('clave-google');
    expect(req.headers['x-goog-fieldmask']).toBe(
      'places.id,places.displayName,places.formattedAddress,places.location,places.types,places.primaryTypeDisplayName',
    );
    expect(req.headers['x-goog-fieldmask']).toBe(SEARCH_TEXT_FIELD_MASK);
    expect(JSON.parse(req.body)).toEqual({
      textQuery: 'dentista',
      locationBias: { circle: { center: { latitude: 36.7213, longitude: -4.4214 }, radius: biasRadiusMeters(36.7213, 13) } },
      pageSize: 20,
      includePureServiceAreaBusinesses: true,
      languageCode: 'es',
      regionCode: 'ES',
    });
  });

  it('when the mask is built, then it asks for no Enterprise field (rating, userRatingCount) and each call costs the Pro list price', async () => {
    answering(ok);
    expect(SEARCH_TEXT_FIELD_MASK.split(',')).not.toContain('places.rating');
    expect(SEARCH_TEXT_FIELD_MASK.split(',')).not.toContain('places.userRatingCount');
    expect((await provider.search(request)).costUsd).toBe(0.032);
    expect(provider.liveSearchPriceUsd).toBe(SEARCH_TEXT_PRICE_USD);
  });

  it('when the region is unknown, then regionCode is left out', async () => {
    answering(ok);
    await provider.search({ ...request, regionCode: null });
    expect(JSON.parse(lastRequest().body)).not.toHaveProperty('regionCode');
  });

  it('when Google finds places, then they are organic in Google’s order with label and types, and never ads', async () => {
    answering(ok);
    const { organic, ads } = await provider.search(request);
    expect(ads).toEqual([]);
    expect(organic.map((o) => o.position)).toEqual([1, 2, 3]);
    expect(organic[1]).toEqual({
      position: 2,
      name: 'Clínica Dental Prime Málaga',
      address: 'P.º de Reding, 21, Distrito Este, 29016 Málaga, España',
      rating: null,
      userRatingCount: 0,
      placeId: 'ChIJb9dQ2jf3cg0R8M1fJpyJ3vE',
      location: { latitude: 36.7203, longitude: -4.4086 },
      categories: ['Clínica dental', 'dental_clinic', 'dentist', 'health'],
      isAd: false,
    });
  });

  it('when ratings are not asked for, then every place reads rating null (shown as "—") and 0 reviews', async () => {
    answering(ok);
    const { organic } = await provider.search(request);
    expect(organic.map((o) => [o.rating, o.userRatingCount])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
  });

  it('when nothing matches, then Google answers {} and the search is empty', async () => {
    answering({ fixture: 'google-search-text-empty.json' });
    await expect(provider.search(request)).resolves.toEqual({ organic: [], ads: [], costUsd: SEARCH_TEXT_PRICE_USD });
  });

  it('when the quota is exhausted (429 RESOURCE_EXHAUSTED), then the error is retryable and honours Retry-After', async () => {
    answering({ status: 429, fixture: 'google-error-resource-exhausted.json', headers: { 'retry-after': '12' } });
    const err = await provider.search(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MapsSearchRetryableError);
    expect(err).toMatchObject({ retryAfterSeconds: 12 });
    expect((err as Error).message).toMatch(/^Google Places ha agotado la cuota de peticiones \(429 RESOURCE_EXHAUSTED Quota exceeded/);
  });

  it('when a 429 carries a google.rpc.RetryInfo delay and no header, then that delay is the wait', async () => {
    answering({
      status: 429,
      raw: JSON.stringify({
        error: { code: 429, message: 'Resource has been exhausted.', status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '41s' }] },
      }),
    });
    await expect(provider.search(request)).rejects.toMatchObject({ name: 'MapsSearchRetryableError', retryAfterSeconds: 41 });
  });

  it('when Google fails internally (500), then the error is retryable', async () => {
    answering({ status: 500, fixture: 'google-error-internal.json' });
    await expect(provider.search(request)).rejects.toBeInstanceOf(MapsSearchRetryableError);
  });

  it('when the API key is invalid (400 API_KEY_INVALID), then the error is fatal and names the setting', async () => {
    answering({ status: 400, fixture: 'google-error-api-key-invalid.json' });
    const err = await provider.search(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MapsSearchFatalError);
    expect((err as Error).message).toMatch(/^Google Places no acepta la clave de API: revisa GOOGLE_MAPS_API_KEY/);
  });

  it('when the API is not enabled for the key (403 PERMISSION_DENIED), then the error is fatal', async () => {
    answering({ status: 403, fixture: 'google-error-permission-denied.json' });
    await expect(provider.search(request)).rejects.toThrow(/^Google Places ha denegado el acceso: comprueba que la clave tiene activada Places API \(New\) \(403 PERMISSION_DENIED/);
  });

  it('when a field is refused (400 INVALID_ARGUMENT), then the error is fatal', async () => {
    answering({ status: 400, fixture: 'google-error-invalid-argument.json' });
    await expect(provider.search(request)).rejects.toThrow(/^Google Places ha rechazado la búsqueda \(400 INVALID_ARGUMENT/);
  });

  it('when the answer is not JSON, then the error is fatal', async () => {
    answering({ raw: '{"places": [' });
    await expect(provider.search(request)).rejects.toThrow(new MapsSearchFatalError('Google Places ha devuelto una respuesta que no se puede leer.'));
  });

  it('when Google never answers, then the call times out as a retryable timeout (the call may have been billed)', async () => {
    answering('hang');
    const slow = createGooglePlacesSearchProvider({ apiKey: 'k', baseUrl: fake.baseUrl, timeoutMs: 200 });
    await expect(slow.search(request)).rejects.toThrow(new MapsSearchTimeoutError('Google Places no ha respondido en 200 ms.'));
  });
});

describe('biasRadiusMeters', () => {
  it('when zooming in, then the circle shrinks; it stays within the documented 0 to 50 000 m', () => {
    expect(biasRadiusMeters(36.72, 13)).toBeGreaterThan(3_500);
    expect(biasRadiusMeters(36.72, 13)).toBeLessThan(4_500);
    expect(biasRadiusMeters(36.72, 15)).toBeLessThan(biasRadiusMeters(36.72, 13));
    expect(biasRadiusMeters(36.72, 3)).toBe(50_000);
    expect(biasRadiusMeters(36.72, 21)).toBe(100);
  });
});
