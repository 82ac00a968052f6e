import type { CreatedWebhook, WebhookDelivery, WebhookDeliveryList, WebhookEndpoint, WebhookEndpointList } from '@rankmaps/shared/schemas/webhooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../test/fake-smtp';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { webhookDeliveries, webhookEndpoints } from '../../db/webhooks-schema';
import { WEBHOOK_DELIVERY_JOB } from '../../jobs/definitions/webhook-delivery';
import { deliverWebhookEvent } from './webhook-delivery.service';

type Headers = Record<string, string>;

// The webhooks of the profile with the real workers, a real receiver that verifies each
// signature, and a real SMTP server. Retry waits (minutes) are fast-forwarded by moving the
// queued attempts' start_after to now, as if the time had passed.
describe('webhooks (API, real worker and receiver)', async () => {
  const smtp = await startSmtpServer();
  const { app, container } = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' }, { workers: true });
  const receiver = await startWebhookReceiver();
  const other = await startWebhookReceiver();
  afterAll(async () => {
    await receiver.close();
    await other.close();
    await smtp.close();
  });
  const db = container.database.db;
  const { signedIn } = sessions(app, container);

  const create = (headers: Headers, payload: unknown) => app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: payload as object });
  const list = async (headers: Headers) => (await app.inject({ method: 'GET', url: '/api/webhooks', headers })).json<WebhookEndpointList>();
  const test = (headers: Headers, id: string) => app.inject({ method: 'POST', url: `/api/webhooks/${id}/ping`, headers });
  const deliveries = async (headers: Headers, id: string) => (await app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers })).json<WebhookDeliveryList>().deliveries;
  const replay = (headers: Headers, id: string, deliveryId: string) => app.inject({ method: 'POST', url: `/api/webhooks/${id}/deliveries/${deliveryId}/replay`, headers });
  const fastForward = () => db.execute(sql`update pgboss.job set start_after = now() where name = ${WEBHOOK_DELIVERY_JOB} and state in ('created', 'retry')`);
  const delivery = async (id: string) => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];
  const endpointFor = async (url: string, events = ['analysis.completed']) => {
    const agency = await signedIn('pro_agency');
    const res = await create(agency.headers, { url, events });
    expect(res.statusCode, res.body).toBe(201);
    return { ...agency, ...res.json<CreatedWebhook>() };
  };

  it('when an agency adds an endpoint, then the secret is answered once, stored encrypted, and the list shows its prefix', async () => {
    const { user, headers } = await signedIn('pro_agency');
    const res = await create(headers, { url: receiver.url(), events: ['credits.low', 'analysis.completed', 'credits.low'] });
    expect(res.statusCode, res.body).toBe(201);
    const { secret, endpoint } = res.json<CreatedWebhook>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({ url: receiver.url(), events: ['analysis.completed', 'credits.low'], secretPrefix: secret.slice(0, 12), enabled: true, consecutiveFailures: 0 });
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id));
    expect(row?.secretEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    const listed = await list(headers);
    expect(listed).toMatchObject({ allowed: true, upgradeLabel: null, maxEndpoints: 10, endpoints: [endpoint] });
    expect(JSON.stringify(listed)).not.toContain(secret.slice(12));
  });

  it('when a business-owner plan or no plan adds an endpoint, then 403 naming the agency plans, and nothing is stored', async () => {
    for (const plan of ['premium', undefined]) {
      const { user, headers } = await signedIn(plan);
      expect(await list(headers)).toMatchObject({ allowed: false, upgradeLabel: 'Disponible en planes para agencias', endpoints: [] });
      const res = await create(headers, { url: receiver.url(), events: ['analysis.completed'] });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ errorType: 'upgrade_required', error: 'Para usar webhooks necesitas un plan para agencias.' });
      expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id))).toEqual([]);
    }
  });

  it('when the body or URL is wrong, then 400 in Spanish and nothing is stored', async () => {
    const { user, headers } = await signedIn('pro_agency');
    const cases: [unknown, string][] = [
      [{ url: receiver.url(), events: [] }, 'Elige al menos un evento de la lista.'],
      [{ url: receiver.url(), events: ['analysis.deleted'] }, 'Elige al menos un evento de la lista.'],
      [{ url: receiver.url(), events: 'credits.low' }, 'Elige al menos un evento de la lista.'],
      [{ url: receiver.url(), events: ['credits.low'], extra: 1 }, 'Indica la URL del endpoint y los eventos que quieres recibir.'],
      [{ url: '', events: ['credits.low'] }, 'Escribe la URL del webhook.'],
      [{ url: 'no es una url', events: ['credits.low'] }, 'La URL del webhook no es válida. Por ejemplo https://example.com/webhooks/rankmaps'],
      [{ url: 'ftp://example.com/hook', events: ['credits.low'] }, 'La URL del webhook debe empezar por https://'],
      [{ url: 'https://user:pw@example.com/hook', events: ['credits.low'] }, 'La URL del webhook no puede llevar usuario ni contraseña.'],
    ];
    for (const [payload, error] of cases) {
      const res = await create(headers, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error });
    }
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id))).toEqual([]);
  });

  it('when ten endpoints exist, then an eleventh is refused (even concurrently)', async () => {
    const { user, headers } = await signedIn('pro_agency');
    const results = await Promise.all(Array.from({ length: 12 }, () => create(headers, { url: receiver.url(), events: ['credits.low'] })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(refused[0]?.json()).toMatchObject({ code: 'TOO_MANY_WEBHOOKS', error: 'Ya tienes 10 webhooks. Borra alguno antes de añadir otro.' });
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id))).toHaveLength(10);
  });

  it('when another user names an endpoint or delivery, then 404 as a missing one and nothing changes', async () => {
    const owner = await endpointFor(receiver.url());
    const stranger = await signedIn('pro_agency');
    const id = owner.endpoint.id;
    for (const [method, url, payload] of [
      ['PATCH', `/api/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${id}`, undefined],
      ['POST', `/api/webhooks/${id}/ping`, undefined],
      ['POST', `/api/webhooks/${id}/secret`, undefined],
      ['GET', `/api/webhooks/${id}/deliveries`, undefined],
      ['POST', `/api/webhooks/${id}/deliveries/${id}/replay`, undefined],
      ['PATCH', '/api/webhooks/not-a-uuid', { enabled: false }],
    ] as const) {
      const res = await app.inject({ method, url, headers: stranger.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Webhook no encontrado.', code: 'WEBHOOK_NOT_FOUND' });
    }
    expect((await list(owner.headers)).endpoints).toEqual([owner.endpoint]);
  });

  it('when a test event is sent, then the worker delivers it once, signed, with event and delivery headers; a job run again after the 2xx sends nothing; a replay sends the same body and id again', { timeout: 30_000 }, async () => {
    const { headers, endpoint, secret } = await endpointFor(receiver.url('/hooks/a'));
    receiver.useSecret(secret);
    const before = receiver.received.length;
    const res = await test(headers, endpoint.id);
    expect(res.statusCode, res.body).toBe(202);
    const made = res.json<WebhookDelivery>();
    await expect.poll(async () => (await delivery(made.id))?.status, { timeout: 15_000, interval: 100 }).toBe('delivered');
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ verified: true, delivery: made.id, headers: { 'rankmaps-event': 'webhook.test', 'content-type': 'application/json; charset=utf-8' } });
    expect(got[0]?.headers['rankmaps-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got[0]?.body).toMatchObject({ id: made.eventId, type: 'webhook.test', data: { endpointId: endpoint.id } });

    // pg-boss running attempt 1 again (a crash after the 2xx, before the job completed): a no-op.
    expect(await deliverWebhookEvent(container, { deliveryId: made.id, attempt: 1 })).toBe('skipped');
    expect(receiver.received.length - before).toBe(1);

    const [logged] = await deliveries(headers, endpoint.id);
    expect(logged).toMatchObject({ id: made.id, status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null });

    const again = await replay(headers, endpoint.id, made.id);
    expect(again.statusCode, again.body).toBe(202);
    await expect.poll(async () => (await delivery(made.id))?.attempts, { timeout: 15_000, interval: 100 }).toBe(2);
    await expect.poll(async () => (await delivery(made.id))?.status, { timeout: 15_000, interval: 100 }).toBe('delivered');
    const both = receiver.received.slice(before);
    expect(both).toHaveLength(2);
    expect(both[1]?.raw).toBe(both[0]?.raw);
    expect(both[1]?.delivery).toBe(made.id);
    expect(both[1]?.verified).toBe(true);
  });

  it('when the receiver answers 500, then the delivery is retried with a next attempt time, and arrives once when it answers 2xx', { timeout: 30_000 }, async () => {
    const { headers, endpoint, secret } = await endpointFor(other.url());
    other.useSecret(secret);
    other.answerWith({ status: 500, body: 'boom' });
    const made = (await test(headers, endpoint.id)).json<WebhookDelivery>();
    await expect.poll(async () => (await delivery(made.id))?.status, { timeout: 15_000, interval: 100 }).toBe('retrying');
    const row = await delivery(made.id);
    expect(row).toMatchObject({ attempts: 1, lastStatusCode: 500 });
    expect(row?.lastError).toContain('500');
    expect(row?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 30_000);
    other.answerWith(null);
    await fastForward();
    await expect.poll(async () => (await delivery(made.id))?.status, { timeout: 15_000, interval: 100 }).toBe('delivered');
    expect(other.perDelivery().get(made.id)).toBe(1);
    expect(await delivery(made.id)).toMatchObject({ attempts: 2, lastStatusCode: 204 });
    other.answerWith(null);
  });

  it('when the receiver redirects to a private address, then the redirect is not followed and the delivery fails at once, not retried', { timeout: 30_000 }, async () => {
    const { headers, endpoint } = await endpointFor(other.url('/moved'));
    const target = receiver.received.length;
    other.answerWith({ redirectTo: 'http://169.254.169.254/latest/meta-data/', status: 307 });
    const made = (await test(headers, endpoint.id)).json<WebhookDelivery>();
    await expect.poll(async () => (await delivery(made.id))?.status, { timeout: 15_000, interval: 100 }).toBe('failed');
    expect(await delivery(made.id)).toMatchObject({ attempts: 1, lastStatusCode: 307, nextAttemptAt: null });
    expect((await delivery(made.id))?.lastError).toContain('redirección');
    expect(receiver.received.length).toBe(target);
    other.answerWith(null);
  });

  it('when the receiver does not answer, then the attempt times out after 10 s and is retried', { timeout: 40_000 }, async () => {
    const { headers, endpoint } = await endpointFor(other.url('/slow'));
    other.answerWith({ hang: true });
    const made = (await test(headers, endpoint.id)).json<WebhookDelivery>();
    await expect.poll(async () => (await delivery(made.id))?.status, { timeout: 30_000, interval: 200 }).toBe('retrying');
    expect((await delivery(made.id))?.lastError).toContain('no respondió en 10 s');
    other.answerWith(null);
    await db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, endpoint.id));
  });

  it('when five deliveries in a row fail for good, then the endpoint is disabled with its reason and the owner gets an e-mail', { timeout: 60_000 }, async () => {
    const { user, headers, endpoint } = await endpointFor(other.url('/gone'));
    other.answerWith({ status: 410, body: 'gone' });
    for (let i = 0; i < 5; i++) {
      const made = (await test(headers, endpoint.id)).json<WebhookDelivery>();
      await expect.poll(async () => (await delivery(made.id))?.status, { timeout: 15_000, interval: 100 }).toBe('failed');
    }
    const [listed] = (await list(headers)).endpoints;
    expect(listed).toMatchObject({ enabled: false, consecutiveFailures: 5, disabledReason: 'Desactivado automáticamente: 5 entregas seguidas fallaron.' });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(user.email)).length, { timeout: 20_000, interval: 200 }).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(user.email));
    expect(mail?.raw).toContain('Hemos desactivado uno de tus webhooks');
    const refused = await test(headers, endpoint.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'WEBHOOK_DISABLED' });
    // Switching it on again starts a new run of failures.
    const on = await app.inject({ method: 'PATCH', url: `/api/webhooks/${endpoint.id}`, headers, payload: { enabled: true } });
    expect(on.json<WebhookEndpoint>()).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
    other.answerWith(null);
  });

  it('when an endpoint is deleted, then it and its log are gone', async () => {
    const { headers, endpoint } = await endpointFor(receiver.url());
    expect((await app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint.id}`, headers })).statusCode).toBe(204);
    expect((await list(headers)).endpoints).toEqual([]);
    expect((await app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint.id}`, headers })).statusCode).toBe(404);
  });
});

// Production's policy (WEBHOOK_ALLOW_PRIVATE_TARGETS=false, as production has it): plain http and
// private, loopback, link-local and metadata addresses are refused when the endpoint is added.
describe('webhooks under the production address policy (API)', async () => {
  const { app, container } = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  const { signedIn } = sessions(app, container);

  it('when the URL is http or points at a private, loopback or link-local address, then 400 in Spanish and nothing is stored', async () => {
    const { user, headers } = await signedIn('pro_agency');
    const cases: [string, string][] = [
      ['http://example.com/hook', 'La URL del webhook debe empezar por https://'],
      ['https://127.0.0.1/hook', 'La URL del webhook apunta a una dirección privada y no se admite.'],
      ['https://10.1.2.3/hook', 'La URL del webhook apunta a una dirección privada y no se admite.'],
      ['https://[fe80::1]/hook', 'La URL del webhook apunta a una dirección privada y no se admite.'],
      ['https://169.254.169.254/latest', 'La URL del webhook apunta a un servicio interno de la nube y no se admite.'],
      ['https://metadata.google.internal/x', 'La URL del webhook apunta a un servicio interno de la nube y no se admite.'],
    ];
    for (const [url, error] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url, events: ['credits.low'] } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error, code: 'WEBHOOK_URL_INVALID' });
    }
    expect(await container.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id))).toEqual([]);
  });
});
