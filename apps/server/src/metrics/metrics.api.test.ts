import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { CreatedWebhook } from '@rankmaps/shared/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/fake-smtp';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { MALAGA, rankmapFixtures } from '../../test/rankmap-fixtures';
import { createTestApp } from '../../test/test-app';
import { sessions } from '../../test/sessions';
import { openSse } from '../../test/sse-client';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { buildApp } from '../app';
import { queueEmail } from '../modules/mail/mail.service';
import { parsePrometheusText, sumOf } from './prometheus-text';
import { startWorkerMetricsServer } from './worker-server';

// GET /metrics as Prometheus scrapes it: real HTTP through the listening server, the real
// database and workers, a real SMTP server and a webhook receiver (docs/operations.md "Metrics").
const TOKEN = 'metrics-test-token-0123456789abcdef';

describe('GET /metrics (API, real HTTP, scan, e-mail and webhook)', async () => {
  const smtp = await startSmtpServer();
  afterAll(smtp.close);
  const receiver = await startWebhookReceiver();
  afterAll(() => receiver.close());
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, { workers: true });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { withKeyword } = rankmapFixtures(app, container);

  const scrape = async (authorization = `Bearer ${TOKEN}`) => {
    const res = await fetch(`${base}/metrics`, { headers: { authorization } });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  it('without a token, or with a wrong one, then 401 with a Spanish message and no series', async () => {
    for (const res of [await fetch(`${base}/metrics`), await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } }), await fetch(`${base}/metrics`, { headers: { authorization: TOKEN } })]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ error: 'Falta el token de métricas o no es válido.', code: 'METRICS_UNAUTHORIZED' });
      expect(body).not.toContain('rankmaps_');
    }
  });

  it('after a scan, an e-mail and a webhook delivery, then their series move and every label is a template, never an id or an address', { timeout: 240_000 }, async () => {
    const before = parsePrometheusText((await scrape()).text);
    const { user, headers, keywordId } = await withKeyword('pro_agency', 'demo-malaga-dentista-1', MALAGA);
    const made = await app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: receiver.url('/events'), events: ['analysis.completed'] } });
    expect(made.statusCode, made.body).toBe(201);
    receiver.useSecret(made.json<CreatedWebhook>().secret);

    // The scan, through the real HTTP server; its completion is delivered as a webhook.
    const analyzed = await fetch(`${base}/api/rankmap/keyword/${keywordId}/analyze`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: 'dentista', maxResults: 20 }) });
    expect(analyzed.status).toBe(201);
    const { rankMapId } = (await analyzed.json()) as AnalyzeResponse;
    await expect.poll(() => receiver.received.filter((r) => r.body.type === 'analysis.completed').length, { timeout: 180_000, interval: 250 }).toBe(1);
    // An e-mail through the outbox and the real SMTP server.
    await queueEmail(container, { to: user.email, subject: 'Aviso de prueba', html: '<p>Hola</p>', text: 'Hola', kind: 'test-metrics' });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(user.email) && m.raw.includes('Subject: Aviso de prueba')).length, { timeout: 30_000, interval: 200 }).toBe(1);
    // A place id in a path: the label must carry the template.
    const place = await fetch(`${base}/api/place/${rankMapId}`, { headers });
    expect(place.status).toBe(404);

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = parsePrometheusText(res.text);
    const moved = (name: string, labels: Record<string, string> = {}) => sumOf(after, name, labels) - sumOf(before, name, labels);

    expect(moved('rankmaps_scans_started_total')).toBe(1);
    expect(moved('rankmaps_scans_completed_total')).toBe(1);
    expect(moved('rankmaps_scans_failed_total')).toBe(0);
    expect(moved('rankmaps_scan_points_total', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(moved('rankmaps_vendor_calls_total', { provider: 'demo', mode: 'live' })).toBeGreaterThanOrEqual(moved('rankmaps_scan_points_total', { outcome: 'ok' }));
    expect(moved('rankmaps_vendor_errors_total', { provider: 'demo', mode: 'live' })).toBe(0);
    expect(after.some((s) => s.name === 'rankmaps_vendor_cost_usd_total' && s.labels.provider === 'demo')).toBe(true);
    expect(moved('rankmaps_email_deliveries_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(moved('rankmaps_webhook_deliveries_total', { channel: 'webhook', outcome: 'delivered' })).toBe(1);
    expect(moved('rankmaps_http_requests_total', { method: 'POST', route: '/api/rankmap/keyword/:keywordId/analyze', status_code: '201' })).toBe(1);
    expect(moved('rankmaps_http_request_duration_seconds_count', { method: 'POST', route: '/api/rankmap/keyword/:keywordId/analyze', status_code: '201' })).toBe(1);
    expect(moved('rankmaps_http_requests_total', { method: 'GET', route: '/api/place/:id', status_code: '404' })).toBe(1);
    // Read at scrape time: every queue is reported, and the outbox (empty again).
    expect(after.filter((s) => s.name === 'rankmaps_queue_depth').map((s) => s.labels.queue)).toEqual(expect.arrayContaining(['rankmap-scan', 'send-email', 'webhook-delivery']));
    expect(after.filter((s) => s.name === 'rankmaps_queue_oldest_job_age_seconds').length).toBeGreaterThan(10);
    expect(sumOf(after, 'rankmaps_email_outbox_backlog')).toBe(0);
    expect(sumOf(after, 'rankmaps_backlog_read_ok')).toBe(1);
    expect(after.some((s) => s.name === 'rankmaps_chat_sse_connections')).toBe(true);
    // Process and event loop.
    expect(sumOf(after, 'rankmaps_process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'rankmaps_nodejs_eventloop_lag_p99_seconds')).toBe(true);

    // No user data anywhere: not the ids, not the address, not the keyword.
    for (const secret of [rankMapId, keywordId, user.id, user.email]) expect(res.text).not.toContain(secret);
    const routes = new Set(after.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('when a chat event stream opens and then closes, then the open-connections gauge goes up by one and back', async () => {
    const gauge = async () => sumOf(parsePrometheusText((await scrape()).text), 'rankmaps_chat_sse_connections');
    const start = await gauge();
    const customer = await sessions(app, container).signedIn('premium');
    const stream = await openSse(`${base}/api/chat/stream`, customer.headers);
    try {
      expect(stream.status).toBe(200);
      await expect.poll(gauge, { timeout: 5_000, interval: 50 }).toBe(start + 1);
    } finally {
      stream.close();
    }
    await expect.poll(gauge, { timeout: 5_000, interval: 50 }).toBe(start);
  });

  it('when a URL matches no route, then its label is the one value for unknown routes', async () => {
    await fetch(`${base}/api/no-existe/${crypto.randomUUID()}`);
    const samples = parsePrometheusText((await scrape()).text);
    expect(sumOf(samples, 'rankmaps_http_requests_total', { route: '(sin ruta)', status_code: '404' })).toBeGreaterThanOrEqual(1);
  });

  it("when a worker serves its own metrics, then it answers with the token only, the same series, and 404 elsewhere", async () => {
    const server = await startWorkerMetricsServer({ port: 0, host: '127.0.0.1', token: TOKEN, log: container.log });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer otro-token-0123456789' } })).status).toBe(401);
      const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toMatch(/^rankmaps_scans_completed_total [1-9]/m);
      expect((await fetch(`${url}/otra`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', async () => {
  const { app, container } = await createTestApp();

  it('when no token is configured, then the route does not exist: 404, whatever the header', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('rankmaps_');
    }
    expect(app.routeTable.some((r) => r.url === '/metrics')).toBe(false);
  });

  it('when the app also serves the SPA, then /metrics is still 404, not the SPA page that other unknown paths get', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'rm-metrics-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
    const withWeb = await buildApp(container, { serveWeb: true, webDist: dist });
    try {
      expect((await withWeb.inject({ method: 'GET', url: '/rankmap' })).statusCode).toBe(200);
      const res = await withWeb.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
    } finally {
      await withWeb.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
