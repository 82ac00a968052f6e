import type { Place } from '@rankmaps/shared/schemas/places';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { placesRepository } from './places.repository';
import { marketCountryOf } from './places.service';

// A place's market (docs/decisions.md §21.3): the country and language its searches are made
// in, set from the provider when the place is added and changed with PUT /api/place/:id/market.
describe('place markets', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace } = rankmapFixtures(app, container);
  const db = container.database.db;
  const AUSTIN = { lat: 30.2672, lng: -97.7431 };
  const get = async (headers: Record<string, string>, id: string) => (await app.inject({ method: 'GET', url: `/api/place/${id}`, headers })).json<Place>();
  const setMarket = (headers: Record<string, string>, id: string, payload: unknown) =>
    app.inject({ method: 'PUT', url: `/api/place/${id}/market`, headers, payload: payload as Record<string, unknown> });

  it('when a Spanish business is added, then its market is Spain in Spanish; one in Austin is the US in English', async () => {
    const { headers } = await signedIn('pro_starter');
    const malaga = await get(headers, await createPlace(headers, 'demo-malaga-dentista-2'));
    expect(malaga).toMatchObject({ countryCode: 'ES', searchLanguage: 'es' });
    const austin = await get(headers, await createPlace(headers, 'demo-austin-dentista-1', AUSTIN));
    expect(austin).toMatchObject({ name: 'Congress Avenue Dental', countryCode: 'US', searchLanguage: 'en', timeZone: 'America/Chicago' });
    const list = (await app.inject({ method: 'GET', url: '/api/place', headers })).json<Place[]>();
    expect(list.map((p) => [p.countryCode, p.searchLanguage])).toEqual([['ES', 'es'], ['US', 'en']]);
  });

  it('when the market is changed, then country and language are stored; without a language, the country\'s main one is taken', async () => {
    const { user, headers } = await signedIn('pro_starter');
    const id = await createPlace(headers, 'demo-lisboa-dentista-1', { lat: 38.7223, lng: -9.1393 });
    expect(await get(headers, id)).toMatchObject({ countryCode: 'PT', searchLanguage: 'pt' });

    const spanish = await setMarket(headers, id, { countryCode: 'PT', searchLanguage: 'es' });
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(spanish.json<Place>()).toMatchObject({ _id: id, countryCode: 'PT', searchLanguage: 'es' });

    const lowerCase = await setMarket(headers, id, { countryCode: 'fr' });
    expect(lowerCase.json<Place>()).toMatchObject({ countryCode: 'FR', searchLanguage: 'fr' });
    expect(await placesRepository.findOwned(db, user.id, id)).toMatchObject({ countryCode: 'FR', searchLanguage: 'fr' });

    const andorra = await setMarket(headers, id, { countryCode: 'AD' });
    expect(andorra.json<Place>()).toMatchObject({ countryCode: 'AD', searchLanguage: 'ca' });
    const kenya = await setMarket(headers, id, { countryCode: 'KE' });
    expect(kenya.json<Place>()).toMatchObject({ countryCode: 'KE', searchLanguage: 'en' });
  });

  it.each([
    [{ countryCode: 'UK' }, 'Elige un país de la lista (su código ISO de dos letras, como ES o PT).'],
    [{ countryCode: 'ESP' }, 'Elige un país de la lista (su código ISO de dos letras, como ES o PT).'],
    [{ countryCode: '' }, 'Elige un país de la lista (su código ISO de dos letras, como ES o PT).'],
    [{ countryCode: 34 }, 'Elige un país de la lista (su código ISO de dos letras, como ES o PT).'],
    [{ searchLanguage: 'es' }, 'Elige un país de la lista (su código ISO de dos letras, como ES o PT).'],
    [{ countryCode: 'ES', searchLanguage: 'zh' }, 'Elige un idioma de búsqueda de la lista.'],
    [{ countryCode: 'ES', searchLanguage: 'español' }, 'Elige un idioma de búsqueda de la lista.'],
    [{ countryCode: 'ES', searchLanguage: null }, 'Elige un idioma de búsqueda de la lista.'],
  ])('when the market is %j, then it answers 400 with a Spanish error and nothing changes', async (payload, message) => {
    const { headers } = await signedIn('pro_starter');
    const id = await createPlace(headers, 'demo-malaga-dentista-3');
    const res = await setMarket(headers, id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION_ERROR' });
    expect(await get(headers, id)).toMatchObject({ countryCode: 'ES', searchLanguage: 'es' });
  });

  it('when another user, an unknown id or no session asks, then it is 404 or 401 and the market stays', async () => {
    const owner = await signedIn('pro_starter');
    const id = await createPlace(owner.headers, 'demo-malaga-dentista-4');
    const other = await signedIn('pro_starter');
    const res = await setMarket(other.headers, id, { countryCode: 'US' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Lugar no encontrado.');
    expect((await setMarket(owner.headers, 'not-a-uuid', { countryCode: 'US' })).statusCode).toBe(404);
    expect((await setMarket({}, id, { countryCode: 'US' })).statusCode).toBe(401);
    expect(await get(owner.headers, id)).toMatchObject({ countryCode: 'ES', searchLanguage: 'es' });
  });

  it('when the business is synchronised with the provider, then the market the user chose stays', async () => {
    const { headers } = await signedIn('pro_starter');
    const id = await createPlace(headers, 'demo-paris-dentista-1', { lat: 48.8566, lng: 2.3522 });
    await setMarket(headers, id, { countryCode: 'FR', searchLanguage: 'en' });
    const refreshed = await app.inject({ method: 'PUT', url: `/api/place/${id}/refresh`, headers });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<Place>()).toMatchObject({ countryCode: 'FR', searchLanguage: 'en', name: 'Cabinet Dentaire Rivoli' });
  });

  it('when the provider gives a country in lower case, none, or one that does not exist, then the market country is its code or Spain', () => {
    expect(marketCountryOf('mx')).toBe('MX');
    expect(marketCountryOf(null)).toBe('ES');
    expect(marketCountryOf('ZZ')).toBe('ES');
  });
});
