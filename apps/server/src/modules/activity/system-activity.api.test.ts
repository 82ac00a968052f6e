import { nextWeeklyScan } from '@rankmaps/shared/schedule';
import type { ActivityList } from '@rankmaps/shared/schemas/activity';
import { beforeAll, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { enqueueDueCampaignRounds } from '../campaigns/campaign-scheduler.service';

// Entries no route makes (docs/decisions.md §30.5): the payment provider's notices about the
// plan, and the scheduled rounds that spend credits, with no actor («Sistema»).

const HOUR = 3_600_000;
const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
beforeAll(() => container.seaIndex.ready(), 300_000);
const fx = rankmapFixtures(app, container);
type Headers = Record<string, string>;

const entries = async (headers: Headers, query: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/activity${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActivityList>().items;
};

it('records the plan the provider confirmed, and its cancellation, as the system; the person’s request under their name', async () => {
  const { user, headers } = await fx.signedIn('pro_starter');
  const created = await entries(headers, '?kind=plan');
  expect(created).toHaveLength(1);
  expect(created[0]).toMatchObject({ action: 'subscriptionCreated', actor: null, target: { type: 'plan', id: 'pro_starter', label: 'Starter' }, summary: 'Se contrató el plan «Starter».' });
  const res = await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers });
  expect(res.statusCode, res.body).toBe(200);
  await expect
    .poll(async () => (await entries(headers, '?kind=plan')).map((e) => [e.action, e.actor?.id ?? null]), { timeout: 5_000, interval: 50 })
    .toEqual(expect.arrayContaining([['subscriptionCancelled', null], ['cancelSubscriptionNow', user.id], ['subscriptionCreated', null]]));
  expect(await entries(headers, '?kind=plan')).toHaveLength(3);
});

it('records a weekly round once, with its analyses and the credits they take', async () => {
  const { headers } = await fx.signedIn('pro_starter');
  const placeId = await fx.createPlace(headers, 'demo-granada-dentista-1', { lat: 37.1773, lng: -3.5986 }, 3);
  await fx.addKeyword(headers, placeId, 'uno');
  await fx.addKeyword(headers, placeId, 'dos');
  const at = new Date(nextWeeklyScan(new Date(), 1, 9, 'Europe/Madrid').getTime() + HOUR);
  expect(await enqueueDueCampaignRounds(container, at)).toBeGreaterThanOrEqual(2);
  expect(await enqueueDueCampaignRounds(container, new Date(at.getTime() + 10 * 60_000))).toBe(0);
  const rounds = await entries(headers, '?kind=scan');
  expect(rounds).toHaveLength(1);
  expect(rounds[0]).toMatchObject({ action: 'campaignRound', actor: null, target: { type: 'campaign' }, details: { analyses: 2, credits: 18 } });
  expect(rounds[0]?.summary).toMatch(/^Empezó una ronda programada de análisis «.+»\.$/);
});
