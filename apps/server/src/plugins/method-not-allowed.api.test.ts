import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

describe('405 Method Not Allowed', async () => {
  const { app } = await createTestApp();

  it('when a known path is called with a method it does not have, then it answers 405 in Spanish with Allow', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/place' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json()).toEqual({ error: 'Esta dirección no admite este método. Métodos admitidos: GET, HEAD, POST.', code: 'METHOD_NOT_ALLOWED' });
  });

  it('when a path with an id is called with a missing method, then the path is still recognised (405, not 404)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/place/3f1c7c1e-1111-4d2a-9a53-8a1f7e0c9d21?x=1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, DELETE');
  });

  it('when an unknown path is called, then it stays a 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(res.headers.allow).toBeUndefined();
  });
});
