import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { gbpConnections, oauthStates } from '../../db/gbp-schema';
import { getOrCreateSecret } from '../../lib/secrets';
import { OAuthStateSigner } from './oauth-state';

// The whole connection and statistics flow on the demo provider (the default), through the API
// and a real database, as the browser and the Estadísticas screen use it.

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

async function startUrl(app: FastifyInstance, headers: Record<string, string>, redirectAfter = '/estadisticas') {
  const res = await app.inject({ method: 'GET', url: `/api/auth/google/start-url?intent=gbp_connect&redirectAfter=${encodeURIComponent(redirectAfter)}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ url: string }>().url;
}

/** start-url, then follow the URL the browser would follow: the demo sends it straight to our callback. */
async function connect(app: FastifyInstance, headers: Record<string, string>, redirectAfter?: string) {
  const url = await startUrl(app, headers, redirectAfter);
  return app.inject({ method: 'GET', url });
}

describe('Google Business Profile on the demo provider', async () => {
  const { app, container } = await createTestApp();
  const { db } = container.database;
  const { signedIn } = sessions(app, container);
  const storedConnection = async (userId: string) => (await db.select().from(gbpConnections).where(eq(gbpConnections.userId, userId)))[0];
  const yesterday = Date.now() - DAY;
  const last30 = { startDate: iso(yesterday - 29 * DAY), endDate: iso(yesterday) };

  it('when health is asked without Google OAuth configured, then gbp is demo', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().adapters.gbp).toBe('demo');
  });

  it('when the user has not connected, then the status says so and every GBP call answers GBP_NOT_CONNECTED', async () => {
    const { headers } = await signedIn();
    const status = await app.inject({ method: 'GET', url: '/api/gbp/connection/status', headers });
    expect(status.json()).toEqual({ connected: false, expired: false, provider: 'demo', accountEmail: null });
    for (const url of ['/api/gbp/locations', `/api/gbp/performance/daily?locationId=locations/demo-1001&metric=VIEWS&startDate=${last30.startDate}&endDate=${last30.endDate}`, '/api/gbp/performance/keywords?locationId=locations/demo-1001']) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ code: 'GBP_NOT_CONNECTED', error: expect.stringMatching(/Conecta/) });
    }
  });

  it('when start-url is asked without a session or with another intent, then 401 and 400', async () => {
    const { headers } = await signedIn();
    expect((await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect' })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=login', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/gbp_connect/);
  });

  it('when the user connects, follows the URL and opens Estadísticas, then locations, 30 days of each metric and the keywords come back', async () => {
    const { headers } = await signedIn();
    const url = await startUrl(app, headers);
    expect(url).toMatch(/^\/api\/auth\/google\/callback\?/);
    const callback = await app.inject({ method: 'GET', url });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/estadisticas?gbp=connected');

    const status = (await app.inject({ method: 'GET', url: '/api/gbp/connection/status', headers })).json();
    expect(status).toMatchObject({ connected: true, expired: false, provider: 'demo' });

    const locations = await app.inject({ method: 'GET', url: '/api/gbp/locations', headers });
    expect(locations.statusCode).toBe(200);
    const body = locations.json();
    expect(body.accounts).toHaveLength(1);
    expect(body.locations).toHaveLength(2);
    expect(body.locations[0]).toMatchObject({ name: 'locations/demo-1001', title: expect.any(String), storefrontAddress: expect.stringMatching(/Málaga/), account: body.accounts[0].name });

    const series: Record<string, { date: string; totalValue: { value: string } }[]> = {};
    for (const metric of ['VIEWS', 'SEARCHES', 'ACTIONS']) {
      const res = await app.inject({ method: 'GET', url: `/api/gbp/performance/daily?locationId=locations/demo-1001&metric=${metric}&startDate=${last30.startDate}&endDate=${last30.endDate}`, headers });
      expect(res.statusCode, metric).toBe(200);
      const values = res.json().metricValues;
      expect(values).toHaveLength(30);
      expect(values[0].date).toBe(last30.startDate);
      expect(values[29].date).toBe(last30.endDate);
      for (const v of values) expect(v.totalValue.value).toMatch(/^\d+$/);
      series[metric] = values;
    }
    const total = (m: string) => series[m]!.reduce((n, v) => n + Number(v.totalValue.value), 0);
    expect(total('VIEWS')).toBeGreaterThan(total('SEARCHES'));
    expect(total('SEARCHES')).toBeGreaterThan(total('ACTIONS'));
    expect(total('ACTIONS')).toBeGreaterThan(0);
    series.VIEWS!.forEach((v, i) => expect(Number(v.totalValue.value)).toBeGreaterThanOrEqual(Number(series.SEARCHES![i]!.totalValue.value)));

    const keywords = await app.inject({ method: 'GET', url: '/api/gbp/performance/keywords?locationId=locations/demo-1001', headers });
    expect(keywords.statusCode).toBe(200);
    const list = keywords.json().keywords as { keyword: string; insightsValue: { value?: string; threshold?: string } }[];
    expect(list.length).toBeGreaterThanOrEqual(9);
    const valued = list.filter((k) => k.insightsValue.value !== undefined).map((k) => Number(k.insightsValue.value));
    expect(valued).toEqual([...valued].sort((a, b) => b - a));
    expect(list.at(-1)!.insightsValue).toEqual({ threshold: '15' });
  });

  it('when the callback URL is used a second time, then 400 with gbp=error and the connection is untouched', async () => {
    const { user, headers } = await signedIn();
    const url = await startUrl(app, headers);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(302);
    const before = await storedConnection(user.id);
    const again = await app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toMatch(/text\/html/);
    expect(again.body).toContain('/estadisticas?gbp=error');
    expect(await storedConnection(user.id)).toEqual(before);
  });

  it('when the state is tampered with, missing, or names another user, then 400 and nothing is stored', async () => {
    const { user, headers } = await signedIn();
    const url = new URL(await startUrl(app, headers), 'http://localhost');
    const state = url.searchParams.get('state')!;
    const [h, p, s] = state.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const other = await signedIn();
    const forged = [h, Buffer.from(JSON.stringify({ ...payload, sub: other.user.id })).toString('base64url'), s].join('.');
    for (const bad of [`${state.slice(0, -2)}xx`, forged, '', 'not-a-jwt']) {
      const res = await app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${url.searchParams.get('code')}&state=${encodeURIComponent(bad)}` });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('gbp=error');
    }
    expect(await storedConnection(user.id)).toBeUndefined();
    expect(await storedConnection(other.user.id)).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/auth/google/callback' })).statusCode).toBe(400);
  });

  it('when the state has expired (its token or its stored nonce), then 400 and nothing is stored', async () => {
    const { user, headers } = await signedIn();
    // The token's own expiry: signed with the app's secret, 10 minutes ago.
    const signer = new OAuthStateSigner(await getOrCreateSecret(db, 'jwt_secret', undefined));
    const expired = await signer.sign({ userId: user.id, nonce: 'n-expired', redirectAfter: '/estadisticas' }, new Date(Date.now() - 600_000));
    const res = await app.inject({ method: 'GET', url: `/api/auth/google/callback?code=demo-code-aaaaaaaaaaaaaaaaaaaa&state=${expired}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('/estadisticas?gbp=error');
    // The stored nonce's expiry: a state handed out, then left for more than 10 minutes.
    const url = await startUrl(app, headers);
    await db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oauthStates.userId, user.id));
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(400);
    expect(await storedConnection(user.id)).toBeUndefined();
  });

  it('when the user refuses on the consent screen, then back with gbp=denied and nothing stored', async () => {
    const { user, headers } = await signedIn();
    const state = new URL(await startUrl(app, headers, '/'), 'http://localhost').searchParams.get('state')!;
    const res = await app.inject({ method: 'GET', url: `/api/auth/google/callback?error=access_denied&state=${state}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?gbp=denied');
    expect(await storedConnection(user.id)).toBeUndefined();
  });

  it('when redirectAfter is another origin or not a path, then the browser goes back to /; a path keeps its query and fragment', async () => {
    const { headers } = await signedIn();
    for (const bad of ['https://evil.example/x', '//evil.example', 'estadisticas', '/\\evil.example']) {
      expect((await connect(app, headers, bad)).headers.location).toBe('/?gbp=connected');
    }
    expect((await connect(app, headers, '/estadisticas?loc=2#top')).headers.location).toBe('/estadisticas?loc=2&gbp=connected#top');
  });

  it('when the range is reversed, longer than 18 months, or not real dates, then 400 with a Spanish message (18 months exactly is fine)', async () => {
    const { headers } = await signedIn();
    await connect(app, headers);
    const daily = (q: string) => app.inject({ method: 'GET', url: `/api/gbp/performance/daily?locationId=locations/demo-1001&metric=VIEWS&${q}`, headers });
    const reversed = await daily('startDate=2026-03-10&endDate=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toBe('La fecha de inicio no puede ser posterior a la fecha de fin');
    const tooLong = await daily('startDate=2024-01-01&endDate=2025-07-02');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('El rango de fechas no puede superar los 18 meses');
    expect((await daily('startDate=2024-01-01&endDate=2025-07-01')).statusCode).toBe(200);
    for (const q of ['startDate=2026-02-30&endDate=2026-03-01', 'startDate=2026-3-1&endDate=2026-03-02', 'endDate=2026-03-02', 'startDate=x&endDate=y']) {
      const res = await daily(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error, q).toMatch(/fecha/);
    }
  });

  it('when the metric or locationId is malformed, then 400; a well-formed location outside the connection is 404', async () => {
    const { headers } = await signedIn();
    await connect(app, headers);
    const range = `startDate=${last30.startDate}&endDate=${last30.endDate}`;
    for (const url of [
      `/api/gbp/performance/daily?locationId=locations/demo-1001&metric=CLICKS&${range}`,
      `/api/gbp/performance/daily?locationId=accounts/1&metric=VIEWS&${range}`,
      `/api/gbp/performance/daily?locationId=locations/1/../2&metric=VIEWS&${range}`,
      '/api/gbp/performance/keywords?locationId=',
      '/api/gbp/performance/keywords',
      '/api/gbp/performance/keywords?locationId=locations/1&locationId=locations/2',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(400);
    }
    const foreign = await app.inject({ method: 'GET', url: '/api/gbp/performance/keywords?locationId=locations/4455667788990011223', headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('GBP_LOCATION_NOT_FOUND');
  });

  it('when the user disconnects, then the tokens are gone and the calls answer GBP_NOT_CONNECTED again', async () => {
    const { user, headers } = await signedIn();
    await connect(app, headers);
    expect((await app.inject({ method: 'GET', url: '/api/gbp/locations', headers })).statusCode).toBe(200);
    const res = await app.inject({ method: 'DELETE', url: '/api/gbp/connection', headers });
    expect(res.statusCode).toBe(200);
    expect(await storedConnection(user.id)).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/gbp/connection/status', headers })).json().connected).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/gbp/locations', headers })).json().code).toBe('GBP_NOT_CONNECTED');
  });

  it('when the OpenAPI document is built, then the GBP routes are in the internal reference, and the callback is a documented 302 with Location', async () => {
    // The session API is documented in the internal reference; /api/docs is the v1 API's.
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/internal/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/google/start-url', '/api/auth/google/callback', '/api/gbp/performance/daily', '/api/gbp/performance/keywords', '/api/gbp/locations', '/api/gbp/connection/status']));
    const callback = doc.paths['/api/auth/google/callback'].get;
    expect(callback.security).toEqual([]);
    expect(callback.responses['302'].headers).toHaveProperty('Location');
    expect(callback.responses['302'].content).toBeUndefined();
  });
});
