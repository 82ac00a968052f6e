import { decodeJwt } from 'jose';
import type { GoogleGbpSettings } from '../../config';
import { googleReviews } from './google-reviews';
import { apiError, callGoogle, formatPostalAddress, int64, isoDay, tokenEndpointError } from './google-http';
import {
  type DailyMetricSeries,
  GBP_SCOPE,
  type GbpAccountInfo,
  type GbpLocationInfo,
  type GbpProvider,
  GbpUnavailableError,
  type SearchKeywordCount,
} from './interface';

// Google's OAuth 2.0 for web servers and the three Business Profile APIs, over fetch.
//   OAuth:        https://developers.google.com/identity/protocols/oauth2/web-server
//   accounts:     https://developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts/list
//   locations:    https://developers.google.com/my-business/reference/businessinformation/rest/v1/accounts.locations/list
//   daily:        https://developers.google.com/my-business/reference/performance/rest/v1/locations/fetchMultiDailyMetricsTimeSeries
//   keywords:     https://developers.google.com/my-business/reference/performance/rest/v1/locations.searchkeywords.impressions.monthly/list

export interface GoogleGbpOptions extends GoogleGbpSettings {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Pages followed at most, so a misbehaving API cannot loop forever. */
const MAX_PAGES = 20;

interface TokenResponse {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  id_token?: string;
}

interface ListAccountsResponse {
  accounts?: { name?: string; accountName?: string }[];
  nextPageToken?: string;
}

interface ListLocationsResponse {
  locations?: { name?: string; title?: string; storefrontAddress?: { addressLines?: string[]; postalCode?: string; locality?: string; administrativeArea?: string } }[];
  nextPageToken?: string;
}

interface FetchMultiDailyMetricsTimeSeriesResponse {
  multiDailyMetricTimeSeries?: {
    dailyMetricTimeSeries?: {
      dailyMetric?: string;
      timeSeries?: { datedValues?: { date?: { year?: number; month?: number; day?: number }; value?: string }[] };
    }[];
  }[];
}

interface ListSearchKeywordImpressionsMonthlyResponse {
  searchKeywordsCounts?: { searchKeyword?: string; insightsValue?: { value?: string; threshold?: string } }[];
  nextPageToken?: string;
}

const trim = (url: string) => url.replace(/\/$/, '');
const splitDay = (day: string) => day.split('-').map(Number) as [number, number, number];

export function createGoogleGbpProvider(opts: GoogleGbpOptions): GbpProvider {
  const fetchImpl = opts.fetch ?? fetch;
  const accountsBase = trim(opts.accountManagementUrl);
  const infoBase = trim(opts.businessInformationUrl);
  const perfBase = trim(opts.performanceUrl);

  async function token(form: Record<string, string>) {
    const answer = await callGoogle(
      fetchImpl,
      opts.tokenUrl,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: new URLSearchParams(form).toString() },
      opts.timeoutMs,
    );
    if (answer.status !== 200) throw tokenEndpointError(answer);
    const body = (answer.body ?? {}) as TokenResponse;
    if (!body.access_token) throw new GbpUnavailableError('El servidor de autorización de Google no ha devuelto un token.');
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    return { body, accessToken: body.access_token, expiresAt: new Date(Date.now() + expiresIn * 1000) };
  }

  async function get<T>(what: string, url: string, accessToken: string, locationScoped: boolean): Promise<T> {
    const answer = await callGoogle(fetchImpl, url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } }, opts.timeoutMs);
    if (answer.status !== 200) throw apiError(what, answer, locationScoped);
    if (answer.body === undefined) throw new GbpUnavailableError(`Google Business Profile ha devuelto una respuesta ilegible (${what}).`);
    return answer.body as T;
  }

  /** Follows nextPageToken until the last page. */
  async function allPages<T extends { nextPageToken?: string }>(what: string, url: (pageToken?: string) => string, accessToken: string, locationScoped: boolean): Promise<T[]> {
    const pages: T[] = [];
    let pageToken: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await get<T>(what, url(pageToken), accessToken, locationScoped);
      pages.push(page);
      pageToken = page.nextPageToken || undefined;
      if (!pageToken) break;
    }
    return pages;
  }

  return {
    name: 'google',
    ...googleReviews(fetchImpl, { myBusiness: trim(opts.myBusinessUrl ?? 'https://mybusiness.googleapis.com'), info: infoBase }, opts.timeoutMs),

    authorizationUrl({ state, redirectUri }) {
      const url = new URL(opts.authUrl);
      url.search = new URLSearchParams({
        client_id: opts.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        // business.manage for the data; openid email to know which Google account was connected.
        scope: `${GBP_SCOPE} openid email`,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode(code, redirectUri) {
      const { body, accessToken, expiresAt } = await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
      });
      let accountEmail: string | null = null;
      // The id_token comes straight from Google's token endpoint over TLS, so its claims can be
      // read without checking the signature (OpenID Connect Core, section 3.1.3.7, Google's OIDC guide).
      if (body.id_token) {
        try {
          const email = decodeJwt(body.id_token).email;
          accountEmail = typeof email === 'string' ? email : null;
        } catch {
          accountEmail = null;
        }
      }
      return { accessToken, refreshToken: body.refresh_token ?? null, expiresAt, scope: body.scope ?? null, accountEmail };
    },

    async refreshAccessToken(refreshToken) {
      const { body, accessToken, expiresAt } = await token({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
      });
      return { accessToken, expiresAt, refreshToken: body.refresh_token ?? null };
    },

    async listAccounts(accessToken) {
      const pages = await allPages<ListAccountsResponse>(
        'accounts.list',
        (pageToken) => `${accountsBase}/v1/accounts?${new URLSearchParams({ pageSize: '20', ...(pageToken ? { pageToken } : {}) }).toString()}`,
        accessToken,
        false,
      );
      const out: GbpAccountInfo[] = [];
      for (const a of pages.flatMap((p) => p.accounts ?? [])) {
        if (a.name) out.push({ name: a.name, accountName: a.accountName ?? a.name });
      }
      return out;
    },

    async listLocations(accessToken, account, readMask) {
      const pages = await allPages<ListLocationsResponse>(
        'accounts.locations.list',
        (pageToken) => `${infoBase}/v1/${account}/locations?${new URLSearchParams({ readMask, pageSize: '100', ...(pageToken ? { pageToken } : {}) }).toString()}`,
        accessToken,
        false,
      );
      const out: GbpLocationInfo[] = [];
      for (const l of pages.flatMap((p) => p.locations ?? [])) {
        if (l.name) out.push({ name: l.name, title: l.title ?? '', storefrontAddress: formatPostalAddress(l.storefrontAddress) });
      }
      return out;
    },

    async fetchDailyMetrics(accessToken, location, dailyMetrics, range) {
      const [sy, sm, sd] = splitDay(range.startDate);
      const [ey, em, ed] = splitDay(range.endDate);
      const qs = new URLSearchParams();
      for (const m of dailyMetrics) qs.append('dailyMetrics', m);
      qs.set('dailyRange.startDate.year', String(sy));
      qs.set('dailyRange.startDate.month', String(sm));
      qs.set('dailyRange.startDate.day', String(sd));
      qs.set('dailyRange.endDate.year', String(ey));
      qs.set('dailyRange.endDate.month', String(em));
      qs.set('dailyRange.endDate.day', String(ed));
      const body = await get<FetchMultiDailyMetricsTimeSeriesResponse>('fetchMultiDailyMetricsTimeSeries', `${perfBase}/v1/${location}:fetchMultiDailyMetricsTimeSeries?${qs.toString()}`, accessToken, true);
      const out: DailyMetricSeries[] = [];
      for (const series of (body.multiDailyMetricTimeSeries ?? []).flatMap((m) => m.dailyMetricTimeSeries ?? [])) {
        if (!series.dailyMetric) continue;
        const values: DailyMetricSeries['values'] = [];
        for (const dv of series.timeSeries?.datedValues ?? []) {
          const date = isoDay(dv.date);
          // "The value of the datapoint. This will not be present when the value is zero."
          if (date) values.push({ date, value: int64(dv.value) ?? 0n });
        }
        out.push({ dailyMetric: series.dailyMetric, values });
      }
      return out;
    },

    async listSearchKeywords(accessToken, location, range) {
      const [sy, sm] = range.startMonth.split('-');
      const [ey, em] = range.endMonth.split('-');
      const pages = await allPages<ListSearchKeywordImpressionsMonthlyResponse>(
        'searchkeywords.impressions.monthly.list',
        (pageToken) => {
          const qs = new URLSearchParams({
            'monthlyRange.startMonth.year': String(Number(sy)),
            'monthlyRange.startMonth.month': String(Number(sm)),
            'monthlyRange.endMonth.year': String(Number(ey)),
            'monthlyRange.endMonth.month': String(Number(em)),
            pageSize: '100',
          });
          if (pageToken) qs.set('pageToken', pageToken);
          return `${perfBase}/v1/${location}/searchkeywords/impressions/monthly?${qs.toString()}`;
        },
        accessToken,
        true,
      );
      const out: SearchKeywordCount[] = [];
      for (const k of pages.flatMap((p) => p.searchKeywordsCounts ?? [])) {
        if (!k.searchKeyword) continue;
        const value = int64(k.insightsValue?.value);
        const threshold = int64(k.insightsValue?.threshold);
        out.push({ keyword: k.searchKeyword, value: value === null ? null : value.toString(), threshold: threshold === null ? null : threshold.toString() });
      }
      return out;
    },
  };
}
