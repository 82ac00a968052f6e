import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_EMAIL, DEMO_KEYWORD_THRESHOLD, DEMO_LOCATIONS, demoDailyValue, demoKeywordValue } from './demo-data';
import { DemoReviewStore, demoGoogleUpdated } from './demo-reviews';
import { GBP_SCOPE, GbpAuthError, GbpNotFoundError, type GbpProvider, type SearchKeywordCount } from './interface';

/** The demo location of a business: every business of a workspace with the demo connection has one (docs/decisions.md §32.4). */
export const demoReviewLocation = (placeId: string) => `${DEMO_ACCOUNT.name}/locations/demo-place-${placeId}`;

// The demo connection: the same OAuth round trip (our own callback stands in for Google's
// consent screen) and deterministic synthetic data, so the statistics screen works without
// keys or network. Everything it returns is labelled demo by the status's provider field.

const TOKEN_TTL_MS = 3600_000;
const DEMO_CODE = /^demo-[A-Za-z0-9_-]{16,}$/;

const demoToken = (kind: string) => `demo-${kind}-${randomBytes(16).toString('base64url')}`;

function requireDemoToken(accessToken: string) {
  if (!accessToken.startsWith('demo-access-')) throw new GbpAuthError('El token no es de la conexión de demostración.');
}

function findLocation(location: string) {
  const found = DEMO_LOCATIONS.find((l) => l.name === location);
  if (!found) throw new GbpNotFoundError(`La ubicación ${location} no existe en la demostración.`);
  return found;
}

function* days(startDate: string, endDate: string): Generator<string> {
  for (let t = Date.parse(`${startDate}T00:00:00Z`), end = Date.parse(`${endDate}T00:00:00Z`); t <= end; t += 86_400_000) {
    yield new Date(t).toISOString().slice(0, 10);
  }
}

function* months(startMonth: string, endMonth: string): Generator<string> {
  let [y, m] = startMonth.split('-').map(Number) as [number, number];
  for (let i = 0; i < 240 && `${y}-${String(m).padStart(2, '0')}` <= endMonth; i++) {
    yield `${y}-${String(m).padStart(2, '0')}`;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

export type DemoGbpProvider = GbpProvider & { readonly reviewStore: DemoReviewStore };

export function createDemoGbpProvider(opts: { now?: () => Date } = {}): DemoGbpProvider {
  const now = opts.now ?? (() => new Date());
  const reviewStore = new DemoReviewStore();
  const findReview = (name: string) => {
    const found = reviewStore.find(name, now());
    if (!found) throw new GbpNotFoundError(`La reseña ${name} no existe en la demostración.`);
    return found;
  };
  return {
    name: 'demo',
    reviewStore,

    async listReviews(accessToken, location, { pageSize, pageToken }) {
      requireDemoToken(accessToken);
      const all = reviewStore.all(location, now());
      const offset = pageToken ? Number(pageToken) : 0;
      const page = all.slice(offset, offset + Math.min(pageSize, 50));
      return { reviews: page, nextPageToken: offset + page.length < all.length ? String(offset + page.length) : null };
    },

    async getReview(accessToken, name) {
      requireDemoToken(accessToken);
      return findReview(name);
    },

    async updateReply(accessToken, name, comment) {
      requireDemoToken(accessToken);
      findReview(name);
      return reviewStore.reply(name, comment, now());
    },

    async deleteReply(accessToken, name) {
      requireDemoToken(accessToken);
      findReview(name);
      reviewStore.deleteReply(name);
    },

    async getGoogleUpdated(accessToken, location) {
      requireDemoToken(accessToken);
      return demoGoogleUpdated(location, now());
    },

    async listLocationPlaceIds(accessToken) {
      requireDemoToken(accessToken);
      return [];
    },

    // Straight back to our own callback with a demo code: the browser makes the same trip.
    authorizationUrl({ state, redirectUri }) {
      const callback = new URL(redirectUri);
      const qs = new URLSearchParams({ code: demoToken('code'), state, scope: GBP_SCOPE });
      return `${callback.pathname}?${qs.toString()}`;
    },

    async exchangeCode(code) {
      if (!DEMO_CODE.test(code)) throw new GbpAuthError('invalid_grant: el código de demostración no es válido.');
      return {
        accessToken: demoToken('access'),
        refreshToken: demoToken('refresh'),
        expiresAt: new Date(now().getTime() + TOKEN_TTL_MS),
        scope: GBP_SCOPE,
        accountEmail: DEMO_ACCOUNT_EMAIL,
      };
    },

    async refreshAccessToken(refreshToken) {
      if (!refreshToken.startsWith('demo-refresh-')) throw new GbpAuthError('invalid_grant: el token de demostración no es válido.');
      return { accessToken: demoToken('access'), expiresAt: new Date(now().getTime() + TOKEN_TTL_MS), refreshToken: null };
    },

    async listAccounts(accessToken) {
      requireDemoToken(accessToken);
      return [DEMO_ACCOUNT];
    },

    async listLocations(accessToken, account) {
      requireDemoToken(accessToken);
      if (account !== DEMO_ACCOUNT.name) return [];
      return DEMO_LOCATIONS.map((l) => ({ name: l.name, title: l.title, storefrontAddress: l.storefrontAddress }));
    },

    // Like Google: no figures for today or later, and a day whose value is zero carries none.
    async fetchDailyMetrics(accessToken, location, dailyMetrics, range) {
      requireDemoToken(accessToken);
      const loc = findLocation(location);
      const today = now().toISOString().slice(0, 10);
      return dailyMetrics.map((metric) => ({
        dailyMetric: metric,
        values: [...days(range.startDate, range.endDate)].filter((d) => d < today).map((date) => ({ date, value: BigInt(demoDailyValue(loc, metric, date)) })),
      }));
    },

    async listSearchKeywords(accessToken, location, range) {
      requireDemoToken(accessToken);
      const loc = findLocation(location);
      const monthList = [...months(range.startMonth, range.endMonth)];
      const out: SearchKeywordCount[] = loc.keywords.map(([keyword, base]) => {
        const total = monthList.reduce((sum, month) => sum + demoKeywordValue(loc, keyword, base, month), 0);
        return total < DEMO_KEYWORD_THRESHOLD
          ? { keyword, value: null, threshold: String(DEMO_KEYWORD_THRESHOLD) }
          : { keyword, value: String(total), threshold: null };
      });
      return out;
    },
  };
}
