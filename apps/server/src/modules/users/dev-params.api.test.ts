import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Profile, profileSchema } from '@rankmaps/shared/schemas/profile';
import { subscribeThroughSandbox } from '../../../test/sandbox';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { creditTransactions, devPlanOverrides } from '../../db/billing-schema';

const params = {
  planLimits: { type: 'basic', places: 1, keywords: 3, credits: 0 },
  subscriptionCredits: 0,
  extraCredits: 0,
};

describe('PUT /api/user/dev-params with developer tools on', async () => {
  const { app, container } = await createTestApp({ DEV_TOOLS: 'true' });
  const db = container.database.db;
  const { signedIn } = sessions(app, container);
  const put = (headers: Record<string, string>, payload: object) => app.inject({ method: 'PUT', url: '/api/user/dev-params', headers, payload });
  const profileOf = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json<Profile>();

  it('when the panel sets pro limits and balances, then the profile shows them and the balances are in the ledger', async () => {
    const { user, headers } = await signedIn();
    const res = await put(headers, { planLimits: { type: 'pro', places: -1, keywords: 50, credits: 800 }, subscriptionCredits: 120, extraCredits: 45 });
    expect(res.statusCode).toBe(200);
    expect(profileSchema.strict().safeParse(res.json()).success).toBe(true);
    expect(res.json()).toMatchObject({
      currentPlan: 'free',
      planLimits: { type: 'pro', places: -1, keywords: 50, credits: 800, weeklyScans: 0, gridSize: 7 },
      subscriptionCredits: 120,
      extraCredits: 45,
    });
    expect(await profileOf(headers)).toMatchObject({ subscriptionCredits: 120, extraCredits: 45 });
    const ledger = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));
    expect(ledger.filter((t) => t.kind === 'adjustment').map((t) => t.amount).sort((a, b) => a - b)).toEqual([45, 120]);
  });

  it('when it is applied to a paying subscriber, then the plan stays and the override and balances apply on top', async () => {
    const { user, headers } = await signedIn();
    await subscribeThroughSandbox(app, headers, 'pro_agency', 'monthly');
    const res = await put(headers, { planLimits: { type: 'basic', places: 1, keywords: 3, credits: 0 }, subscriptionCredits: 10, extraCredits: 0 });
    expect(res.json()).toMatchObject({
      currentPlan: 'pro_agency',
      planLimits: { type: 'basic', places: 1, keywords: 3, credits: 0, gridSize: 21 },
      subscriptionCredits: 10,
      extraCredits: 0,
    });
    // The 1,500 granted credits left through an expiry entry, and the sum of the ledger is the balance.
    const ledger = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));
    expect(ledger.map((t) => t.kind).sort()).toEqual(['adjustment', 'expire', 'grant']);
    expect(ledger.reduce((n, t) => n + t.amount, 0)).toBe(10);
  });

  it('when the same values are sent twice, then the second call changes nothing in the ledger', async () => {
    const { user, headers } = await signedIn();
    const body = { ...params, subscriptionCredits: 30, extraCredits: 5 };
    await put(headers, body);
    const before = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));
    const again = await put(headers, body);
    expect(again.json()).toMatchObject({ subscriptionCredits: 30, extraCredits: 5 });
    expect(await db.select().from(creditTransactions).where(eq(creditTransactions.userId, user.id))).toHaveLength(before.length);
  });

  it('when several panel saves race, then the balances end at one of the requested values, never a sum', async () => {
    const { headers } = await signedIn();
    const values = [10, 20, 30, 40];
    const results = await Promise.all(values.map((n) => put(headers, { ...params, subscriptionCredits: n, extraCredits: n })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const profile = await profileOf(headers);
    expect(values).toContain(profile.subscriptionCredits);
    expect(values).toContain(profile.extraCredits);
  });

  it.each([
    ['the plan type is unknown', { ...params, planLimits: { ...params.planLimits, type: 'gold' } }, 'El tipo de plan debe ser basic, pro o free'],
    ['places is below -1', { ...params, planLimits: { ...params.planLimits, places: -2 } }, 'Los negocios deben ser un número entero entre -1 (ilimitados) y 100000'],
    ['keywords is negative', { ...params, planLimits: { ...params.planLimits, keywords: -1 } }, 'Las keywords deben ser un número entero entre 0 y 100000'],
    ['plan credits are not a number', { ...params, planLimits: { ...params.planLimits, credits: 'muchos' } }, 'Los créditos del plan deben ser un número entero entre 0 y 1000000'],
    ['subscription credits are negative', { ...params, subscriptionCredits: -5 }, 'Los créditos de suscripción deben ser un número entero entre 0 y 1000000'],
    ['extra credits are fractional', { ...params, extraCredits: 1.5 }, 'Los créditos extra deben ser un número entero entre 0 y 1000000'],
    ['extra credits are too many', { ...params, extraCredits: 1_000_001 }, 'Los créditos extra deben ser un número entero entre 0 y 1000000'],
  ])('when %s, then it answers 400 in Spanish and changes nothing', async (_label, payload, message) => {
    const { user, headers } = await signedIn();
    const res = await put(headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await db.select().from(devPlanOverrides).where(eq(devPlanOverrides.userId, user.id))).toHaveLength(0);
  });

  it('when there is no token, then it answers 401', async () => {
    expect((await put({}, params)).statusCode).toBe(401);
  });
});

describe('PUT /api/user/dev-params with developer tools off (production)', async () => {
  const { app, container } = await createTestApp({ DEV_TOOLS: 'false' });
  const db = container.database.db;
  const { signedIn } = sessions(app, container);

  it('when the panel is called, then the endpoint does not exist (404)', async () => {
    const { headers } = await signedIn();
    const res = await app.inject({ method: 'PUT', url: '/api/user/dev-params', headers, payload: params });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Recurso no encontrado.');
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/internal/json' })).json();
    expect(Object.keys(docs.paths)).not.toContain('/api/user/dev-params');
  });

  it('when an override is left in the database, then the profile ignores it', async () => {
    const { user, headers } = await signedIn();
    await db.insert(devPlanOverrides).values({ userId: user.id, planLimits: { type: 'pro', places: -1, keywords: 99, credits: 9999 } });
    const profile = (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json();
    expect(profile).toMatchObject({ currentPlan: 'free', planLimits: { type: 'free', places: 1, keywords: 10, credits: 0 } });
  });
});
