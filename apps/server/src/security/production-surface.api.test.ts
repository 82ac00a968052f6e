import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';

// What a server exposes without DEV_TOOLS=true (docs/decisions.md §29.8). The set-up with
// developer tools (and so the sandbox checkout) on is compared with production and with
// NODE_ENV=development and test, DEV_TOOLS unset: every route that exists only with the tools
// must answer the plain JSON 404 in each, signed in or not. Derived from the route tables, so
// a new developer tool is checked as soon as it is registered.

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  // The test database is passed in directly; production only insists that one is configured.
  DATABASE_URL: 'postgres://unused.invalid/db',
  // Unset, as in a real deployment (createTestApp turns developer tools on by default).
  DEV_TOOLS: '',
};

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const calls = (table: readonly RouteOptions[]) =>
  table.flatMap((r) =>
    [r.method]
      .flat()
      .map(String)
      .filter((m) => m !== 'HEAD')
      .map((method) => ({ method, url: r.url })),
  );
const fill = (url: string) => url.replace(':id', 'cs_sbx_0123456789abcdef01234567').replace(/:[A-Za-z]+/g, 'x');

describe('the production surface', async () => {
  const dev = await createTestApp({ DEV_TOOLS: 'true' });
  const prod = await createTestApp(PRODUCTION);
  const prodKeys = new Set(calls(prod.app.routeTable).map(key));
  const devOnly = calls(dev.app.routeTable).filter((c) => !prodKeys.has(key(c)));
  // NODE_ENV decides nothing about the tools: without DEV_TOOLS a development or test server has none either.
  const withoutTools = [
    { name: 'NODE_ENV=production', app: prod.app, container: prod.container },
    ...(await Promise.all(
      ['development', 'test'].map(async (nodeEnv) => ({ name: `NODE_ENV=${nodeEnv}`, ...(await createTestApp({ NODE_ENV: nodeEnv, DEV_TOOLS: '' })) })),
    )),
  ];

  it('when the configuration is production, then developer tools and the sandbox checkout are off', () => {
    expect(prod.container.config.devTools).toBe(false);
    expect(prod.container.config.payments.sandboxEnabled).toBe(false);
    expect(prod.container.config.demoUser).toBe(false);
  });

  it('finds the development-only routes: the dev-params panel, the mail outbox and the sandbox checkout', () => {
    expect(devOnly.map(key)).toEqual(
      expect.arrayContaining([
        'PUT /api/user/dev-params',
        'GET /api/dev/mail',
        'POST /api/dev/credit-warnings',
        'POST /api/dev/report-round/:id',
        'POST /api/dev/campaign-round/:id',
        'GET /api/sandbox/checkout/:id',
        'POST /api/sandbox/checkout/:id/complete',
        'POST /api/sandbox/renewal',
        'POST /api/sandbox/portal/settle',
      ]),
    );
  });

  it.each(withoutTools.map((w) => [w.name, w] as const))('when any development-only route is called with %s and DEV_TOOLS unset, signed in or not, then it answers the Spanish JSON 404', async (_name, { app, container }) => {
    expect(container.config.devTools).toBe(false);
    expect(container.config.payments.sandboxEnabled).toBe(false);
    const signedIn = (await sessions(app, container).signedIn()).headers;
    const answers: string[] = [];
    for (const { method, url } of devOnly) {
      for (const headers of [{}, signedIn]) {
        const res = await app.inject({ method: method, url: fill(url), headers, ...(method === 'GET' ? {} : { payload: {} }) });
        const ok = res.statusCode === 404 && res.json().error === 'Recurso no encontrado.';
        if (!ok) answers.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('when the same development-only routes are called in development, then they do exist there (the check above is not vacuous)', async () => {
    for (const { method, url } of devOnly) {
      const res = await dev.app.inject({ method: method, url: fill(url), ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.json().error ?? '', `${method} ${url}`).not.toBe('Recurso no encontrado.');
    }
  });

  it('when production routes are listed, then none is a developer or sandbox tool, and the API documentation does not mention them', async () => {
    const suspicious = calls(prod.app.routeTable)
      .map(key)
      .filter((k) => /\/dev\/|dev-params|sandbox|\/debug|\/test\b/i.test(k));
    expect(suspicious).toEqual([]);
    for (const url of ['/api/docs/json', '/api/docs/internal/json']) {
      const docs = await prod.app.inject({ method: 'GET', url });
      expect(docs.statusCode).toBe(200);
      expect(Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths).filter((p) => /\/dev\/|dev-params|sandbox/.test(p))).toEqual([]);
    }
  });

  it('when a checkout is started in production without a provider, then it answers 503, its sandbox page cannot be paid, and the user stays on the free plan', async () => {
    const { headers } = await sessions(prod.app, prod.container).signedIn();
    const plans = (await prod.app.inject({ method: 'GET', url: '/api/plans' })).json<{ plans: { id: string; subscription_id: string }[] }>()
      .plans;
    const paid = plans.find((p) => p.subscription_id)!;
    const checkout = await prod.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers,
      payload: { priceId: paid.subscription_id, planName: paid.id },
    });
    // No payment provider in this configuration: a Spanish 503, never a sandbox link that leads to a 404.
    expect(checkout.statusCode).toBe(503);
    expect(checkout.body).not.toMatch(/sandbox/);
    const id = /\/sandbox\/checkout\/(cs_sbx_[a-f0-9]+)/.exec(checkout.body)?.[1] ?? 'cs_sbx_0123456789abcdef01234567';
    for (const outcome of ['pay', 'pay_then_fail_renewal']) {
      const done = await prod.app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { outcome } });
      expect(done.statusCode).toBe(404);
    }
    const profile = (await prod.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json<{
      currentPlan: string;
      subscriptionStatus: unknown;
    }>();
    expect(profile.currentPlan).toBe('free');
    expect(profile.subscriptionStatus).toBeNull();
  });
});
