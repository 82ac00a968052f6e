import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  // The test database is passed in directly; production only insists that one is configured.
  DATABASE_URL: 'postgres://unused.invalid/db',
  DEV_TOOLS: '',
};

const demoPayments = async (env: Record<string, string>) => {
  const { app } = await createTestApp(env);
  const res = await app.inject({ method: 'GET', url: '/api/config' });
  expect(res.statusCode).toBe(200);
  return res.json<{ demo: { payments: boolean } }>().demo.payments;
};

describe('public config: which services are local stand-ins', () => {
  // Developer tools turn the sandbox on whatever NODE_ENV says.
  it.each([
    { NODE_ENV: 'test', DEV_TOOLS: 'true' },
    { ...PRODUCTION, DEV_TOOLS: 'true' },
  ])('when the payment sandbox is on (NODE_ENV=$NODE_ENV, DEV_TOOLS=true), then payments are labelled demo', async (env) => {
    expect(await demoPayments(env)).toBe(true);
  });

  it.each([PRODUCTION, { NODE_ENV: 'development', DEV_TOOLS: '' }])(
    'when there are no Stripe keys and no developer tools (NODE_ENV=$NODE_ENV), then there is no sandbox either, and payments are not labelled demo',
    async (env) => {
      expect(await demoPayments(env)).toBe(false);
    },
  );
});

describe('public config: the developer tools the interface may link to', () => {
  const flags = async (app: Awaited<ReturnType<typeof createTestApp>>['app'], remoteAddress?: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/config', ...(remoteAddress ? { remoteAddress } : {}) });
    const { devTools, devOutbox } = res.json<{ devTools: boolean; devOutbox: boolean }>();
    return { devTools, devOutbox };
  };

  it('when developer tools are on, then the outbox is offered to this machine only, the other tools to everyone', async () => {
    const { app } = await createTestApp({ NODE_ENV: 'development', DEV_TOOLS: 'true' });
    expect(await flags(app)).toEqual({ devTools: true, devOutbox: true });
    expect(await flags(app, '::1')).toEqual({ devTools: true, devOutbox: true });
    expect(await flags(app, '203.0.113.9')).toEqual({ devTools: true, devOutbox: false });
  });

  it('when developer tools are off, then neither is offered, even to this machine', async () => {
    const { app } = await createTestApp({ NODE_ENV: 'development', DEV_TOOLS: 'false' });
    expect(await flags(app)).toEqual({ devTools: false, devOutbox: false });
  });
});
