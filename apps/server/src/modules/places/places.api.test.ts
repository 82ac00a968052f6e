import type { Place } from '@rankmaps/shared/schemas/places';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { placesRepository } from './places.repository';

describe('places (demo catalogue)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);

  const { signedIn } = sessions(app, container);
  const malagaCentre = { lat: 36.7213, lng: -4.4214 };
  const matrix = (gridSize = 7, radius = 1500, coordinates = malagaCentre) => ({ gridSize, radius, coordinates });
  const search = async (headers: Record<string, string>, input: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/places/autocomplete?input=${encodeURIComponent(input)}&sessionToken=abc`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ suggestions: { placeId: string; name: string; address: string }[] }>().suggestions;
  };
  const create = (headers: Record<string, string>, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/place', headers, payload });

  it('when "dental Málaga" is searched, then only Málaga dental clinics come back, whatever the accents and case', async () => {
    const { headers } = await signedIn('basico');
    const found = await search(headers, 'dental Málaga');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => s.address.includes('Málaga') && s.placeId.startsWith('demo-malaga-dentista-'))).toBe(true);
    expect((await search(headers, 'DENTAL malaga')).map((s) => s.placeId)).toEqual(found.map((s) => s.placeId));
  });

  it('when the wizard asks for a picked business, then it gets its location, or none for a service-area business', async () => {
    const { headers } = await signedIn('basico');
    const [clinic] = await search(headers, 'dental Málaga');
    const res = await app.inject({ method: 'GET', url: `/api/places/details?placeId=${clinic!.placeId}&sessionToken=abc`, headers });
    expect(res.statusCode).toBe(200);
    const preview = res.json<{ location: { lat: number; lng: number } | null; serviceArea: boolean; name: string }>();
    expect(preview.name).toBe(clinic!.name);
    expect(preview.serviceArea).toBe(false);
    expect(Math.abs(preview.location!.lat - malagaCentre.lat)).toBeLessThan(0.1);

    const plumbers = await search(headers, 'fontanero Málaga');
    const previews = await Promise.all(
      plumbers.map(async (p) => (await app.inject({ method: 'GET', url: `/api/places/details?placeId=${p.placeId}`, headers })).json<{ location: unknown; serviceArea: boolean }>()),
    );
    expect(previews.some((p) => p.serviceArea && p.location === null)).toBe(true);

    const unknown = await app.inject({ method: 'GET', url: '/api/places/details?placeId=demo-nowhere-1', headers });
    expect(unknown.statusCode).toBe(400);
    const missing = await app.inject({ method: 'GET', url: '/api/places/details', headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('Por favor selecciona un lugar de la lista de sugerencias');
    expect((await app.inject({ method: 'GET', url: `/api/places/details?placeId=${clinic!.placeId}` })).statusCode).toBe(401);
  });

  it('when a service area is centred by typing a city, then the demo catalogue\'s cities are offered', async () => {
    const { headers } = await signedIn('basico');
    const res = await app.inject({ method: 'GET', url: '/api/places/locate?input=malaga', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [{ label: 'Málaga, España', lat: 36.7213, lng: -4.4214 }] });
    const none = await app.inject({ method: 'GET', url: '/api/places/locate?input=zzzz', headers });
    expect(none.json()).toEqual({ results: [] });
    const short = await app.inject({ method: 'GET', url: '/api/places/locate?input=a', headers });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('Escribe una ciudad o una dirección.');
  });

  it('when a basic user adds a Málaga clinic, then it is listed with its docs/product.md §3 fields, a Madrid time zone and a grid with sea cells nulled', async () => {
    const { headers } = await signedIn('basico');
    const [clinic] = await search(headers, 'dental Málaga');
    const res = await create(headers, { googlePlaceId: clinic!.placeId, matrixConfig: matrix() });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ _id: string }>()._id;

    const list = await app.inject({ method: 'GET', url: '/api/place', headers });
    expect(list.statusCode).toBe(200);
    const [place] = list.json<Place[]>();
    expect(place).toMatchObject({
      _id: id,
      googlePlaceId: clinic!.placeId,
      name: clinic!.name,
      timeZone: 'Europe/Madrid',
      weeklyScans: true,
      rankDay: 1,
      rankHour: 9,
      scheduleDefault: true,
      serviceArea: false,
      matrixConfig: matrix(),
    });
    expect(place!.geometry.location).toEqual({ lat: place!.latitude, lng: place!.longitude });
    expect(place!.coordinatesMatrix).toHaveLength(7);
    // Central Málaga faces the sea to the south: some cells are null.
    expect(place!.coordinatesMatrix.flat().some((c) => c === null)).toBe(true);

    const one = await app.inject({ method: 'GET', url: `/api/place/${id}?withKeywords=true`, headers });
    expect(one.statusCode).toBe(200);
    expect(one.json<Place>().keywords).toEqual([]);
  });

  it('when a basic user adds a second place, then it is refused with the limit message', async () => {
    const { headers } = await signedIn('basico');
    const [a, b] = await search(headers, 'restaurante Sevilla');
    expect((await create(headers, { googlePlaceId: a!.placeId, matrixConfig: matrix() })).statusCode).toBe(201);
    const res = await create(headers, { googlePlaceId: b!.placeId, matrixConfig: matrix() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Límite alcanzado (1/1)', errorType: 'upgrade_required' });
  });

  it('when a basic user adds two places at the same time, then exactly one is stored', async () => {
    const { headers } = await signedIn('basico');
    const results = await Promise.all([
      create(headers, { googlePlaceId: 'demo-murcia-gimnasio-1', matrixConfig: matrix(7, 1500, { lat: 37.99, lng: -1.13 }) }),
      create(headers, { googlePlaceId: 'demo-murcia-gimnasio-2', matrixConfig: matrix(7, 1500, { lat: 37.99, lng: -1.13 }) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect((await app.inject({ method: 'GET', url: '/api/place', headers })).json<unknown[]>()).toHaveLength(1);
  });

  it('when the same business is added twice by a pro user, then the second answers 409', async () => {
    const { headers } = await signedIn('pro_starter');
    const payload = { googlePlaceId: 'demo-bilbao-gimnasio-1', matrixConfig: matrix() };
    expect((await create(headers, payload)).statusCode).toBe(201);
    const res = await create(headers, payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Ya tienes este negocio añadido. Búscalo en tu lista de negocios.');
  });

  it('when a basic user asks beyond the plan grid or another radius, then the refusal names the cheapest plan that allows it', async () => {
    const { headers } = await signedIn('basico');
    const grid = await create(headers, { googlePlaceId: 'demo-madrid-abogado-1', matrixConfig: matrix(9) });
    expect(grid.statusCode).toBe(400);
    expect(grid.json().error).toBe('Para usar una cuadrícula de 9×9 necesitas el plan Profesional.');
    const large = await create(headers, { googlePlaceId: 'demo-madrid-abogado-1', matrixConfig: matrix(15) });
    expect(large.json().error).toBe('Para usar una cuadrícula de 15×15 necesitas un plan para agencias.');
    const radius = await create(headers, { googlePlaceId: 'demo-madrid-abogado-1', matrixConfig: matrix(7, 2000) });
    expect(radius.statusCode).toBe(400);
    expect(radius.json().error).toBe('Para cambiar el radio de análisis necesitas un plan para agencias.');
    expect((await app.inject({ method: 'GET', url: '/api/place', headers })).json<unknown[]>()).toHaveLength(0);
    expect((await create(headers, { googlePlaceId: 'demo-madrid-abogado-1', matrixConfig: matrix(5) })).statusCode).toBe(201);
  });

  it('when a pro user picks a custom radius and grid, then it is stored; beyond the plan max it is refused', async () => {
    const { headers } = await signedIn('pro_starter');
    const res = await create(headers, { googlePlaceId: 'demo-valencia-veterinario-1', matrixConfig: matrix(15, 3200, { lat: 39.47, lng: -0.38 }) });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ _id: string }>()._id;
    const put = await app.inject({ method: 'PUT', url: `/api/place/${id}/matrix`, headers, payload: matrix(11, 700, { lat: 39.47, lng: -0.38 }) });
    expect(put.statusCode).toBe(200);
    expect(put.json<Place>().matrixConfig).toEqual(matrix(11, 700, { lat: 39.47, lng: -0.38 }));
    expect(put.json<Place>().coordinatesMatrix).toHaveLength(11);
    const tooBig = await app.inject({ method: 'PUT', url: `/api/place/${id}/matrix`, headers, payload: matrix(21, 700) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error).toBe('Para usar una cuadrícula de 21×21 necesitas el plan Agency.');
  });

  it('when a user without a plan searches for a business or an area, then each look-up is refused with upgrade_required', async () => {
    const { headers } = await signedIn();
    for (const url of ['/api/places/autocomplete?input=dental&sessionToken=abc', '/api/places/locate?input=M%C3%A1laga', '/api/places/details?placeId=demo-madrid-dentista-1&sessionToken=abc']) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ errorType: 'upgrade_required', error: 'Necesitas un plan activo para usar esta función.' });
    }
  });

  it('when a user without a plan adds a place, then it is refused with upgrade_required', async () => {
    const { headers } = await signedIn();
    const res = await create(headers, { googlePlaceId: 'demo-madrid-dentista-1', matrixConfig: matrix() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'upgrade_required', error: 'Necesitas un plan activo para usar esta función.' });
  });

  it('when the id or data is missing or unknown, then a Spanish 400 comes back and nothing is stored', async () => {
    const { headers } = await signedIn('pro_starter');
    const missing = await create(headers, { matrixConfig: matrix() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Faltan datos para crear el negocio');
    const unknown = await create(headers, { googlePlaceId: 'demo-nowhere-1', matrixConfig: matrix() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('No se ha encontrado el negocio en el catálogo de demostración.');
    const badGrid = await create(headers, { googlePlaceId: 'demo-madrid-dentista-1', matrixConfig: matrix(4) });
    expect(badGrid.statusCode).toBe(400);
    const list = await app.inject({ method: 'GET', url: '/api/place', headers });
    expect(list.json()).toEqual([]);
  });

  it('when a service-area plumber is added, then a centre is required and stored as its geometry', async () => {
    const { headers } = await signedIn('pro_starter');
    const noCentre = await create(headers, { googlePlaceId: 'demo-zaragoza-fontanero-1', matrixConfig: matrix() });
    expect(noCentre.statusCode).toBe(400);
    const centre = { lat: 41.65, lng: -0.89 };
    const res = await create(headers, { googlePlaceId: 'demo-zaragoza-fontanero-1', matrixConfig: matrix(7, 1500, centre), center: centre });
    expect(res.statusCode).toBe(201);
    const place = (await app.inject({ method: 'GET', url: `/api/place/${res.json<{ _id: string }>()._id}`, headers })).json<Place>();
    expect(place).toMatchObject({ serviceArea: true, latitude: null, longitude: null, geometry: { location: centre }, timeZone: 'Europe/Madrid' });
  });

  it('when a place is refreshed, scheduled and made active, then each answers 200 and deleting it clears the active one', async () => {
    const { headers } = await signedIn('basico');
    const id = (await create(headers, { googlePlaceId: 'demo-granada-peluqueria-1', matrixConfig: matrix(7, 1500, { lat: 37.18, lng: -3.6 }) })).json<{ _id: string }>()._id;
    const refresh = await app.inject({ method: 'PUT', url: `/api/place/${id}/refresh`, headers });
    expect(refresh.statusCode).toBe(200);
    const schedule = await app.inject({ method: 'PUT', url: `/api/place/${id}/schedule`, headers, payload: { rankDay: 3, rankHour: 18 } });
    expect(schedule.statusCode).toBe(200);
    expect(schedule.json<Place>()).toMatchObject({ rankDay: 3, rankHour: 18, scheduleDefault: false });
    const weekly = await app.inject({ method: 'PUT', url: `/api/place/${id}/schedule`, headers, payload: { weeklyScans: false } });
    expect(weekly.statusCode).toBe(403);
    expect(weekly.json()).toMatchObject({ errorType: 'upgrade_required', error: 'Para activar o desactivar los escaneos semanales necesitas un plan para agencias.' });
    const badHour = await app.inject({ method: 'PUT', url: `/api/place/${id}/schedule`, headers, payload: { rankDay: 3, rankHour: 24 } });
    expect(badHour.statusCode).toBe(400);
    const active = await app.inject({ method: 'PUT', url: '/api/place/active-place', headers, payload: { placeId: id } });
    expect(active.statusCode).toBe(200);
    expect(active.json()).toEqual({ activePlaceId: id });
    const profile = (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json();
    expect(profile).toMatchObject({ places: [{ _id: id }], activePlaceId: id });

    expect((await app.inject({ method: 'DELETE', url: `/api/place/${id}`, headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json()).toMatchObject({ places: [], activePlaceId: null });
    expect((await app.inject({ method: 'GET', url: `/api/place/${id}`, headers })).statusCode).toBe(404);
    const userId = (await container.accessTokens.verify(headers.authorization.slice(7)))!;
    expect(await placesRepository.findActivePlaceId(container.database.db, userId)).toBeNull();
  });

  it('when a pro user toggles weekly scans, then the place stores it', async () => {
    const { headers } = await signedIn('pro_starter');
    const id = (await create(headers, { googlePlaceId: 'demo-cadiz-restaurante-1', matrixConfig: matrix(7, 1500, { lat: 36.53, lng: -6.29 }) })).json<{ _id: string }>()._id;
    const res = await app.inject({ method: 'PUT', url: `/api/place/${id}/schedule`, headers, payload: { weeklyScans: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Place>().weeklyScans).toBe(false);
  });

  it('when a business is created with its weekly scan left unticked, then a credits plan starts it off and a business-owner plan keeps it on (it is part of the plan)', async () => {
    const pro = await signedIn('pro_starter');
    const off = (await create(pro.headers, { googlePlaceId: 'demo-cadiz-restaurante-1', matrixConfig: matrix(7, 1500, { lat: 36.53, lng: -6.29 }), weeklyScans: false })).json<{ _id: string }>()._id;
    expect((await app.inject({ method: 'GET', url: `/api/place/${off}`, headers: pro.headers })).json<Place>().weeklyScans).toBe(false);
    const on = (await create(pro.headers, { googlePlaceId: 'demo-malaga-dentista-2', matrixConfig: matrix(), weeklyScans: true })).json<{ _id: string }>()._id;
    expect((await app.inject({ method: 'GET', url: `/api/place/${on}`, headers: pro.headers })).json<Place>().weeklyScans).toBe(true);
    const owner = await signedIn('basico');
    const included = (await create(owner.headers, { googlePlaceId: 'demo-malaga-dentista-1', matrixConfig: matrix(), weeklyScans: false })).json<{ _id: string }>()._id;
    expect((await app.inject({ method: 'GET', url: `/api/place/${included}`, headers: owner.headers })).json<Place>().weeklyScans).toBe(true);
  });

  it("when another user's id or a malformed id is used, then every place route answers 404 'Lugar no encontrado.'", async () => {
    const owner = await signedIn('pro_starter');
    const id = (await create(owner.headers, { googlePlaceId: 'demo-vigo-abogado-1', matrixConfig: matrix(7, 1500, { lat: 42.24, lng: -8.72 }) })).json<{ _id: string }>()._id;
    const other = await signedIn('pro_starter');
    for (const target of [id, 'not-a-uuid']) {
      const calls = [
        app.inject({ method: 'GET', url: `/api/place/${target}`, headers: other.headers }),
        app.inject({ method: 'DELETE', url: `/api/place/${target}`, headers: other.headers }),
        app.inject({ method: 'PUT', url: `/api/place/${target}/refresh`, headers: other.headers }),
        app.inject({ method: 'PUT', url: `/api/place/${target}/matrix`, headers: other.headers, payload: matrix() }),
        app.inject({ method: 'PUT', url: `/api/place/${target}/schedule`, headers: other.headers, payload: { rankDay: 2, rankHour: 10 } }),
        app.inject({ method: 'PUT', url: '/api/place/active-place', headers: other.headers, payload: { placeId: target } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('Lugar no encontrado.');
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/place', headers: other.headers })).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/place/${id}`, headers: owner.headers })).statusCode).toBe(200);
  });

  it('when no token is sent, then the place routes answer 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/place' })).statusCode).toBe(401);
  });

  it('when health is asked without a Google key, then places is demo', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().adapters.places).toBe('demo');
  });
});
