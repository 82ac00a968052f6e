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
  it('when the payment sandbox is on (development, or a staging site that turns it on), then payments are labelled demo', async () => {
    expect(await demoPayments({})).toBe(true);
    expect(await demoPayments({ ...PRODUCTION, SANDBOX_PAYMENTS: 'true' })).toBe(true);
  });

  it('when production has no Stripe keys, then there is no sandbox either, and payments are not labelled demo', async () => {
    expect(await demoPayments(PRODUCTION)).toBe(false);
  });
});
