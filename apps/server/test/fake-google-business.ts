import { readFileSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeNow } from './local-server';

// A local stand-in for Google's OAuth token endpoint and the three Business Profile APIs, on
// 127.0.0.1, answering with the recorded responses under test/fixtures/gbp/. Their shapes follow
// Google's reference pages:
//   token:     https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code
//              https://developers.google.com/identity/protocols/oauth2/web-server#offline (refresh, invalid_grant)
//   accounts:  https://developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts/list
//   locations: https://developers.google.com/my-business/reference/businessinformation/rest/v1/accounts.locations/list
//   daily:     https://developers.google.com/my-business/reference/performance/rest/v1/locations/fetchMultiDailyMetricsTimeSeries
//              (DatedValue.value: int64 as a string, "not present when the value is zero")
//   keywords:  https://developers.google.com/my-business/reference/performance/rest/v1/locations.searchkeywords.impressions.monthly/list
//              (InsightsValue: value, or only threshold)

export const GBP_FIXTURE_IDS = {
  personalAccount: 'accounts/112233445566778899',
  groupAccount: 'accounts/998877665544332211',
  larios: 'locations/4455667788990011223',
  ortodoncia: 'locations/5566778899001122334',
  marbella: 'locations/6677889900112233445',
  goodCode: '4/0AeanS0-recorded-code',
  accessOne: 'ya29.a0AfB_byC-access-one',
  accessTwo: 'ya29.a0AfB_byC-access-two',
  refreshOne: '1//03-refresh-token-one',
} as const;

export function gbpFixture(name: string): string {
  return readFileSync(new URL(`./fixtures/gbp/${name}`, import.meta.url), 'utf8');
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type RefreshMode = 'ok' | 'invalid_grant' | 'unauthorized';

export async function startFakeGoogleBusiness() {
  const requests: RecordedRequest[] = [];
  const validTokens = new Set<string>();
  let refreshMode: RefreshMode = 'ok';
  let down = false;
  let hang = false;
  let refuseTokens = false;

  const route = (r: RecordedRequest): { status: number; fixture: string } => {
    if (down) return { status: 503, fixture: 'error-unavailable.json' };
    if (r.method === 'POST' && r.path === '/token') {
      const form = new URLSearchParams(r.body);
      if (form.get('grant_type') === 'authorization_code') {
        if (form.get('code') !== GBP_FIXTURE_IDS.goodCode) return { status: 400, fixture: 'token-invalid-grant.json' };
        validTokens.add(GBP_FIXTURE_IDS.accessOne);
        return { status: 200, fixture: 'token-exchange.json' };
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (refreshMode === 'invalid_grant' || form.get('refresh_token') !== GBP_FIXTURE_IDS.refreshOne) return { status: 400, fixture: 'token-invalid-grant.json' };
        if (refreshMode === 'unauthorized') return { status: 401, fixture: 'token-invalid-client.json' };
        validTokens.add(GBP_FIXTURE_IDS.accessTwo);
        return { status: 200, fixture: 'token-refresh.json' };
      }
      return { status: 400, fixture: 'token-invalid-grant.json' };
    }
    const bearer = r.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (r.method !== 'GET' || refuseTokens || !validTokens.has(bearer)) return { status: 401, fixture: 'error-unauthenticated.json' };
    const page = r.query.get('pageToken');
    if (r.path === '/v1/accounts') return { status: 200, fixture: page === 'CAEQAA' ? 'accounts-page-2.json' : 'accounts-page-1.json' };
    if (r.path === `/v1/${GBP_FIXTURE_IDS.personalAccount}/locations` && r.query.get('readMask'))
      return { status: 200, fixture: page === 'AB12cd34' ? 'locations-personal-page-2.json' : 'locations-personal-page-1.json' };
    if (r.path === `/v1/${GBP_FIXTURE_IDS.groupAccount}/locations` && r.query.get('readMask')) return { status: 200, fixture: 'locations-group.json' };
    if (r.path === `/v1/${GBP_FIXTURE_IDS.larios}:fetchMultiDailyMetricsTimeSeries`)
      return { status: 200, fixture: r.query.getAll('dailyMetrics').includes('CALL_CLICKS') ? 'daily-actions.json' : 'daily-impressions.json' };
    if (r.path === `/v1/${GBP_FIXTURE_IDS.larios}/searchkeywords/impressions/monthly`)
      return { status: 200, fixture: page ? 'keywords-page-2.json' : 'keywords-page-1.json' };
    return { status: 403, fixture: 'error-permission-denied.json' };
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded = { method: req.method ?? '', path: decodeURIComponent(url.pathname), query: url.searchParams, headers: req.headers, body };
      requests.push(recorded);
      if (hang) return;
      const { status, fixture } = route(recorded);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(gbpFixture(fixture));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    requests,
    /** The environment that points the app at this fake. */
    env: {
      GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GBP_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
      GOOGLE_OAUTH_AUTH_URL: `${baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${baseUrl}/token`,
      GBP_ACCOUNT_MANAGEMENT_URL: baseUrl,
      GBP_BUSINESS_INFORMATION_URL: baseUrl,
      GBP_PERFORMANCE_URL: baseUrl,
      GBP_MY_BUSINESS_URL: baseUrl,
    },
    /** Makes Google forget an access token, as when it is revoked or lapses early. */
    revoke(token: string) {
      validTokens.delete(token);
    },
    accept(token: string) {
      validTokens.add(token);
    },
    setRefreshMode(mode: RefreshMode) {
      refreshMode = mode;
    },
    setDown(value: boolean) {
      down = value;
    },
    setHang(value: boolean) {
      hang = value;
    },
    /** Every API call answers 401, even with a freshly refreshed token. */
    setRefuseTokens(value: boolean) {
      refuseTokens = value;
    },
    close: () => closeNow(server),
  };
}
