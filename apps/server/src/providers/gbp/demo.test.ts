import { describe, expect, it } from 'vitest';
import { createDemoGbpProvider } from './demo';
import { DEMO_LOCATIONS } from './demo-data';
import { DAILY_METRICS, GbpAuthError, GbpNotFoundError, LOCATION_READ_MASK } from './interface';

const now = () => new Date('2026-05-20T10:00:00Z');
const demo = createDemoGbpProvider({ now });

async function connect() {
  const url = new URL(demo.authorizationUrl({ state: 's', redirectUri: 'http://localhost:3000/api/auth/google/callback' }), 'http://localhost:3000');
  return demo.exchangeCode(url.searchParams.get('code')!, '');
}

describe('demo Google Business Profile', () => {
  it('when the consent URL is built, then it is our own callback path with a demo code and the same state', () => {
    const url = demo.authorizationUrl({ state: 'st-9', redirectUri: 'http://localhost:3000/api/auth/google/callback' });
    expect(url.startsWith('/api/auth/google/callback?')).toBe(true);
    const q = new URL(url, 'http://x').searchParams;
    expect(q.get('state')).toBe('st-9');
    expect(q.get('code')).toMatch(/^demo-code-/);
  });

  it('when a code that is not a demo code is exchanged, then it is refused like an invalid_grant', async () => {
    await expect(demo.exchangeCode('4/google-code', '')).rejects.toBeInstanceOf(GbpAuthError);
    await expect(demo.refreshAccessToken('1//google-refresh')).rejects.toBeInstanceOf(GbpAuthError);
  });

  it('when connected, then one labelled demo account holds two Spanish businesses', async () => {
    const { accessToken, accountEmail } = await connect();
    expect(accountEmail).toContain('demo');
    const [account] = await demo.listAccounts(accessToken);
    expect(account!.accountName).toMatch(/demostración/);
    const locations = await demo.listLocations(accessToken, account!.name, LOCATION_READ_MASK);
    expect(locations).toHaveLength(2);
    for (const l of locations) {
      expect(l.name).toMatch(/^locations\/demo-\d+$/);
      expect(l.storefrontAddress).toMatch(/\d{5} (Málaga|Madrid)$/);
    }
  });

  it('when 60 days are asked, then every past day of every metric has a value, the same on every call, and today has none', async () => {
    const { accessToken } = await connect();
    const range = { startDate: '2026-03-22', endDate: '2026-05-20' };
    const a = await demo.fetchDailyMetrics(accessToken, DEMO_LOCATIONS[0]!.name, DAILY_METRICS, range);
    const b = await demo.fetchDailyMetrics(accessToken, DEMO_LOCATIONS[0]!.name, DAILY_METRICS, range);
    expect(a).toEqual(b);
    for (const s of a) {
      expect(s.values).toHaveLength(59);
      expect(s.values.at(-1)!.date).toBe('2026-05-19');
    }
    const views = a.find((s) => s.dailyMetric === 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH')!;
    expect(views.values.reduce((n, v) => n + v.value, 0n)).toBeGreaterThan(59n * 30n);
  });

  it('when the weeks are averaged, then the clinic is quieter on Sundays and the bakery busier', async () => {
    const { accessToken } = await connect();
    const range = { startDate: '2026-01-01', endDate: '2026-04-30' };
    const ratio = async (location: string) => {
      const [s] = await demo.fetchDailyMetrics(accessToken, location, ['BUSINESS_IMPRESSIONS_MOBILE_MAPS'], range);
      const avg = (sunday: boolean) => {
        const days = s!.values.filter((v) => (new Date(`${v.date}T00:00:00Z`).getUTCDay() === 0) === sunday);
        return Number(days.reduce((n, v) => n + v.value, 0n)) / days.length;
      };
      return avg(true) / avg(false);
    };
    expect(await ratio(DEMO_LOCATIONS[0]!.name)).toBeLessThan(0.7);
    expect(await ratio(DEMO_LOCATIONS[1]!.name)).toBeGreaterThan(1.15);
  });

  it('when keywords are listed, then some carry a value and the rare ones only a threshold', async () => {
    const { accessToken } = await connect();
    const keywords = await demo.listSearchKeywords(accessToken, DEMO_LOCATIONS[0]!.name, { startMonth: '2026-04', endMonth: '2026-04' });
    expect(keywords.length).toBeGreaterThan(9);
    expect(keywords.filter((k) => k.value !== null && k.threshold === null).length).toBeGreaterThan(5);
    expect(keywords.filter((k) => k.value === null && k.threshold === '15').length).toBeGreaterThan(0);
  });

  it('when a location is not the demo’s or the token is not a demo token, then it is not found or refused', async () => {
    const { accessToken } = await connect();
    await expect(demo.listSearchKeywords(accessToken, 'locations/123', { startMonth: '2026-04', endMonth: '2026-04' })).rejects.toBeInstanceOf(GbpNotFoundError);
    await expect(demo.listAccounts('ya29.google')).rejects.toBeInstanceOf(GbpAuthError);
  });
});
