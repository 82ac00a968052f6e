import type { Keyword } from '@rankmaps/shared/schemas/keywords';
import type { Place } from '@rankmaps/shared/schemas/places';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import { MADRID, rankmapFixtures } from '../../../test/rankmap-fixtures';

describe('keywords', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace } = rankmapFixtures(app, container);
  const add = (headers: Record<string, string>, payload: unknown) => app.inject({ method: 'POST', url: '/api/keyword', headers, payload: payload as Record<string, unknown> });

  it('when a keyword is added with spaces around it, then it is stored trimmed with its place populated, and the place lists it', async () => {
    const { headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, 'demo-madrid-dentista-1', MADRID);
    const res = await add(headers, { name: '  dentista urgencias  ', placeId });
    expect(res.statusCode).toBe(201);
    const keyword = res.json<Keyword>();
    expect(keyword).toMatchObject({ name: 'dentista urgencias', placeId: { _id: placeId, timeZone: 'Europe/Madrid', rankDay: 1, rankHour: 9 } });
    expect(keyword.placeId.name.length).toBeGreaterThan(0);

    const one = await app.inject({ method: 'GET', url: `/api/keyword/${keyword._id}`, headers });
    expect(one.statusCode).toBe(200);
    expect(one.json<Keyword>()).toEqual(keyword);

    const place = await app.inject({ method: 'GET', url: `/api/place/${placeId}?withKeywords=true`, headers });
    // With its latest figures (docs/decisions.md §25.1): none before its first analysis.
    expect(place.json<Place>().keywords).toEqual([{ _id: keyword._id, name: 'dentista urgencias', figures: { geoRank: null, geoRankChange: null, gridChanged: false, lastAt: null } }]);
    const without = await app.inject({ method: 'GET', url: `/api/place/${placeId}`, headers });
    expect(without.json<Place>().keywords).toBeUndefined();
  });

  it('when the name is empty, blank or missing, then it answers 400 with the Spanish message', async () => {
    const { headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, 'demo-madrid-dentista-2', MADRID);
    for (const payload of [{ name: '', placeId }, { name: '   ', placeId }, { placeId }, { name: 42, placeId }]) {
      const res = await add(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('El nombre de la keyword es obligatorio');
    }
    const long = await add(headers, { name: 'x'.repeat(101), placeId });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('La keyword no puede tener más de 100 caracteres');
    const noBody = await app.inject({ method: 'POST', url: '/api/keyword', headers });
    expect(noBody.statusCode).toBe(400);
  });

  it('when the same keyword is added again in another case, then it answers 409; another place may have it', async () => {
    const { headers } = await signedIn('pro_starter');
    const a = await createPlace(headers, 'demo-madrid-dentista-3', MADRID);
    const b = await createPlace(headers, 'demo-madrid-dentista-4', MADRID);
    expect((await add(headers, { name: 'Dentista', placeId: a })).statusCode).toBe(201);
    const again = await add(headers, { name: ' dentista ', placeId: a });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Esta keyword ya existe para este negocio.');
    expect((await add(headers, { name: 'dentista', placeId: b })).statusCode).toBe(201);
    // Two identical adds at once: the unique index lets one through.
    const race = await Promise.all([add(headers, { name: 'ortodoncia', placeId: a }), add(headers, { name: 'Ortodoncia', placeId: a })]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("when another user's place or keyword is used, or an id is not a UUID, then it answers 404", async () => {
    const owner = await signedIn('pro_starter');
    const other = await signedIn('pro_starter');
    const placeId = await createPlace(owner.headers, 'demo-madrid-abogado-1', MADRID);
    const keywordId = (await add(owner.headers, { name: 'abogado', placeId })).json<Keyword>()._id;
    const steal = await add(other.headers, { name: 'abogado', placeId });
    expect(steal.statusCode).toBe(404);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await app.inject({ method, url: `/api/keyword/${keywordId}`, headers: other.headers })).statusCode).toBe(404);
      expect((await app.inject({ method, url: '/api/keyword/no-es-un-uuid', headers: owner.headers })).statusCode).toBe(404);
    }
    expect((await add(owner.headers, { name: 'abogado penal', placeId: 'no-es-un-uuid' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/keyword/${keywordId}` })).statusCode).toBe(401);
  });

  it('when a basic plan reaches its keywords per place, then the next one is refused with the upgrade message', async () => {
    const { headers } = await signedIn('basico');
    const placeId = await createPlace(headers, 'demo-madrid-abogado-2', MADRID);
    for (const name of ['abogado', 'abogado laboral', 'abogado penal']) expect((await add(headers, { name, placeId })).statusCode).toBe(201);
    const res = await add(headers, { name: 'abogado civil', placeId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'Has alcanzado el límite de 3 keywords para tu plan actual. Actualiza tu suscripción para añadir más keywords.',
      errorType: 'upgrade_required',
    });
  });

  it('when a basic plan adds two keywords at once with room for one, then exactly one is stored', async () => {
    const { headers } = await signedIn('basico');
    const placeId = await createPlace(headers, 'demo-madrid-abogado-3', MADRID);
    for (const name of ['a1', 'a2']) expect((await add(headers, { name, placeId })).statusCode).toBe(201);
    const race = await Promise.all([add(headers, { name: 'a3', placeId }), add(headers, { name: 'a4', placeId })]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    const place = await app.inject({ method: 'GET', url: `/api/place/${placeId}?withKeywords=true`, headers });
    expect(place.json<Place>().keywords).toHaveLength(3);
  });

  it('when a user without a plan adds a keyword, then it is refused with upgrade_required', async () => {
    const { headers: paid } = await signedIn('pro_starter');
    const placeId = await createPlace(paid, 'demo-madrid-gimnasio-1', MADRID);
    const { headers } = await signedIn();
    expect((await add(headers, { name: 'abogado', placeId })).statusCode).toBe(404);
    // Their own place is needed to get past ownership; a free user cannot create one, so the
    // plan check is seen through a cancelled plan instead.
    const cancel = await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers: paid });
    expect(cancel.statusCode).toBe(200);
    const res = await add(paid, { name: 'abogado', placeId });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorType).toBe('upgrade_required');
  });

  it('when a keyword is deleted, then it is gone from the place', async () => {
    const { headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, 'demo-madrid-peluqueria-1', MADRID);
    const id = (await add(headers, { name: 'abogado', placeId })).json<Keyword>()._id;
    const del = await app.inject({ method: 'DELETE', url: `/api/keyword/${id}`, headers });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/keyword/${id}`, headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/keyword/${id}`, headers })).statusCode).toBe(404);
    const place = await app.inject({ method: 'GET', url: `/api/place/${placeId}?withKeywords=true`, headers });
    expect(place.json<Place>().keywords).toEqual([]);
  });
});
