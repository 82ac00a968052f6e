import { afterAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { RECORDED_DETAILS, startFakeGooglePlaces } from '../../../test/fake-google-places';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { eq } from 'drizzle-orm';
import { places } from '../../db/places-schema';
import { DETAILS_FIELD_MASK, cidOfMapsUri, createGooglePlacesProvider, websiteOf } from '../../providers/places/google';

describe('places through the Google Places API (New), against a local fake', async () => {
  const fake = await startFakeGooglePlaces();
  afterAll(() => fake.close());
  const { app, container } = await createTestApp({ GOOGLE_MAPS_API_KEY: 'test-key', GOOGLE_PLACES_BASE_URL: fake.baseUrl, DATA_DIR: GEO_TEST_DATA_DIR });
  const { headers } = await sessions(app, container).signedIn('pro_starter');
  const matrixConfig = { gridSize: 3, radius: 1500, coordinates: { lat: 36.7195, lng: -4.4216 } };

  it('when health is asked with a key, then places is google', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().adapters.places).toBe('google');
  });

  it('when the user types, then autocomplete posts the documented body with the key header and maps the suggestions', async () => {
    fake.requests.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/places/autocomplete?input=dental%20larios&sessionToken=s-1', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ suggestions: [{ placeId: RECORDED_DETAILS.id, name: 'Clínica Dental Larios', address: 'Calle Larios, Málaga, España' }] });
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/v1/places:autocomplete' });
    expect(req!.headers['x-goog-api-key']).toBe('test-key');
    // Any country: no includedRegionCodes; 'es' is the interface language the suggestions are labelled in.
    expect(JSON.parse(req!.body)).toEqual({ input: 'dental larios', sessionToken: 's-1', includePureServiceAreaBusinesses: true, languageCode: 'es' });
  });

  it('when a service area is centred on a city, then Text Search posts the documented body and the located points come back', async () => {
    fake.requests.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/places/locate?input=M%C3%A1laga', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { label: 'Málaga, España', lat: 36.721261, lng: -4.4212655 },
        { label: 'Calle Larios, 29005 Málaga, España', lat: 36.7196, lng: -4.4213 },
      ],
    });
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/v1/places:searchText' });
    expect(req!.headers['x-goog-fieldmask']).toBe('places.displayName,places.formattedAddress,places.location');
    expect(JSON.parse(req!.body)).toEqual({ textQuery: 'Málaga', languageCode: 'es', pageSize: 5 });
  });

  it('when a place is created, then details are fetched with the smallest field mask and the fields are stored', async () => {
    fake.requests.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/place', headers, payload: { googlePlaceId: RECORDED_DETAILS.id, matrixConfig, sessionToken: 's-1' } });
    expect(res.statusCode).toBe(201);
    const [req] = fake.requests;
    expect(req!.url).toBe(`/v1/places/${RECORDED_DETAILS.id}?sessionToken=s-1`);
    expect(req!.headers['x-goog-fieldmask']).toBe(DETAILS_FIELD_MASK);
    expect(req!.headers['x-goog-api-key']).toBe('test-key');
    const placeId = res.json<{ _id: string }>()._id;
    // The website is stored for the AI matcher's domain rule (docs/decisions.md §31.12).
    const [stored] = await container.database.db.select({ website: places.website }).from(places).where(eq(places.id, placeId));
    expect(stored?.website).toBe('https://www.clinicadentallarios.es/');
    const place = (await app.inject({ method: 'GET', url: `/api/place/${placeId}`, headers })).json();
    expect(place).toMatchObject({
      name: 'Clínica Dental Larios',
      address: RECORDED_DETAILS.formattedAddress,
      latitude: 36.7195,
      longitude: -4.4216,
      rating: 4.7,
      totalReviews: 312,
      countryCode: 'ES',
      serviceArea: false,
      timeZone: 'Europe/Madrid',
    });
  });

  it('when Google does not know the id, then the answer is 400 with the provider message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/place', headers, payload: { googlePlaceId: 'ChIJunknown', matrixConfig } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Requested entity was not found.');
  });

  it('when Google is down, then creating answers 502 with the seed message and nothing is stored', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/place', headers })).json<unknown[]>().length;
    fake.setMode('down');
    try {
      const res = await app.inject({ method: 'POST', url: '/api/place', headers, payload: { googlePlaceId: 'ChIJother', matrixConfig } });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe('Error al crear el lugar. Por favor intenta de nuevo.');
      const auto = await app.inject({ method: 'GET', url: '/api/places/autocomplete?input=x', headers });
      expect(auto.statusCode).toBe(502);
      const details = await app.inject({ method: 'GET', url: '/api/places/details?placeId=ChIJother', headers });
      expect(details.statusCode).toBe(502);
      expect(details.json().error).toBe('No se ha podido cargar el negocio. Inténtalo de nuevo.');
      const located = await app.inject({ method: 'GET', url: '/api/places/locate?input=Madrid', headers });
      expect(located.statusCode).toBe(502);
      expect(located.json().error).toBe('No se ha podido buscar la ubicación. Inténtalo de nuevo.');
    } finally {
      fake.setMode('ok');
    }
    expect((await app.inject({ method: 'GET', url: '/api/place', headers })).json<unknown[]>()).toHaveLength(before);
  });

  it('when the adapter reads the recorded place directly, then it maps its location, country, cid and first photo', async () => {
    const provider = createGooglePlacesProvider({ apiKey: 'k', baseUrl: fake.baseUrl });
    const d = await provider.details(RECORDED_DETAILS.id);
    expect(DETAILS_FIELD_MASK.split(',')).toContain('googleMapsUri');
    expect(DETAILS_FIELD_MASK.split(',')).toContain('websiteUri');
    expect(d).toMatchObject({ placeId: RECORDED_DETAILS.id, serviceArea: false, lat: 36.7195, lng: -4.4216, countryCode: 'ES', cid: '11469874601539750769', website: 'https://www.clinicadentallarios.es/' });
    expect(d.mainPhoto).toContain('places/ChIJN1t_tDeuEmsRUsoyG83frY4/photos/AUc7tXV/media');
  });
});

describe('websiteOf', () => {
  it('when websiteUri is an http(s) address, then it is the website; anything else reads null', () => {
    expect(websiteOf('https://www.clinicadentallarios.es/')).toBe('https://www.clinicadentallarios.es/');
    expect(websiteOf('http://clinica.wixsite.com/sonrisas')).toBe('http://clinica.wixsite.com/sonrisas');
    expect(websiteOf('mailto:hola@clinica.es')).toBeNull();
    expect(websiteOf('no es una url')).toBeNull();
    expect(websiteOf(undefined)).toBeNull();
  });
});

describe('cidOfMapsUri', () => {
  it('when googleMapsUri carries ?cid=, then the digits are the cid; anything else reads null', () => {
    expect(cidOfMapsUri('https://maps.google.com/?cid=11469874601539750769')).toBe('11469874601539750769');
    expect(cidOfMapsUri('https://maps.google.com/?q=place_id:ChIJ&cid=42&hl=es')).toBe('42');
    expect(cidOfMapsUri('https://maps.google.com/?cid=abc')).toBeNull();
    expect(cidOfMapsUri('no es una url')).toBeNull();
    expect(cidOfMapsUri(undefined)).toBeNull();
  });
});
