import { afterAll, describe, expect, it } from 'vitest';
// zod's messages in Spanish, as in every server process (the container loads it): the reasons below quote one.
import '../../zod-spanish';
import { type FakeReply, type RecordedRequest, fixture, startFakeMapsVendor } from '../../../test/fake-maps-search';
import { DATAFORSEO_LIVE_PATH, DATAFORSEO_LIVE_PRICE_USD, createDataForSeoProvider, locationCoordinate } from './dataforseo';
import { MapsSearchFatalError, type MapsSearchRequest, MapsSearchRetryableError, MapsSearchTimeoutError } from './interface';

const request: MapsSearchRequest = { query: 'dentista', lat: 36.7213, lng: -4.4214, zoom: 13, languageCode: 'es', regionCode: 'ES' };
const ok: FakeReply = { fixture: 'dataforseo-live-advanced-dentista.json' };

describe('DataForSEO Google Maps live advanced, against a local fake', async () => {
  const fake = await startFakeMapsVendor(() => ok);
  afterAll(() => fake.close());
  const odd: { item: unknown; reason: string }[] = [];
  const provider = createDataForSeoProvider({
    login: 'cuenta@rankmaps.es',
    password: 'clave-api',
    baseUrl: fake.baseUrl,
    onOddItem: (item, reason) => odd.push({ item, reason }),
  });
  const answering = (reply: FakeReply) => fake.setReply(() => reply);
  const lastRequest = (): RecordedRequest => fake.requests.at(-1)!;

  it('when searching, then it POSTs one task with Basic auth and exactly the documented fields, as a phone at the point', async () => {
    answering(ok);
    await provider.search({ ...request, languageCode: 'pt' });
    const req = lastRequest();
    expect(req.method).toBe('POST');
    expect(req.url).toBe(DATAFORSEO_LIVE_PATH);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('cuenta@rankmaps.es:clave-api').toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual([
      {
        keyword: 'dentista',
        location_coordinate: '36.7213,-4.4214,13z',
        language_code: 'pt',
        depth: 20,
        device: 'mobile',
        os: 'android',
        search_places: false,
      },
    ]);
  });

  it('when the request has a tag, then the task carries it (cut to the documented 255 characters)', async () => {
    answering(ok);
    await provider.search({ ...request, tag: 'rm-7f3a9c2e-0012' });
    expect(JSON.parse(lastRequest().body)[0].tag).toBe('rm-7f3a9c2e-0012');
    await provider.search({ ...request, tag: 'x'.repeat(300) });
    expect(JSON.parse(lastRequest().body)[0].tag).toHaveLength(255);
  });

  it('when the zoom is out of the documented 3 to 21, then location_coordinate clamps it', async () => {
    answering(ok);
    await provider.search({ ...request, zoom: 24 });
    expect(JSON.parse(lastRequest().body)[0].location_coordinate).toBe('36.7213,-4.4214,21z');
  });

  it('when the SERP has businesses, then maps_search items are organic at their rank_group with their fields', async () => {
    answering(ok);
    const { organic, costUsd } = await provider.search(request);
    expect(costUsd).toBe(0.002);
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
      cid: '11469874601539750769',
      domain: 'clinicadentallarios.es',
    });
    expect(organic.every((o) => !o.isAd)).toBe(true);
  });

  it('when an item has no readable rank, then it is skipped and reported, and the others keep their rank_group', async () => {
    answering(ok);
    odd.length = 0;
    const { organic } = await provider.search(request);
    // Rank 3 could not be read: the next results stay 4 and 5 rather than moving up.
    expect(organic.map((o) => [o.position, o.name])).toEqual([
      [1, 'Clínica Dental Larios'],
      [2, 'Clínica Dental Sonrisa'],
      [4, 'Dentista Dra. Ana Ruiz'],
      [5, 'Clínica Dental Prime Málaga'],
    ]);
    expect(odd).toHaveLength(1);
    expect(odd[0]!.item).toMatchObject({ title: 'Clínica Dental Centro Málaga', rank_group: null });
    expect(odd[0]!.reason).toMatch(/^elemento ilegible: rank_group/);
  });

  it('when an item is of a type we do not know, then it is skipped and reported', async () => {
    const known = JSON.parse(fixture('dataforseo-live-advanced-dentista.json'));
    known.tasks[0].result[0].items.push({ type: 'maps_hotel_item', rank_group: 6, rank_absolute: 8, title: 'Hotel Larios' });
    answering({ raw: JSON.stringify(known) });
    odd.length = 0;
    const { organic } = await provider.search(request);
    expect(organic.map((o) => o.position)).toEqual([1, 2, 4, 5]);
    expect(odd.map((o) => o.reason)).toEqual(['elemento ilegible: rank_group Entrada inválida: se esperaba número, recibido nulo', 'tipo de elemento desconocido: maps_hotel_item']);
  });

  it('when rating_max is null (a Max5 rating), then the value reads as stars out of 5', async () => {
    answering(ok);
    const { organic } = await provider.search(request);
    expect(organic[1]).toMatchObject({ name: 'Clínica Dental Sonrisa', rating: 4.5, userRatingCount: 187 });
  });

  it('when the SERP has maps_paid_item entries, then they are ads in their own list, numbered apart', async () => {
    answering(ok);
    const { organic, ads } = await provider.search(request);
    expect(ads.map((a) => [a.position, a.name, a.isAd, a.domain])).toEqual([
      [1, 'Clínica Dental Prime Málaga', true, 'dentalprime-malaga.es'],
      [2, 'Vitaldent Málaga Centro', true, 'vitaldent.com'],
    ]);
    // A paid item carries no address, place id or cid; its domain joins it to the same business ranking organically.
    expect(ads[0]).toMatchObject({ rating: 4.9, userRatingCount: 1210, placeId: null, cid: null, location: null, address: '' });
    expect(organic.find((o) => o.domain === ads[0]!.domain)?.position).toBe(5);
  });

  it('when a business has no rating, then rating is null and the review count 0', async () => {
    answering(ok);
    const { organic } = await provider.search(request);
    expect(organic[2]).toMatchObject({ name: 'Dentista Dra. Ana Ruiz', rating: null, userRatingCount: 0, categories: ['Dentista'], domain: null });
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

  it('when the search engine or DataForSEO fail internally (40101, 50000), then the error is retryable and carries what was billed', async () => {
    answering({ fixture: 'dataforseo-task-se-error.json' });
    // 40101 is billed (the search reached Google): its cost travels with the error.
    await expect(provider.search(request)).rejects.toMatchObject({ name: 'MapsSearchRetryableError', costUsd: 0.002 });
    answering({ fixture: 'dataforseo-task-internal-error.json' });
    await expect(provider.search(request)).rejects.toMatchObject({ name: 'MapsSearchRetryableError', costUsd: 0 });
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

  it('when DataForSEO never answers, then the call ends as a timeout, which may have been billed at the live list price', async () => {
    expect(provider.liveSearchPriceUsd).toBe(DATAFORSEO_LIVE_PRICE_USD);
    expect(provider.liveTimeoutMs).toBe(120_000);
    answering('hang');
    const slow = createDataForSeoProvider({ login: 'l', password: 'p', baseUrl: fake.baseUrl, timeoutMs: 200 });
    const started = Date.now();
    await expect(slow.search(request)).rejects.toThrow(new MapsSearchTimeoutError('DataForSEO no ha respondido en 200 ms.'));
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
