import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/test-app';
import { creditTransactions, subscriptions } from './db/billing-schema';
import { users } from './db/schema';
import { DEMO_USER, seedDemoData } from './seed';

describe('seedDemoData', async () => {
  const { app, container } = await createTestApp({ DEMO_USER: 'true' });
  const db = container.database.db;

  it('when the app starts for the first time, then a confirmed demo account exists and can sign in', async () => {
    await seedDemoData(container);
    const rows = await db.select().from(users).where(eq(users.email, 'demo@rankmaps.es'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Demo RankMaps', mailConfirmed: true });
    const res = await app.inject({ method: 'POST', url: '/api/auth/login/user', payload: { email: 'demo@rankmaps.es', password: 'Demo1234!' } });
    expect(res.statusCode).toBe(200);
  });

  it('when it runs again, also from two processes at once, then there is still one demo account', async () => {
    await Promise.all([seedDemoData(container), seedDemoData(container), seedDemoData(container)]);
    expect(await db.select().from(users).where(eq(users.email, DEMO_USER.email))).toHaveLength(1);
  });

  it('when the demo account is absent and seeds race, then exactly one is created', async () => {
    await db.delete(users).where(eq(users.email, DEMO_USER.email));
    await Promise.all([seedDemoData(container), seedDemoData(container)]);
    expect(await db.select().from(users).where(eq(users.email, DEMO_USER.email))).toHaveLength(1);
  });

  const demoId = async () => (await db.select().from(users).where(eq(users.email, DEMO_USER.email)))[0]!.id;
  const subscriptionsOf = async (userId: string) => db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

  it('when the demo account is seeded, then it has one active Agency subscription paid monthly, with its 1,500 credits', async () => {
    await seedDemoData(container);
    const userId = await demoId();
    const subs = await subscriptionsOf(userId);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ planId: 'pro_agency', billingPeriod: 'monthly', status: 'active', provider: 'sandbox', trialEnd: null, amount: 9900 });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login/user', payload: { email: DEMO_USER.email, password: DEMO_USER.password } });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const profile = (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json();
    expect(profile).toMatchObject({ currentPlan: 'pro_agency', subscriptionStatus: 'active', planLimits: { type: 'pro', credits: 1500 }, subscriptionCredits: 1500 });
    const history = (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json();
    expect(history.payments).toHaveLength(1);
    expect(history.payments[0]).toMatchObject({ description: 'Plan Agency (mensual)', status: 'paid', amount: 99 });
  });

  it('when the seed runs again, also several times at once, then the demo account still has exactly one subscription and one grant', async () => {
    await seedDemoData(container);
    await Promise.all([seedDemoData(container), seedDemoData(container), seedDemoData(container)]);
    const userId = await demoId();
    expect(await subscriptionsOf(userId)).toHaveLength(1);
    const grants = (await db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId))).filter((t) => t.kind === 'grant');
    expect(grants).toHaveLength(1);
  });

  it('when a fresh demo account is seeded by racing starts, then exactly one subscription is created', async () => {
    await db.delete(users).where(eq(users.email, DEMO_USER.email));
    await Promise.all([seedDemoData(container), seedDemoData(container), seedDemoData(container)]);
    expect(await subscriptionsOf(await demoId())).toHaveLength(1);
  });

  it('when the demo user cancelled their subscription, then a restart does not subscribe them again', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login/user', payload: { email: DEMO_USER.email, password: DEMO_USER.password } });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers })).statusCode).toBe(200);
    await seedDemoData(container);
    const subs = await subscriptionsOf(await demoId());
    expect(subs).toHaveLength(1);
    expect(subs[0]!.status).toBe('canceled');
  });

  it('when it runs, then it logs the credentials in Spanish every time', async () => {
    const info = vi.spyOn(container.log, 'info');
    await seedDemoData(container);
    await seedDemoData(container);
    const lines = info.mock.calls.map((call) => call.find((arg) => typeof arg === 'string'));
    expect(lines.filter((l) => l === 'Cuenta demo: entra con demo@rankmaps.es y la contraseña Demo1234!')).toHaveLength(2);
    info.mockRestore();
  });
});
