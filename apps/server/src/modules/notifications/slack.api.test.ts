import { SLACK_TEST_MESSAGE, type NotificationSettings, type SlackWebhook } from '@rankmaps/shared/schemas/notifications';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { sessions } from '../../../test/sessions';
import { startSlackReceiver } from '../../../test/slack-receiver';
import { createTestApp } from '../../../test/test-app';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { notificationDeliveries, notifications, notificationSettings } from '../../db/notifications-schema';
import { SLACK_DELIVERY_JOB } from '../../jobs/definitions/slack-delivery';
import { webhookAttemptJobId } from '../../lib/outbound-webhook';
import { evaluateAnalysis } from './notifications.service';
import { deliverSlack, maskSlackUrl, SlackAttemptInProgressError } from './slack.service';

type Headers = Record<string, string>;

describe('the Slack-compatible channel (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  // The same app with production's webhook policy: https only, no private address.
  const prod = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const receiver = await startSlackReceiver();
  afterAll(() => receiver.close());
  const { withKeyword, scannedRankMap } = rankmapFixtures(app, container);
  const db = container.database.db;

  const putSlack = (a: typeof app, headers: Headers, payload: unknown, url = '/api/notifications/slack') => a.inject({ method: 'PUT', url, headers, payload: payload as object });
  const getSlack = async (headers: Headers, url = '/api/notifications/slack') => (await app.inject({ method: 'GET', url, headers })).json<SlackWebhook>();
  const storedUrl = async (userId: string) => (await db.select({ url: notificationSettings.slackUrl }).from(notificationSettings).where(eq(notificationSettings.userId, userId)))[0]?.url ?? null;

  it('when a URL that answers is saved, then it gets the test message, is stored, and only its masked form is ever answered; removing it is allowed', async () => {
    const { user, headers } = await withKeyword('pro_starter');
    const url = receiver.url('/services/T0SECRET/B0SECRET/abcdefghSECRETwxyz');
    const before = receiver.received.length;
    const res = await putSlack(app, headers, { url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SlackWebhook>().url).toBe(`127.0.0.1:${receiver.port}/services/T0…/…wxyz`);
    expect(res.body).not.toContain('SECRET');
    expect(receiver.received.slice(before).map((m) => m.body.text)).toEqual([SLACK_TEST_MESSAGE]);
    expect(await storedUrl(user.id)).toBe(url);
    expect((await getSlack(headers)).url).toBe(maskSlackUrl(url));
    // The settings carry the 'slack' switches, and a client that leaves them out keeps them.
    const settings = (await app.inject({ method: 'GET', url: '/api/notifications/settings', headers })).json<NotificationSettings>();
    expect(settings.switches['rank-drop']).toEqual({ inApp: true, email: true, slack: true });
    const off = await app.inject({ method: 'PUT', url: '/api/notifications/settings', headers, payload: { ...settings, switches: { ...settings.switches, 'rank-drop': { inApp: true, email: true, slack: false } } } });
    expect(off.statusCode, off.body).toBe(200);
    const { slack: _s, ...withoutSlack } = off.json<NotificationSettings>().switches['rank-drop'];
    void _s;
    const kept = await app.inject({ method: 'PUT', url: '/api/notifications/settings', headers, payload: { ...settings, switches: { ...settings.switches, 'rank-drop': withoutSlack } } });
    expect(kept.json<NotificationSettings>().switches['rank-drop'].slack).toBe(false);

    const removed = await app.inject({ method: 'DELETE', url: '/api/notifications/slack', headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<SlackWebhook>().url).toBeNull();
    expect(await storedUrl(user.id)).toBeNull();
  });

  it('when the URL answers 4xx, cannot be reached or answers 5xx, or the body is malformed, then it answers 400 in Spanish, never the URL, and keeps what was saved', async () => {
    const { user, headers } = await withKeyword('pro_starter');
    const good = receiver.url('/services/T1/B1/goodgoodgood');
    expect((await putSlack(app, headers, { url: good })).statusCode).toBe(200);

    const notFound = await putSlack(app, headers, { url: receiver.url('/nothing/here/SECRETo') });
    expect(notFound.statusCode).toBe(400);
    expect(notFound.json<{ error: string }>().error).toBe('El webhook rechazó el mensaje de prueba (HTTP 404: no_service), así que no se ha guardado. Revisa la URL: puede que el canal ya no exista.');
    expect(notFound.body).not.toContain('SECRET');

    receiver.answerWith({ status: 503, body: 'down' });
    const unavailable = await putSlack(app, headers, { url: receiver.url('/services/T1/B1/other') });
    receiver.answerWith(null);
    expect(unavailable.statusCode).toBe(400);
    expect(unavailable.json<{ error: string }>().error).toMatch(/^No pudimos contactar con la URL del webhook/);

    const closed = await startSlackReceiver();
    const closedUrl = closed.url('/services/T1/B1/closed');
    await closed.close();
    const unreachable = await putSlack(app, headers, { url: closedUrl });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json<{ error: string }>().error).toMatch(/^No pudimos contactar/);

    for (const bad of [{}, { url: 5 }, { url: '' }, { url: 'no es una url' }, { url: 'ftp://hooks.slack.com/x' }, { url: good, extra: 1 }, { url: `https://a.es/${'x'.repeat(2100)}` }, null]) {
      const r = await putSlack(app, headers, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json<{ error: string }>().error).toMatch(/webhook|URL/);
    }
    expect(await storedUrl(user.id)).toBe(good);
  });

  it('when the policy is production’s, then a plain http URL and a private address are refused with 400 and nothing is sent', async () => {
    const { signedIn } = sessions(prod.app, prod.container);
    const { headers } = await signedIn('pro_starter');
    const before = receiver.requests();
    const http = await putSlack(prod.app, headers, { url: 'http://hooks.slack.com/services/T1/B1/x' });
    expect(http.statusCode).toBe(400);
    expect(http.json<{ error: string }>().error).toBe('La URL del webhook debe empezar por https://');
    for (const url of ['https://10.0.0.5/services/T1/B1/x', 'https://127.0.0.1:' + receiver.port + '/services/T1/B1/x', 'https://[::1]/services/x', 'https://169.254.10.1/x']) {
      const r = await putSlack(prod.app, headers, { url });
      expect(r.statusCode, url).toBe(400);
      expect(r.json<{ error: string }>().error).toBe('La URL del webhook apunta a una dirección privada y no se admite.');
    }
    expect(receiver.requests()).toBe(before);
  });

  it('when a place has its own URL, then only its owner may see or change it, and its notifications go there once each, with text and blocks; a 4xx is never retried', { timeout: 180_000 }, async () => {
    const owner = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const other = await withKeyword('pro_starter');
    const placeUrl = `/api/place/${owner.placeId}/slack`;
    expect((await putSlack(app, owner.headers, { url: receiver.url('/services/TUSER/B/user') })).statusCode).toBe(200);
    expect((await putSlack(app, other.headers, { url: receiver.url('/services/TX/B/x') }, placeUrl)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: placeUrl, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/place/nope/slack`, headers: owner.headers })).statusCode).toBe(404);
    const saved = await putSlack(app, owner.headers, { url: receiver.url('/services/TPLACE/B/place') }, placeUrl);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await getSlack(owner.headers, placeUrl)).url).toBe(`127.0.0.1:${receiver.port}/services/TP…/…lace`);

    const id = await scannedRankMap(owner.headers, owner.keywordId, 'dentista');
    await evaluateAnalysis(container, id);
    await evaluateAnalysis(container, id);
    const [n] = await db.select().from(notifications).where(and(eq(notifications.rankMapId, id), eq(notifications.kind, 'scan-completed')));
    expect(n).toBeDefined();
    const deliveryOf = async () => (await db.select().from(notificationDeliveries).where(and(eq(notificationDeliveries.notificationId, n!.id), eq(notificationDeliveries.channel, 'slack'))))[0];
    expect((await deliveryOf())?.status).toBe('queued');
    // Its first attempt's job was queued with it, under the id made of (delivery, attempt).
    expect((await container.boss.getJobById(SLACK_DELIVERY_JOB, webhookAttemptJobId(n!.id, 1)))?.data).toEqual({ notificationId: n!.id, attempt: 1 });

    const before = receiver.received.length;
    expect(await deliverSlack(container, { notificationId: n!.id, attempt: 1 })).toBe('sent');
    expect(await deliverSlack(container, { notificationId: n!.id, attempt: 1 })).toBe('skipped');
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.path).toBe('/services/TPLACE/B/place');
    expect(got[0]!.body.text).toContain('Análisis completado');
    expect(got[0]!.body.blocks).toEqual([
      expect.objectContaining({ type: 'header' }),
      expect.objectContaining({ type: 'section' }),
      { type: 'actions', elements: [expect.objectContaining({ url: `${container.config.appUrl}${n!.link}` })] },
    ]);
    expect(await deliveryOf()).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });

    // A second analysis, the receiver refusing: failed for good at once, no next attempt.
    const second = await scannedRankMap(owner.headers, owner.keywordId, 'clínica dental');
    await evaluateAnalysis(container, second);
    const [m] = await db.select().from(notifications).where(and(eq(notifications.rankMapId, second), eq(notifications.kind, 'scan-completed')));
    receiver.answerWith({ status: 404, body: 'no_service' });
    expect(await deliverSlack(container, { notificationId: m!.id, attempt: 1 })).toBe('sent');
    receiver.answerWith(null);
    const failed = (await db.select().from(notificationDeliveries).where(and(eq(notificationDeliveries.notificationId, m!.id), eq(notificationDeliveries.channel, 'slack'))))[0];
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 404 });
    expect(failed?.lastError).toContain('no_service');
    expect(failed?.lastError).not.toContain('TPLACE');
    expect(await container.boss.getJobById(SLACK_DELIVERY_JOB, webhookAttemptJobId(m!.id, 2))).toBeNull();
    expect(await deliverSlack(container, { notificationId: m!.id, attempt: 1 })).toBe('skipped');

    // An attempt claimed a moment ago by another run is left to it: this run sends nothing and
    // throws, so pg-boss tries again later (when it is recorded, or stale).
    const third = await scannedRankMap(owner.headers, owner.keywordId, 'dentista urgencias');
    await evaluateAnalysis(container, third);
    const [p] = await db.select().from(notifications).where(and(eq(notifications.rankMapId, third), eq(notifications.kind, 'scan-completed')));
    await db.update(notificationDeliveries).set({ status: 'sending', attempts: 1, sendingAt: new Date() }).where(and(eq(notificationDeliveries.notificationId, p!.id), eq(notificationDeliveries.channel, 'slack')));
    const requests = receiver.requests();
    await expect(deliverSlack(container, { notificationId: p!.id, attempt: 1 })).rejects.toBeInstanceOf(SlackAttemptInProgressError);
    expect(receiver.requests()).toBe(requests);
  });
});
