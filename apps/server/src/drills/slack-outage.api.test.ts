import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { checkInvariants } from '../../test/invariants';
import { startSlackReceiver } from '../../test/slack-receiver';
import { createTestApp } from '../../test/test-app';
import { MALAGA, rankmapFixtures } from '../../test/rankmap-fixtures';
import { notificationDeliveries, notifications } from '../db/notifications-schema';
import { SLACK_DELIVERY_JOB } from '../jobs/definitions/slack-delivery';
import { webhookAttemptJobId } from '../lib/outbound-webhook';
import { deliverSlack, SLACK_SENDING_STALE_MS } from '../modules/notifications/slack.service';

// The Slack receiver is down while analyses complete, then up again. The real workers scan,
// evaluate the alerts and attempt each delivery (pg-boss); the retry waits (minutes) are
// fast-forwarded by moving the queued attempts' start_after to now, as if the time had passed.
describe('drill: the Slack receiver is down, then up', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR }, { workers: true });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const receiver = await startSlackReceiver();
  afterAll(() => receiver.close());
  const { withKeyword, analyze } = rankmapFixtures(app, container);
  const db = container.database.db;

  const slackDeliveries = (userId: string) =>
    db.select().from(notificationDeliveries).where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.channel, 'slack')));
  const fastForward = () => db.execute(sql`update pgboss.job set start_after = now() where name = ${SLACK_DELIVERY_JOB} and state in ('created', 'retry')`);
  /** How many times each notification (its title and link) reached the receiver. */
  const receivedPerLink = () => {
    const counts = new Map<string, number>();
    for (const m of receiver.received) {
      const actions = (m.body.blocks as { type: string; elements?: { url?: string }[] }[] | undefined)?.find((b) => b.type === 'actions');
      const link = actions?.elements?.[0]?.url;
      const title = (m.body.blocks as { text?: { text?: string } }[] | undefined)?.[0]?.text?.text;
      if (link) counts.set(`${title}|${link}`, (counts.get(`${title}|${link}`) ?? 0) + 1);
    }
    return counts;
  };

  it('when deliveries fail while the receiver is down, then they are retried, and each arrives once when it is back; a crash after the claim resends once', { timeout: 240_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    expect((await app.inject({ method: 'PUT', url: '/api/notifications/slack', headers, payload: { url: receiver.url('/services/TDRILL/BDRILL/drill') } })).statusCode).toBe(200);
    await receiver.down();

    for (const query of ['dentista', 'clínica dental', 'dentista urgencias']) {
      const res = await analyze(headers, keywordId, { query, maxResults: 20 });
      expect(res.statusCode, res.body).toBe(201);
      res.json<AnalyzeResponse>();
    }
    // Every notification's first attempt fails (connection refused), is recorded and its next attempt queued.
    await expect
      .poll(
        async () => {
          const rows = await slackDeliveries(user.id);
          const made = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, user.id));
          return rows.length >= 3 && rows.length === made.length && rows.every((r) => r.status === 'retrying' && r.attempts === 1);
        },
        { message: 'a failed first attempt of every delivery', timeout: 180_000, interval: 250 },
      )
      .toBe(true);
    const failed = await slackDeliveries(user.id);
    for (const d of failed) {
      expect(d.lastError).toMatch(/\S/);
      expect(d.lastStatusCode).toBeNull();
      const next = await container.boss.getJobById(SLACK_DELIVERY_JOB, webhookAttemptJobId(d.notificationId, 2));
      expect(next?.startAfter.getTime()).toBeGreaterThan(Date.now() + 60_000);
    }

    // One attempt "crashed" between its claim and its record: 'sending' for longer than any
    // attempt can take. Run again, it is sent (once), as its outcome is unknown.
    const crashed = failed[0]!;
    await db
      .update(notificationDeliveries)
      .set({ status: 'sending', attempts: 2, sendingAt: new Date(Date.now() - SLACK_SENDING_STALE_MS - 1_000) })
      .where(and(eq(notificationDeliveries.notificationId, crashed.notificationId), eq(notificationDeliveries.channel, 'slack')));

    await receiver.up();
    expect(await deliverSlack(container, { notificationId: crashed.notificationId, attempt: 2 })).toBe('sent');
    // The others' second attempts come due (the crashed one's job finds it delivered).
    await fastForward();
    await expect
      .poll(async () => (await slackDeliveries(user.id)).every((r) => r.status === 'delivered'), { message: 'every delivery delivered', timeout: 30_000, interval: 250 })
      .toBe(true);

    // Each delivered once; running any attempt again sends nothing more.
    for (const d of failed) {
      expect(await deliverSlack(container, { notificationId: d.notificationId, attempt: 1 })).toBe('skipped');
      expect(await deliverSlack(container, { notificationId: d.notificationId, attempt: 2 })).toBe('skipped');
    }
    const counts = receivedPerLink();
    expect(counts.size).toBe(failed.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (const d of await slackDeliveries(user.id)) expect(d).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(await checkInvariants(db)).toEqual([]);
  });
});
