import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { GBP_FIXTURE_IDS as ID, startFakeGoogleBusiness } from '../../../test/fake-google-business';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { gbpConnections } from '../../db/gbp-schema';
import { TokenCipher } from './token-cipher';
import { lastCompleteMonth } from './daily-metrics';

// Google mode end to end: the app configured with an OAuth client and pointed at a local fake
// of Google's token endpoint and Business Profile APIs answering recorded responses.

describe('Google Business Profile through Google, against a local fake', async () => {
  const fake = await startFakeGoogleBusiness();
  afterAll(() => fake.close());
  const { app, container } = await createTestApp(fake.env);
  const { db } = container.database;
  const cipher = new TokenCipher(Buffer.from(fake.env.GBP_TOKEN_KEY, 'base64'));
  const { user, headers } = await sessions(app, container).signedIn();
  const stored = async () => (await db.select().from(gbpConnections).where(eq(gbpConnections.userId, user.id)))[0];
  const expireAccessToken = () => db.update(gbpConnections).set({ accessTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(gbpConnections.userId, user.id));
  const daily = (metric: string, locationId: string = ID.larios) =>
    app.inject({ method: 'GET', url: `/api/gbp/performance/daily?locationId=${locationId}&metric=${metric}&startDate=2026-03-01&endDate=2026-03-05`, headers });
  const values = (res: { json(): { metricValues: { date: string; totalValue: { value: string } }[] } }) => res.json().metricValues.map((v) => [v.date, v.totalValue.value]);

  /** start-url, then what Google does after consent: the browser comes back with a code and the state. */
  async function connect(code: string = ID.goodCode) {
    const start = await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect&redirectAfter=/estadisticas', headers });
    const state = new URL(start.json<{ url: string }>().url).searchParams.get('state')!;
    return app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}&scope=${encodeURIComponent('https://www.googleapis.com/auth/business.manage')}` });
  }

  beforeEach(() => {
    fake.requests.length = 0;
    fake.setRefreshMode('ok');
    fake.setDown(false);
  });

  it('when health is asked with an OAuth client configured, then gbp is google', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().adapters.gbp).toBe('google');
  });

  it('when start-url is asked, then it is Google’s consent URL: business.manage, offline, forced consent, our callback and a state', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect&redirectAfter=/estadisticas', headers });
    const url = new URL(res.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(fake.env.GOOGLE_OAUTH_AUTH_URL);
    expect(url.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/business.manage');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(url.searchParams.get('state')!.split('.')).toHaveLength(3);
  });

  it('when Google refuses the code, then back with gbp=error and nothing stored', async () => {
    const res = await connect('4/0-already-used');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/estadisticas?gbp=error');
    expect(await stored()).toBeUndefined();
  });

  it('when the code is exchanged, then the tokens are stored encrypted (not the plaintext) and the status names the account', async () => {
    const res = await connect();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/estadisticas?gbp=connected');
    const exchange = fake.requests.find((r) => r.path === '/token')!;
    expect(new URLSearchParams(exchange.body).get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');

    const row = (await stored())!;
    expect(row.provider).toBe('google');
    expect(row.accessTokenEnc).not.toContain(ID.accessOne);
    expect(row.refreshTokenEnc).not.toContain(ID.refreshOne);
    expect(JSON.stringify(row)).not.toMatch(/ya29\.|1\/\/03/);
    expect(cipher.decrypt(row.accessTokenEnc, `${user.id}:access`)).toBe(ID.accessOne);
    expect(cipher.decrypt(row.refreshTokenEnc!, `${user.id}:refresh`)).toBe(ID.refreshOne);
    expect(row.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 3000_000);

    const status = (await app.inject({ method: 'GET', url: '/api/gbp/connection/status', headers })).json();
    expect(status).toEqual({ connected: true, expired: false, provider: 'google', accountEmail: 'propietaria@clinicalarios.es' });
  });

  it('when locations are listed, then both account pages and every location page are read, and a location seen twice is listed once', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/gbp/locations', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accounts: [
        { name: ID.personalAccount, accountName: 'Ana García' },
        { name: ID.groupAccount, accountName: 'Clínicas Larios S.L.' },
      ],
      locations: [
        { name: ID.larios, title: 'Clínica Dental Larios', storefrontAddress: 'Calle Marqués de Larios, 5, 29005 Málaga', accountName: 'Ana García', account: ID.personalAccount },
        { name: ID.ortodoncia, title: 'Larios Ortodoncia a domicilio', storefrontAddress: null, accountName: 'Ana García', account: ID.personalAccount },
        { name: ID.marbella, title: 'Clínica Dental Larios Marbella', storefrontAddress: 'Avenida Ricardo Soriano, 21, Local 3, 29601 Marbella, Málaga', accountName: 'Clínicas Larios S.L.', account: ID.groupAccount },
      ],
    });
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/accounts', '/v1/accounts', `/v1/${ID.personalAccount}/locations`, `/v1/${ID.personalAccount}/locations`, `/v1/${ID.groupAccount}/locations`]);
  });

  it('when the three metrics are asked, then they are the documented sums, days Google left out are 0 and int64 stays exact', async () => {
    expect(values(await daily('VIEWS'))).toEqual([
      ['2026-03-01', '177'],
      ['2026-03-02', '163'],
      ['2026-03-03', '0'],
      ['2026-03-04', '164'],
      ['2026-03-05', '9007199254741150'],
    ]);
    expect(values(await daily('SEARCHES'))).toEqual([
      ['2026-03-01', '110'],
      ['2026-03-02', '102'],
      ['2026-03-03', '0'],
      ['2026-03-04', '108'],
      ['2026-03-05', '105'],
    ]);
    expect(values(await daily('ACTIONS'))).toEqual([
      ['2026-03-01', '11'],
      ['2026-03-02', '5'],
      ['2026-03-03', '0'],
      ['2026-03-04', '8'],
      ['2026-03-05', '3'],
    ]);
    const perf = fake.requests.filter((r) => r.path.endsWith(':fetchMultiDailyMetricsTimeSeries')).map((r) => r.query.getAll('dailyMetrics'));
    expect(perf).toEqual([
      ['BUSINESS_IMPRESSIONS_DESKTOP_MAPS', 'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH', 'BUSINESS_IMPRESSIONS_MOBILE_MAPS', 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH'],
      ['BUSINESS_IMPRESSIONS_DESKTOP_SEARCH', 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH'],
      ['CALL_CLICKS', 'WEBSITE_CLICKS', 'BUSINESS_DIRECTION_REQUESTS'],
    ]);
  });

  it('when keywords are asked, then the last complete month is read, both pages merged, sorted by value and threshold-only ones last', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/gbp/performance/keywords?locationId=${ID.larios}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().keywords).toEqual([
      { keyword: 'ortodoncia invisible málaga', insightsValue: { value: '1290' } },
      { keyword: 'dentista málaga', insightsValue: { value: '412' } },
      { keyword: 'clínica dental larios', insightsValue: { value: '57' } },
      { keyword: 'dentista urgencias', insightsValue: { value: '57' } },
      { keyword: 'blanqueamiento dental', insightsValue: { threshold: '15' } },
      { keyword: 'endodoncia precio', insightsValue: { threshold: '15' } },
    ]);
    const month = lastCompleteMonth(new Date());
    const [first] = fake.requests.filter((r) => r.path.endsWith('/searchkeywords/impressions/monthly'));
    expect(`${first!.query.get('monthlyRange.startMonth.year')}-${first!.query.get('monthlyRange.startMonth.month')!.padStart(2, '0')}`).toBe(month.startMonth);
  });

  it('when the location is not one of the connection’s, then 404 and Google’s performance API is not called', async () => {
    const res = await daily('VIEWS', 'locations/1234567890');
    expect(res.statusCode).toBe(404);
    expect(fake.requests.some((r) => r.path.includes('fetchMultiDailyMetricsTimeSeries'))).toBe(false);
  });

  it('when the stored access token has expired, then it is refreshed first, re-encrypted, and the call uses the new one', async () => {
    await expireAccessToken();
    expect((await daily('ACTIONS')).statusCode).toBe(200);
    const refresh = fake.requests.find((r) => r.path === '/token')!;
    expect(new URLSearchParams(refresh.body).get('grant_type')).toBe('refresh_token');
    const perf = fake.requests.find((r) => r.path.endsWith(':fetchMultiDailyMetricsTimeSeries'))!;
    expect(perf.headers.authorization).toBe(`Bearer ${ID.accessTwo}`);
    const row = (await stored())!;
    expect(row.accessTokenEnc).not.toContain(ID.accessTwo);
    expect(cipher.decrypt(row.accessTokenEnc, `${user.id}:access`)).toBe(ID.accessTwo);
    expect(cipher.decrypt(row.refreshTokenEnc!, `${user.id}:refresh`)).toBe(ID.refreshOne);
    expect(row.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('when Google answers 401 to a still-valid token, then it is refreshed once and the call retried', async () => {
    fake.revoke(ID.accessTwo);
    const res = await daily('VIEWS');
    expect(res.statusCode).toBe(200);
    // The first Google call is refused, the token refreshed once, and that same call made again.
    const [refused, refresh, retried] = fake.requests;
    expect(refused!.headers.authorization).toBe(`Bearer ${ID.accessTwo}`);
    expect(refresh!.path).toBe('/token');
    expect(retried!.path).toBe(refused!.path);
    expect(fake.requests.filter((r) => r.path === '/token')).toHaveLength(1);
    expect(fake.requests.at(-1)!.path).toBe(`/v1/${ID.larios}:fetchMultiDailyMetricsTimeSeries`);
  });

  it('when Google is down, then 502 and the connection stays valid', async () => {
    await expireAccessToken();
    fake.setDown(true);
    const res = await daily('VIEWS');
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('GBP_UNAVAILABLE');
    expect((await stored())!.expired).toBe(false);
  });

  it('when the refresh gets invalid_grant, then the connection is expired: GBP_REAUTH_REQUIRED (409, never 500) and the status says expired', async () => {
    await expireAccessToken();
    fake.setRefreshMode('invalid_grant');
    const res = await daily('VIEWS');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'GBP_REAUTH_REQUIRED', error: expect.stringMatching(/Vuelve a conectar/) });
    expect((await stored())!.expired).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/gbp/connection/status', headers })).json()).toMatchObject({ connected: true, expired: true });
    fake.requests.length = 0;
    expect((await app.inject({ method: 'GET', url: '/api/gbp/locations', headers })).json().code).toBe('GBP_REAUTH_REQUIRED');
    expect(fake.requests).toHaveLength(0);
  });

  it('when the user reconnects after expiry, then the connection is live again', async () => {
    expect((await connect()).headers.location).toBe('/estadisticas?gbp=connected');
    expect((await app.inject({ method: 'GET', url: '/api/gbp/connection/status', headers })).json()).toMatchObject({ connected: true, expired: false });
    expect((await app.inject({ method: 'GET', url: '/api/gbp/locations', headers })).statusCode).toBe(200);
  });

  it('when the refresh gets a 401 from Google, then the connection is expired too', async () => {
    await expireAccessToken();
    fake.setRefreshMode('unauthorized');
    const res = await app.inject({ method: 'GET', url: `/api/gbp/performance/keywords?locationId=${ID.larios}`, headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('GBP_REAUTH_REQUIRED');
    expect((await stored())!.expired).toBe(true);
  });

  it('when Google keeps refusing even a fresh token, then the connection is expired rather than retried forever', async () => {
    await connect();
    fake.setRefuseTokens(true);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/gbp/locations', headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('GBP_REAUTH_REQUIRED');
      expect(fake.requests.filter((r) => r.path === '/token' && r.body.includes('refresh_token'))).toHaveLength(1);
      expect((await stored())!.expired).toBe(true);
    } finally {
      fake.setRefuseTokens(false);
    }
  });
});
