import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { GBP_FIXTURE_IDS as ID, startFakeGoogleBusiness } from '../../../test/fake-google-business';
import { loadConfig } from '../../config';
import { createGoogleGbpProvider } from './google';
import { GBP_SCOPE, GbpAuthError, GbpNotFoundError, GbpUnavailableError, LOCATION_READ_MASK } from './interface';

// The Google adapter against recorded responses (test/fixtures/gbp), served by a local fake
// shaped like Google's reference pages (see test/fake-google-business.ts for the addresses).

describe('Google Business Profile adapter, against recorded Google responses', async () => {
  const fake = await startFakeGoogleBusiness();
  afterAll(() => fake.close());
  const e = fake.env;
  // The settings the app would read from the fake's environment.
  const settings = loadConfig(fake.env).gbp.google!;
  const google = createGoogleGbpProvider({ ...settings, timeoutMs: 500 });
  const redirectUri = 'https://app.rankmaps.es/api/auth/google/callback';

  beforeEach(() => {
    fake.requests.length = 0;
    fake.setRefreshMode('ok');
    fake.setDown(false);
    fake.setHang(false);
    fake.accept(ID.accessOne);
  });

  it('when the consent URL is built, then it asks for business.manage offline with a forced consent and carries the state', () => {
    const url = new URL(google.authorizationUrl({ state: 'st-1', redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(e.GOOGLE_OAUTH_AUTH_URL);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(e.GOOGLE_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(redirectUri);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')?.split(' ')).toContain(GBP_SCOPE);
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('state')).toBe('st-1');
  });

  it('when a code is exchanged, then the documented form is posted and the tokens, expiry and e-mail come back', async () => {
    const before = Date.now();
    const tokens = await google.exchangeCode(ID.goodCode, redirectUri);
    expect(tokens).toMatchObject({ accessToken: ID.accessOne, refreshToken: ID.refreshOne, accountEmail: 'propietaria@clinicalarios.es' });
    expect(tokens.scope).toContain(GBP_SCOPE);
    expect(tokens.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3599_000);
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/token' });
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req!.body))).toEqual({
      grant_type: 'authorization_code',
      code: ID.goodCode,
      redirect_uri: redirectUri,
      client_id: e.GOOGLE_CLIENT_ID,
      client_secret: e.GOOGLE_CLIENT_SECRET,
    });
  });

  it('when a used or wrong code is exchanged, then invalid_grant is an auth error', async () => {
    await expect(google.exchangeCode('4/used-code', redirectUri)).rejects.toBeInstanceOf(GbpAuthError);
  });

  it('when the access token is refreshed, then the refresh form is posted and the old refresh token is kept (none sent back)', async () => {
    const fresh = await google.refreshAccessToken(ID.refreshOne);
    expect(fresh).toMatchObject({ accessToken: ID.accessTwo, refreshToken: null });
    expect(Object.fromEntries(new URLSearchParams(fake.requests[0]!.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: ID.refreshOne,
      client_id: e.GOOGLE_CLIENT_ID,
      client_secret: e.GOOGLE_CLIENT_SECRET,
    });
  });

  it('when Google answers invalid_grant to a refresh, then it is an auth error', async () => {
    fake.setRefreshMode('invalid_grant');
    await expect(google.refreshAccessToken(ID.refreshOne)).rejects.toThrow(GbpAuthError);
    await expect(google.refreshAccessToken(ID.refreshOne)).rejects.toThrow(/invalid_grant: Token has been expired or revoked/);
  });

  it('when Google answers 401 to a refresh, then it is an auth error too', async () => {
    fake.setRefreshMode('unauthorized');
    await expect(google.refreshAccessToken(ID.refreshOne)).rejects.toBeInstanceOf(GbpAuthError);
  });

  it('when the accounts span two pages, then nextPageToken is followed and both accounts come back', async () => {
    const accounts = await google.listAccounts(ID.accessOne);
    expect(accounts).toEqual([
      { name: ID.personalAccount, accountName: 'Ana García' },
      { name: ID.groupAccount, accountName: 'Clínicas Larios S.L.' },
    ]);
    expect(fake.requests.map((r) => [r.path, r.query.get('pageToken')])).toEqual([
      ['/v1/accounts', null],
      ['/v1/accounts', 'CAEQAA'],
    ]);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${ID.accessOne}`);
  });

  it('when locations span two pages, then the read mask is sent on each and addresses become one line (null without storefront)', async () => {
    const locations = await google.listLocations(ID.accessOne, ID.personalAccount, LOCATION_READ_MASK);
    expect(locations).toEqual([
      { name: ID.larios, title: 'Clínica Dental Larios', storefrontAddress: 'Calle Marqués de Larios, 5, 29005 Málaga' },
      { name: ID.ortodoncia, title: 'Larios Ortodoncia a domicilio', storefrontAddress: null },
    ]);
    expect(fake.requests.map((r) => [r.path, r.query.get('readMask'), r.query.get('pageToken')])).toEqual([
      [`/v1/${ID.personalAccount}/locations`, 'name,title,storefrontAddress', null],
      [`/v1/${ID.personalAccount}/locations`, 'name,title,storefrontAddress', 'AB12cd34'],
    ]);
    const group = await google.listLocations(ID.accessOne, ID.groupAccount, LOCATION_READ_MASK);
    expect(group[1]!.storefrontAddress).toBe('Avenida Ricardo Soriano, 21, Local 3, 29601 Marbella, Málaga');
  });

  it('when daily metrics are fetched, then each metric and the range go as documented query parameters', async () => {
    await google.fetchDailyMetrics(ID.accessOne, ID.larios, ['CALL_CLICKS', 'WEBSITE_CLICKS'], { startDate: '2026-03-01', endDate: '2026-03-05' });
    const [req] = fake.requests;
    expect(req!.path).toBe(`/v1/${ID.larios}:fetchMultiDailyMetricsTimeSeries`);
    expect(req!.query.getAll('dailyMetrics')).toEqual(['CALL_CLICKS', 'WEBSITE_CLICKS']);
    expect(Object.fromEntries([...req!.query].filter(([k]) => k.startsWith('dailyRange')))).toEqual({
      'dailyRange.startDate.year': '2026',
      'dailyRange.startDate.month': '3',
      'dailyRange.startDate.day': '1',
      'dailyRange.endDate.year': '2026',
      'dailyRange.endDate.month': '3',
      'dailyRange.endDate.day': '5',
    });
  });

  it('when the series come back, then int64 strings stay exact, a value-less day is 0 and a missing day stays missing', async () => {
    const series = await google.fetchDailyMetrics(ID.accessOne, ID.larios, ['BUSINESS_IMPRESSIONS_DESKTOP_MAPS'], { startDate: '2026-03-01', endDate: '2026-03-05' });
    const maps = series.find((s) => s.dailyMetric === 'BUSINESS_IMPRESSIONS_DESKTOP_MAPS')!;
    expect(maps.values).toEqual([
      { date: '2026-03-01', value: 12n },
      { date: '2026-03-02', value: 0n },
      { date: '2026-03-04', value: 7n },
      { date: '2026-03-05', value: 9007199254740993n },
    ]);
  });

  it('when keywords span two pages, then the monthly range is sent and a threshold-only keyword keeps just its threshold', async () => {
    const keywords = await google.listSearchKeywords(ID.accessOne, ID.larios, { startMonth: '2026-02', endMonth: '2026-02' });
    expect(keywords).toHaveLength(6);
    expect(keywords).toContainEqual({ keyword: 'endodoncia precio', value: null, threshold: '15' });
    expect(keywords).toContainEqual({ keyword: 'ortodoncia invisible málaga', value: '1290', threshold: null });
    const [first, second] = fake.requests;
    expect(first!.path).toBe(`/v1/${ID.larios}/searchkeywords/impressions/monthly`);
    expect(Object.fromEntries(first!.query)).toEqual({
      'monthlyRange.startMonth.year': '2026',
      'monthlyRange.startMonth.month': '2',
      'monthlyRange.endMonth.year': '2026',
      'monthlyRange.endMonth.month': '2',
      pageSize: '100',
    });
    expect(second!.query.get('pageToken')).toBe('CgwI6AcQAxgBIAEoAQ==');
  });

  it('when Google answers 401 to an API call, then it is an auth error', async () => {
    fake.revoke(ID.accessOne);
    await expect(google.listAccounts(ID.accessOne)).rejects.toBeInstanceOf(GbpAuthError);
  });

  it('when a location is not this connection’s, then Google’s 403 is a not-found', async () => {
    await expect(google.fetchDailyMetrics(ID.accessOne, 'locations/1', ['CALL_CLICKS'], { startDate: '2026-03-01', endDate: '2026-03-02' })).rejects.toBeInstanceOf(GbpNotFoundError);
  });

  it('when Google is down or too slow, then it is unavailable (never an auth error)', async () => {
    fake.setDown(true);
    await expect(google.listAccounts(ID.accessOne)).rejects.toBeInstanceOf(GbpUnavailableError);
    await expect(google.refreshAccessToken(ID.refreshOne)).rejects.toBeInstanceOf(GbpUnavailableError);
    fake.setDown(false);
    fake.setHang(true);
    await expect(google.listAccounts(ID.accessOne)).rejects.toThrow(/no ha respondido/);
  });
});
