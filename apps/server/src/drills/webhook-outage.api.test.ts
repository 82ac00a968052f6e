import type { CreatedWebhook, WebhookDelivery } from '@rankmaps/shared/schemas/webhooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { webhookDeliveries } from '../db/webhooks-schema';
import { WEBHOOK_DELIVERY_JOB } from '../jobs/definitions/webhook-delivery';
import { emitWebhookEvent } from '../modules/webhooks/webhook-events.service';

// A user's webhook receiver is down while events happen, then up again. The real workers
// attempt each delivery (pg-boss); the retry waits (minutes) are fast-forwarded by moving the
// queued attempts' start_after to now, as if the time had passed. Every delivery must arrive
// exactly once, signed, and the endpoint must stay enabled (no delivery spent its retries).
describe('drill: the webhook receiver is down, then up', async () => {
  const { app, container } = await createTestApp({}, { workers: true });
  const receiver = await startWebhookReceiver();
  afterAll(() => receiver.close());
  const db = container.database.db;
  const { signedIn } = sessions(app, container);
  const fastForward = () => db.execute(sql`update pgboss.job set start_after = now() where name = ${WEBHOOK_DELIVERY_JOB} and state in ('created', 'retry')`);

  it('when deliveries fail while the receiver is down, then they are retried, and each arrives exactly once when it is back', { timeout: 120_000 }, async () => {
    const { user, headers } = await signedIn('pro_agency');
    const made = await app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: receiver.url('/drill'), events: ['analysis.completed', 'credits.low'] } });
    expect(made.statusCode, made.body).toBe(201);
    const { endpoint, secret } = made.json<CreatedWebhook>();
    receiver.useSecret(secret);
    await receiver.down();

    // Events of several kinds: tests through the route, the others as their facts make them.
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/ping`, headers })).json<WebhookDelivery>().id);
    for (let i = 0; i < 4; i++) {
      const event = { userId: user.id, type: i % 2 ? ('credits.low' as const) : ('analysis.completed' as const), key: `drill:${user.id}:${i}`, data: { n: i } };
      ids.push(...(await db.transaction((tx) => emitWebhookEvent(container, tx, event))));
      // The same fact again (a job retry): no second delivery.
      expect(await db.transaction((tx) => emitWebhookEvent(container, tx, event))).toEqual([]);
    }
    expect(ids).toHaveLength(8);
    const rows = () => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));

    await expect
      .poll(async () => (await rows()).every((r) => r.status === 'retrying' && r.attempts === 1), { message: 'a failed first attempt of every delivery', timeout: 30_000, interval: 200 })
      .toBe(true);
    // A second outage round: still down when the retries come.
    await fastForward();
    await expect.poll(async () => (await rows()).every((r) => r.status === 'retrying' && r.attempts === 2), { message: 'a failed second attempt', timeout: 30_000, interval: 200 }).toBe(true);
    expect(receiver.received).toHaveLength(0);

    await receiver.up();
    await fastForward();
    await expect.poll(async () => (await rows()).every((r) => r.status === 'delivered'), { message: 'every delivery delivered', timeout: 30_000, interval: 200 }).toBe(true);

    // Exactly once each, signed; nothing more arrives afterwards, even with another fast-forward.
    await fastForward();
    await new Promise((r) => setTimeout(r, 3000));
    const counts = receiver.perDelivery();
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect((await rows()).every((r) => r.attempts === 3 && r.lastStatusCode === 204)).toBe(true);
    const listed = (await app.inject({ method: 'GET', url: '/api/webhooks', headers })).json<{ endpoints: { enabled: boolean; consecutiveFailures: number }[] }>();
    expect(listed.endpoints[0]).toMatchObject({ enabled: true, consecutiveFailures: 0 });
  });
});
