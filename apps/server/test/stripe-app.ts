import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import { FakeStripe, stripeTestEnv, testCatalog } from './fake-stripe';
import { type TestApp, createTestApp } from './test-app';

/**
 * The real app paying through the Stripe adapter, pointed at a fake Stripe of this file's own (closed after the file).
 * `env` adds to the Stripe settings (a mail server, say); `opts.workers` starts the job workers.
 */
export async function createStripeTestApp(
  env: Record<string, string> = {},
  opts: { workers?: boolean } = {},
): Promise<TestApp & { fake: FakeStripe; ids: ReturnType<typeof testCatalog>['ids'] }> {
  const { ids, prices } = testCatalog();
  const fake = new FakeStripe(prices);
  const port = await fake.start();
  afterAll(() => fake.close());
  return { ...(await createTestApp({ ...stripeTestEnv(port, ids), ...env }, opts)), fake, ids };
}

/** A checkout through our API, as the pricing page starts it; returns the id of the session the fake Stripe then holds open. */
export async function checkoutSession(app: FastifyInstance, fake: FakeStripe, headers: Record<string, string>, priceId: string, quantity?: number): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId, ...(quantity ? { quantity } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json<{ url: string }>().url;
  const session = [...fake.objects.values()].find((o) => o.object === 'checkout.session' && o.url === url);
  expect(session).toBeDefined();
  return session!.id;
}
