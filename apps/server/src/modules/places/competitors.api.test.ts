import type { FollowedCompetitorsResponse } from '@rankmaps/shared/schemas/trend';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { followedCompetitorsRepository } from './competitors.repository';
import { FOLLOW_LIMIT, FOLLOW_OWN_BUSINESS } from './competitors.service';

type Headers = Record<string, string>;

describe('followed competitors (API)', async () => {
  const { app, container } = await createTestApp();
  const { signedIn, createPlace } = rankmapFixtures(app, container);
  const url = (placeId: string) => `/api/place/${placeId}/competitors`;
  const follow = (headers: Headers, placeId: string, payload: unknown) => app.inject({ method: 'POST', url: url(placeId), headers, payload: payload as Record<string, unknown> });
  const list = async (headers: Headers, placeId: string) => {
    const res = await app.inject({ method: 'GET', url: url(placeId), headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FollowedCompetitorsResponse>().followed;
  };
  const withPlace = async (googlePlaceId = 'demo-malaga-dentista-1') => {
    const { user, headers } = await signedIn('basico');
    return { user, headers, placeId: await createPlace(headers, googlePlaceId) };
  };
  const rival = (n: number) => ({ placeId: `demo-malaga-dentista-${n}`, name: `Clínica rival ${n}` });

  it('when a user follows competitors, then they are listed oldest first; following one again changes nothing; unfollowing removes it', async () => {
    const { headers, placeId } = await withPlace();
    expect(await list(headers, placeId)).toEqual([]);

    const first = await follow(headers, placeId, { placeId: ' demo-malaga-dentista-2 ', name: '  Clínica rival 2 ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ followed: [rival(2)] });
    const second = await follow(headers, placeId, rival(3));
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({ followed: [rival(2), rival(3)] });

    const again = await follow(headers, placeId, { ...rival(2), name: 'Otro nombre' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ followed: [rival(2), rival(3)] });
    expect(await list(headers, placeId)).toEqual([rival(2), rival(3)]);

    const removed = await app.inject({ method: 'DELETE', url: `${url(placeId)}/${rival(2).placeId}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ followed: [rival(3)] });
    const noop = await app.inject({ method: 'DELETE', url: `${url(placeId)}/demo-nunca-seguido`, headers });
    expect(noop.statusCode).toBe(200);
    expect(noop.json()).toEqual({ followed: [rival(3)] });
    // Following again puts it last.
    expect((await follow(headers, placeId, rival(2))).json()).toEqual({ followed: [rival(3), rival(2)] });
  });

  it('when a sixth competitor is followed, then it answers 409 with the limit message; unfollowing one makes room', async () => {
    const { headers, placeId } = await withPlace();
    for (const n of [2, 3, 4, 5, 6]) expect((await follow(headers, placeId, rival(n))).statusCode).toBe(201);
    const sixth = await follow(headers, placeId, rival(7));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ error: 'Solo puedes seguir hasta 5 competidores por negocio. Deja de seguir uno para añadir otro.', code: 'FOLLOW_LIMIT' });
    expect(FOLLOW_LIMIT).toBe(sixth.json().error);
    // One already followed is still fine at the limit.
    expect((await follow(headers, placeId, rival(4))).statusCode).toBe(200);
    expect(await list(headers, placeId)).toHaveLength(5);
    await app.inject({ method: 'DELETE', url: `${url(placeId)}/${rival(4).placeId}`, headers });
    expect((await follow(headers, placeId, rival(7))).statusCode).toBe(201);
    expect((await list(headers, placeId)).map((f) => f.placeId)).toEqual([2, 3, 5, 6, 7].map((n) => rival(n).placeId));
  });

  it('when several follows arrive at once, then the limit of 5 holds and the same competitor is stored once', async () => {
    const { headers, placeId } = await withPlace();
    for (const n of [2, 3, 4]) await follow(headers, placeId, rival(n));
    const racing = await Promise.all([5, 6, 7, 8].map((n) => follow(headers, placeId, rival(n))));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect(await list(headers, placeId)).toHaveLength(5);

    const other = await withPlace();
    const same = await Promise.all([1, 2, 3].map(() => follow(other.headers, other.placeId, rival(2))));
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await list(other.headers, other.placeId)).toEqual([rival(2)]);
  });

  it('when the user tries to follow their own business, then it answers 400', async () => {
    const { headers, placeId } = await withPlace();
    const res = await follow(headers, placeId, { placeId: 'demo-malaga-dentista-1', name: 'Yo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('No puedes seguir a tu propio negocio.');
    expect(FOLLOW_OWN_BUSINESS).toBe(res.json().error);
    expect(await list(headers, placeId)).toEqual([]);
  });

  it('when a business has no provider id, then its synthetic table id can be followed and unfollowed through the URL', async () => {
    const { headers, placeId } = await withPlace();
    const local = { placeId: 'local:barpepe@36.7213,-4.4214', name: 'Bar Pepe' };
    expect((await follow(headers, placeId, local)).statusCode).toBe(201);
    const res = await app.inject({ method: 'DELETE', url: `${url(placeId)}/${encodeURIComponent(local.placeId)}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ followed: [] });
  });

  it("when another user's place, a missing place or a non-UUID is used, then every call answers 404 and nothing changes", async () => {
    const owner = await withPlace();
    await follow(owner.headers, owner.placeId, rival(2));
    const other = await signedIn('basico');
    const calls = (placeId: string): [string, string, unknown?][] => [
      ['GET', url(placeId)],
      ['POST', url(placeId), rival(3)],
      ['DELETE', `${url(placeId)}/${rival(2).placeId}`],
    ];
    for (const [method, path, payload] of [...calls(owner.placeId), ...calls('abc'), ...calls('00000000-0000-4000-8000-000000000000')]) {
      const res = await app.inject({ method: method as 'GET', url: path, headers: other.headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().error).toBe('Lugar no encontrado.');
    }
    expect((await app.inject({ method: 'GET', url: url(owner.placeId) })).statusCode).toBe(401);
    expect(await list(owner.headers, owner.placeId)).toEqual([rival(2)]);
  });

  it('when the input is malformed, then it answers 400 with a clear message, never 500', async () => {
    const { headers, placeId } = await withPlace();
    const cases: [unknown, string][] = [
      [{}, 'Falta el competidor.'],
      [{ placeId: '   ', name: 'X' }, 'Falta el competidor.'],
      [{ placeId: 42, name: 'X' }, 'Falta el competidor.'],
      [{ placeId: 'x'.repeat(301), name: 'X' }, 'Competidor no válido.'],
      [{ placeId: 'demo-x' }, 'Falta el nombre del competidor.'],
      [{ placeId: 'demo-x', name: 'n'.repeat(301) }, 'El nombre del competidor es demasiado largo.'],
      [[rival(2)], ''],
      [null, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await follow(headers, placeId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().error).toBe(message);
    }
    const json = { ...headers, 'content-type': 'application/json' };
    for (const payload of ['{"placeId":', '"texto"', '']) {
      const res = await app.inject({ method: 'POST', url: url(placeId), headers: json, payload });
      expect(res.statusCode, payload).toBe(400);
    }
    // Not JSON at all: a client error, never a 500.
    for (const contentType of ['text/plain', 'application/octet-stream']) {
      const res = await app.inject({ method: 'POST', url: url(placeId), headers: { ...headers, 'content-type': contentType }, payload: 'texto' });
      expect([400, 415], contentType).toContain(res.statusCode);
    }
    const longId = await app.inject({ method: 'GET', url: url('a'.repeat(101)), headers });
    expect(longId.statusCode).toBe(400);
    const longCompetitor = await app.inject({ method: 'DELETE', url: `${url(placeId)}/${'c'.repeat(301)}`, headers });
    expect(longCompetitor.statusCode).toBe(400);
    expect(await list(headers, placeId)).toEqual([]);
  });

  it('when the place is deleted, then its follows go with it', async () => {
    const { headers, placeId } = await withPlace();
    for (const n of [2, 3]) await follow(headers, placeId, rival(n));
    expect(await followedCompetitorsRepository.listByPlace(container.database.db, placeId)).toHaveLength(2);
    expect((await app.inject({ method: 'DELETE', url: `/api/place/${placeId}`, headers })).statusCode).toBe(200);
    expect(await followedCompetitorsRepository.listByPlace(container.database.db, placeId)).toEqual([]);
    expect((await app.inject({ method: 'GET', url: url(placeId), headers })).statusCode).toBe(404);
  });
});
