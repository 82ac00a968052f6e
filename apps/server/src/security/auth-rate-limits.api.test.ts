import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { multipartBody } from '../../test/multipart';
import { sessions } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';
import { sharedRateLimitOf } from '../modules/rate-limits/shared-rate-limit';

const LIMIT = 2;

/** Fills each :param of a route path, so the request reaches the route (its hooks run before validation). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'A'.repeat(43));

describe('rate limits of the sensitive endpoints, shared by every API process', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_AUTH_MAX: String(LIMIT), RATE_LIMIT_UPLOAD_MAX: String(LIMIT), RATE_LIMIT_SHARE_MAX: String(LIMIT), RATE_LIMIT_CHAT_MAX: String(LIMIT) });
  // Two more API processes on the same database: they share the data and nothing else.
  const others = await Promise.all([buildApp(container), buildApp(container)]);
  await Promise.all(others.map((o) => o.ready()));
  afterAll(() => Promise.all(others.map((o) => o.close())));
  const processes = [app, ...others];

  // Headers alone: the calls go to three API processes, not only to `app`.
  const { signedIn: signedInUser } = sessions(app, container);
  const signedIn = async () => (await signedInUser()).headers;

  // The cases come from the route table: every route with a database-backed limit.
  const limited = app.routeTable
    .flatMap((route: RouteOptions) => {
      const limit = [route.onRequest].flat().map(sharedRateLimitOf).find(Boolean);
      return limit ? [{ method: String(route.method), url: route.url, limit }] : [];
    })
    .filter((c, i, all) => all.findIndex((o) => o.method === c.method && o.url === c.url) === i)
    // Fastify's HEAD twin of a limited GET (the shared report) runs the same hooks and counter; its answers have no body to read.
    .filter((c) => c.method !== 'HEAD');

  it('finds a shared limit on sign-in, sign-up, password reset, contact and support', () => {
    const urls = limited.map((c) => c.url);
    for (const url of [
      '/api/auth/login/user',
      '/api/auth/signup/user',
      '/api/auth/request-password-reset/user',
      '/api/auth/reset-password/user/:token',
      '/api/general/contactform',
      '/api/general/support',
      '/api/share/:token',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it.each(limited.map((c) => [`${c.method} ${c.url}`, c] as const))(
    'when one client calls %s past its limit, spread over three API processes, then it answers 429 in Spanish with Retry-After, and another client is not affected',
    async (_label, { method, url, limit }) => {
      expect(limit.max).toBe(LIMIT);
      const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
      const headers = limit.per === 'user' ? await signedIn() : {};
      const call = (i: number, h: Record<string, string> = headers, remoteAddress = address) =>
        processes[i % processes.length]!.inject({ method: method as 'POST', url: concrete(url), headers: h, remoteAddress, payload: {} });
      for (let i = 0; i < LIMIT; i++) expect((await call(i)).statusCode).not.toBe(429);
      const refused = await call(LIMIT);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(limit.message);
      expect(refused.json().error).toMatch(/^Demasiad/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(limit.windowSeconds - 10);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(limit.windowSeconds);
      const other = limit.per === 'user' ? await call(0, await signedIn()) : await call(0, headers, '203.0.113.77');
      expect(other.statusCode).not.toBe(429);
    },
  );

  it('when a user uploads profile pictures past the hourly limit, then the next upload answers 429 in Spanish, while saving the name alone still works', async () => {
    const headers = await signedIn();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const put = (withPicture: boolean, h = headers) => {
      const body = multipartBody([
        { name: 'name', value: 'Lucía' },
        ...(withPicture ? [{ name: 'profilePicture', filename: 'foto.png', data: png, contentType: 'image/png' }] : []),
      ]);
      return app.inject({ method: 'PUT', url: '/api/user', headers: { ...h, ...body.headers }, payload: body.payload });
    };
    for (let i = 0; i < LIMIT; i++) expect((await put(true)).statusCode).toBe(200);
    const refused = await put(true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Has subido demasiadas fotos de perfil. Inténtalo de nuevo más tarde.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await put(false)).statusCode).toBe(200);
    expect((await put(true, await signedIn())).statusCode).toBe(200);
  });
});
