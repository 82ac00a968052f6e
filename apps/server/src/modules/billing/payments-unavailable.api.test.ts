import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createContainer } from '../../container';
import { subscriptions } from '../../db/billing-schema';
import { buildUser } from '../../../test/factories';
import { sessions } from '../../../test/sessions';
import { changedTables, watchDatabase } from '../../../test/fuzz/db-fingerprint';
import { createTestApp, openTestDatabase } from '../../../test/test-app';
import { billingRepository } from './billing.repository';
import { PAYMENTS_UNAVAILABLE_MESSAGE } from './billing.service';
import { PAYMENTS_UNAVAILABLE_WARNING } from './index';

// Production without Stripe keys (docs/operations.md "Payments"): the sandbox is off, so there
// is no payment provider at all. Every action that needs one answers a Spanish 503 and writes
// nothing, instead of handing out a sandbox link that answers 404.

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  // The test database is passed in directly; production only insists that one is configured.
  DATABASE_URL: 'postgres://unused.invalid/db',
  DEV_TOOLS: '',
};

/** The /api/payment routes that only read our own database, and so keep working without a provider. */
const READS = ['GET /api/payment/subscription-info', 'GET /api/payment/payment-history', 'GET /api/payment/invoices/:id/pdf'];

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };

describe('payments in production without a payment provider', async () => {
  const { app, container } = await createTestApp(PRODUCTION);
  const watch = await watchDatabase(container.database);
  const priceId = (await app.inject({ method: 'GET', url: '/api/plans' })).json<{ plans: { subscription_id: string | null }[] }>().plans[0]!
    .subscription_id;

  /** Every call that needs the provider, found from the route table so a new one cannot be missed. */
  const providerCalls: Call[] = app.routeTable
    .flatMap((r) => [r.method].flat().map((method) => ({ method: String(method), url: r.url })))
    .filter(({ method, url }) => method !== 'HEAD' && url.startsWith('/api/payment/') && !READS.includes(`${method} ${url}`))
    .map(({ method, url }) => ({
      method: method as Call['method'],
      url: url.replace(':id', 'cs_test_0123456789'),
      ...(url.endsWith('/create-checkout-session') ? { payload: { priceId, planName: 'Básico (Mensual)' } } : {}),
      ...(url.includes('/change-plan') ? { payload: { priceId } } : {}),
    }));

  /** A user as a deployment that lost its Stripe keys would have them: a customer and an active subscription. */
  const subscriber = async () => {
    const user = await buildUser(container);
    await billingRepository.insertCustomer(container.database.db, {
      userId: user.id,
      provider: 'stripe',
      customerId: `cus_${user.id.slice(0, 8)}`,
    });
    const now = Date.now();
    await container.database.db.insert(subscriptions).values({
      id: `sub_${user.id.slice(0, 8)}`,
      userId: user.id,
      provider: 'stripe',
      planId: 'profesional',
      billingPeriod: 'monthly',
      priceId: 'price_x',
      status: 'active',
      amount: 5900,
      currency: 'eur',
      currentPeriodStart: new Date(now - 86_400_000),
      currentPeriodEnd: new Date(now + 29 * 86_400_000),
    });
    return user;
  };

  it('when the configuration is production without Stripe keys, then no provider is available and /api/health says so', async () => {
    expect(container.config.payments).toMatchObject({ provider: 'sandbox', sandboxEnabled: false, available: false });
    const health = (await app.inject({ method: 'GET', url: '/api/health' })).json<{ adapters: Record<string, string> }>();
    expect(health.adapters.payments).toBe('disabled');
  });

  it('finds the provider actions: checkout, its status, cancel, reactivate, cancel now, plan change, its cancel and the billing portal', () => {
    expect(providerCalls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
      'GET /api/payment/checkout-session/cs_test_0123456789',
      'POST /api/payment/cancel-subscription',
      'POST /api/payment/cancel-subscription-immediately',
      'POST /api/payment/change-plan',
      'POST /api/payment/change-plan/cancel',
      'POST /api/payment/change-plan/preview',
      'POST /api/payment/create-checkout-session',
      'POST /api/payment/create-portal-session',
      'POST /api/payment/reactivate-subscription',
    ]);
  });

  it.each([
    ['a user on the free plan', () => buildUser(container)],
    ['a subscriber (customer and subscription already stored)', subscriber],
  ])('when %s calls any of them, then each answers the Spanish 503 and the database is unchanged', async (_who, makeUser) => {
    const user = await makeUser();
    const { headers } = await sessions(app, container).injectAs(user);
    const before = await watch.fingerprint();
    const answers = [];
    for (const call of providerCalls) {
      const res = await app.inject({ ...call, headers });
      answers.push({ call: `${call.method} ${call.url}`, status: res.statusCode, body: res.json<unknown>() });
    }
    expect(answers).toEqual(
      providerCalls.map((call) => ({
        call: `${call.method} ${call.url}`,
        status: 503,
        body: { error: PAYMENTS_UNAVAILABLE_MESSAGE, code: 'PAYMENTS_UNAVAILABLE' },
      })),
    );
    expect(changedTables(before, await watch.fingerprint())).toEqual([]);
  });

  it('when the user is signed out, then the provider actions still answer 401 first (nothing is revealed)', async () => {
    for (const call of providerCalls) {
      expect((await app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it('when a subscriber opens the profile, then the plans, the subscription and the payment history still load from our database', async () => {
    const user = await subscriber();
    const { headers } = await sessions(app, container).injectAs(user);
    expect((await app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
    const info = await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ hasActiveSubscription: true, plan: { id: 'profesional' }, subscription: { status: 'active' } });
    expect((await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json()).toEqual({ payments: [] });
  });
});

describe('the start-up warning', () => {
  /** Builds the API as server.ts does, keeping what it logs at warn level and above. */
  const start = async (env: Record<string, string>) => {
    const lines: { level: number; msg: string }[] = [];
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rankmaps-test-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
    const { database, drop } = await openTestDatabase();
    const container = await createContainer(config, log, { database });
    const app = await buildApp(container);
    await app.ready();
    onTestFinished(async () => {
      await app.close();
      await container.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    });
    return { app, container, warnings: lines.filter((l) => l.level === 40).map((l) => l.msg) };
  };

  it('when production starts without a payment provider, then it logs a warning that names the variables and the 503', async () => {
    const { warnings } = await start(PRODUCTION);
    expect(warnings).toContain(PAYMENTS_UNAVAILABLE_WARNING);
    expect(PAYMENTS_UNAVAILABLE_WARNING).toMatch(/STRIPE_SECRET_KEY.*503/);
  });

  it('when a staging site runs production with developer tools on, then the sandbox is there: no such warning, and checkout works', async () => {
    const { app, container, warnings } = await start({ ...PRODUCTION, DEV_TOOLS: 'true' });
    expect(warnings).not.toContain(PAYMENTS_UNAVAILABLE_WARNING);
    const user = await buildUser(container);
    const { headers } = await sessions(app, container).injectAs(user);
    const plans = (await app.inject({ method: 'GET', url: '/api/plans' })).json<{ plans: { subscription_id: string }[] }>().plans;
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers,
      payload: { priceId: plans[0]!.subscription_id, planName: 'Básico (Mensual)' },
    });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json<{ url: string }>().url).toMatch(/\/sandbox\/checkout\/cs_sbx_/);
  });
});
