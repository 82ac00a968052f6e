import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { subscriptions } from '../../db/billing-schema';
import { appSettings } from '../../db/schema';
import { subscribeInSandbox } from './sandbox.service';

const agency = { planId: 'pro_agency', period: 'monthly' } as const;

describe('subscribeInSandbox', async () => {
  const { container } = await createTestApp();
  const db = container.database.db;
  const subsOf = (userId: string) => db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

  it('when another process holds a fresh lease for the user, then it skips', async () => {
    const user = await buildUser(container);
    await db.insert(appSettings).values({ key: `lease:sandbox-subscription:${user.id}`, value: 'lease', updatedAt: new Date() });
    expect(await subscribeInSandbox(container, user, agency)).toBe('busy');
    expect(await subsOf(user.id)).toHaveLength(0);
  });

  it('when the lease was left by a process that died long ago, then it takes over, subscribes, and releases the lease', async () => {
    const user = await buildUser(container);
    const key = `lease:sandbox-subscription:${user.id}`;
    await db.insert(appSettings).values({ key, value: 'lease', updatedAt: new Date(Date.now() - 10 * 60_000) });
    expect(await subscribeInSandbox(container, user, agency)).toBe('created');
    expect(await subsOf(user.id)).toHaveLength(1);
    expect(await db.select().from(appSettings).where(eq(appSettings.key, key))).toHaveLength(0);
    expect(await subscribeInSandbox(container, user, agency)).toBe('exists');
  });
});

describe('subscribeInSandbox without the sandbox checkout', async () => {
  // A production configuration; the harness still opens its own test database, so the
  // DATABASE_URL here only satisfies the production check.
  const { container } = await createTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://unused/db' });

  it('when the sandbox is disabled (production), then it never creates an unpaid subscription', async () => {
    const user = await buildUser(container);
    expect(await subscribeInSandbox(container, user, agency)).toBe('unavailable');
  });
});
