import { afterAll, describe, expect, it } from 'vitest';
import { type FakeReply, type RecordedRequest, startFakeMapsVendor } from '../../../test/fake-maps-search';
import { DATAFORSEO_LIVE_PATH, createDataForSeoProvider, locationCoordinate } from './dataforseo';
import { MapsSearchFatalError, type MapsSearchRequest, MapsSearchRetryableError } from './interface';

const request: MapsSearchRequest = { query: 'dentista', lat: 36.7213, lng: -4.4214, zoom: 13, languageCode: 'es', regionCode: 'ES' };
const ok: FakeReply = { fixture: 'dataforseo-live-advanced-dentista.json' };

describe('DataForSEO Google Maps live advanced, against a local fake', async () => {
  const fake = await startFakeMapsVendor(() => ok);
  afterAll(() => fake.close());
  const provider = createDataForSeoProvider({ login: 'cuenta@rankmaps.es', password: 'clave-api', baseUrl: fake.baseUrl });
  const answering = (reply: FakeReply) => fake.setReply(() => reply);
  const lastRequest = (): RecordedRequest => fake.requests.at(-1)!;

  it('when searching, then it POSTs one task with Basic auth and exactly the documented fields', async () => {
    answering(ok);
    await provider.search(request);
    const req = lastRequest();
    expect(req.method).toBe('POST');
    expect(req.url).toBe(DATAFORSEO_LIVE_PATH);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('cuenta@rankmaps.es:clave-api').toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual([
      { keyword: 'dentista', location_coordinate: '36.7213,-4.4214,13z', language_code: 'es', depth: 20, device: 'desktop' },
    ]);
  });

  it('when the SERP has businesses, then maps_search items are organic in rank_group order with their fields', async () => {
    answering(ok);
    const { organic } = await provider.search(request);
    expect(organic.map((o) => o.position)).toEqual([1, 2, 3, 4]);
    expect(organic[0]).toEqual({
      position: 1,
      name: 'Clínica Dental Larios',
      address: 'C. Marqués de Larios, 5, Distrito Centro, 29005 Málaga',
      rating: 4.7,
      userRatingCount: 312,
      placeId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
      location: { latitude: 36.7195, longitude: -4.4216 },
      categories: ['Dentista', 'Clínica dental', 'Ortodoncista'],
      isAd: false,
    });
    expect(organic.every((o) => !o.isAd)).toBe(true);
  });

  it('when the SERP has maps_paid_item entries, then they are ads in their own list, numbered apart', async () => {
    answering(ok);
    const { organic, ads } = await provider.search(request);
    expect(ads.map((a) => [a.position, a.name, a.isAd])).toEqual([
      [1, 'Clínica Dental Prime Málaga', true],
      [2, 'Vitaldent Málaga Centro', true],
    ]);
    // A paid item carries no address or place id; the same business may also rank organically.
    expect(ads[0]).toMatchObject({ rating: 4.9, userRatingCount: 1210, placeId: null, location: null, address: '' });
    expect(organic.find((o) => o.name === 'Clínica Dental Prime Málaga')?.position).toBe(4);
  });

  it('when a business has no rating, then rating is null and the review count 0', async () => {
    answering(ok);
    const { organic } = await provider.search(request);
    expect(organic[2]).toMatchObject({ name: 'Dentista Dra. Ana Ruiz', rating: null, userRatingCount: 0, categories: ['Dentista'] });
  });

  it('when the task ends with 40102 No Search Results, then the search is empty, not an error', async () => {
    answering({ fixture: 'dataforseo-no-results.json' });
    await expect(provider.search(request)).resolves.toEqual({ organic: [], ads: [], costUsd: 0.002 });
  });

  it('when the task is rate-limited (40202), then the error is retryable and honours Retry-After', async () => {
    answering({ fixture: 'dataforseo-task-rate-limited.json', headers: { 'retry-after': '30' } });
    const err = await provider.search(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MapsSearchRetryableError);
    expect(err).toMatchObject({ retryAfterSeconds: 30 });
    expect((err as Error).message).toContain('40202');
  });

  it('when the search engine or DataForSEO fail internally (40101, 50000), then the error is retryable', async () => {
    for (const f of ['dataforseo-task-se-error.json', 'dataforseo-task-internal-error.json']) {
      answering({ fixture: f });
      await expect(provider.search(request)).rejects.toBeInstanceOf(MapsSearchRetryableError);
    }
  });

  it('when a task field is refused (40501), then the error is fatal with a Spanish message', async () => {
    answering({ fixture: 'dataforseo-task-invalid-field.json' });
    await expect(provider.search(request)).rejects.toThrow(new MapsSearchFatalError("DataForSEO ha rechazado la búsqueda (40501: Invalid Field: 'location_coordinate'.)."));
  });

  it('when HTTP answers 429 with a Retry-After date, then the error is retryable with the seconds left', async () => {
    const inOneMinute = new Date(Date.now() + 60_000).toUTCString();
    answering({ status: 429, raw: '', headers: { 'retry-after': inOneMinute } });
    const err = (await provider.search(request).catch((e: unknown) => e)) as MapsSearchRetryableError;
    expect(err).toBeInstanceOf(MapsSearchRetryableError);
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('when HTTP answers 500, then the error is retryable', async () => {
    answering({ status: 500, raw: '{"status_code":50000,"status_message":"Internal Error."}' });
    await expect(provider.search(request)).rejects.toBeInstanceOf(MapsSearchRetryableError);
  });

  it('when the credentials are wrong (HTTP 401, 40100), then the error is fatal and says so in Spanish', async () => {
    answering({ status: 401, fixture: 'dataforseo-unauthorized.json' });
    const err = await provider.search(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MapsSearchFatalError);
    expect((err as Error).message).toMatch(/^DataForSEO ha rechazado las credenciales: revisa DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD \(40100/);
  });

  it('when the balance is exhausted (HTTP 402, 40200), then the error is fatal', async () => {
    answering({ status: 402, fixture: 'dataforseo-payment-required.json' });
    await expect(provider.search(request)).rejects.toThrow(/revisa el saldo de la cuenta/);
  });

  it('when the answer is not JSON, then the error is fatal', async () => {
    answering({ raw: '<html><body>502 Bad Gateway</body></html>' });
    await expect(provider.search(request)).rejects.toThrow(new MapsSearchFatalError('DataForSEO ha devuelto una respuesta que no se puede leer.'));
  });

  it('when DataForSEO never answers, then the call times out as retryable', async () => {
    answering('hang');
    const slow = createDataForSeoProvider({ login: 'l', password: 'p', baseUrl: fake.baseUrl, timeoutMs: 200 });
    const started = Date.now();
    await expect(slow.search(request)).rejects.toThrow(new MapsSearchRetryableError('DataForSEO no ha respondido en 200 ms.'));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('when the caller aborts, then the caller’s reason comes back, not a vendor error', async () => {
    answering('hang');
    const controller = new AbortController();
    const pending = provider.search(request, controller.signal);
    controller.abort(new Error('escaneo cancelado'));
    await expect(pending).rejects.toThrow('escaneo cancelado');
  });

  it('when the server is gone, then the error is retryable', async () => {
    const gone = await startFakeMapsVendor(() => ok);
    await gone.close();
    const orphan = createDataForSeoProvider({ login: 'l', password: 'p', baseUrl: gone.baseUrl });
    await expect(orphan.search(request)).rejects.toThrow(/^No se ha podido conectar con DataForSEO/);
  });
});

describe('locationCoordinate', () => {
  it('when coordinates are long or the zoom out of range, then they are trimmed to 7 decimals and 3z..21z', () => {
    expect(locationCoordinate(36.721312345678, -4.42141234567, 13)).toBe('36.7213123,-4.4214123,13z');
    expect(locationCoordinate(40.4, -3.7, 25)).toBe('40.4,-3.7,21z');
    expect(locationCoordinate(40.4, -3.7, 1)).toBe('40.4,-3.7,3z');
  });
});
