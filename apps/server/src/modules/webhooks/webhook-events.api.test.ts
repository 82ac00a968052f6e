import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { CreatedWebhook } from '@rankmaps/shared/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { notifyUser } from '../notifications/notifications.service';

// Events made where the facts happen, delivered by the real workers to a receiver that
// verifies each signature: a real analysis's completion (its v1 shape), and the notifications
// of credit warnings and alerts as they are created.
describe('webhook events (API, real scan and workers)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR }, { workers: true });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const receiver = await startWebhookReceiver();
  afterAll(() => receiver.close());
  const { withKeyword, analyze } = rankmapFixtures(app, container);

  it('when an analysis completes, then an analysis.completed event with its v1 fields arrives once; credit warnings and alerts arrive as credits.low and alert.triggered', { timeout: 180_000 }, async () => {
    const { user, headers, keywordId, placeId } = await withKeyword('pro_agency', 'demo-malaga-dentista-1', MALAGA);
    const made = await app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: receiver.url('/events'), events: ['analysis.completed', 'credits.low', 'alert.triggered'] } });
    expect(made.statusCode, made.body).toBe(201);
    receiver.useSecret(made.json<CreatedWebhook>().secret);

    const res = await analyze(headers, keywordId, { query: 'dentista', maxResults: 20 });
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    await expect.poll(() => receiver.received.filter((r) => r.body.type === 'analysis.completed').length, { message: 'analysis.completed', timeout: 120_000, interval: 250 }).toBe(1);
    const completed = receiver.received.find((r) => r.body.type === 'analysis.completed')!;
    expect(completed.verified).toBe(true);
    expect(completed.headers['rankmaps-event']).toBe('analysis.completed');
    const analysis = completed.body.data.analysis as Record<string, unknown>;
    expect(analysis).toMatchObject({ id: rankMapId, keywordId, placeId, query: 'dentista', status: 'completed' });
    expect(analysis.metrics).toMatchObject({ geoRank: expect.any(Number), totalPoints: expect.any(Number) });
    expect(Object.keys(analysis).sort()).toEqual(
      ['id', 'keywordId', 'placeId', 'query', 'kind', 'status', 'progress', 'failureReason', 'gridPoints', 'creditsCharged', 'creditsRefunded', 'metrics', 'createdAt', 'startedAt', 'completedAt'].sort(),
    );

    const drafts = [
      { kind: 'credits-running-out' as const, dedupeKey: `credits-running-out:${user.id}:w`, placeId: null, title: 'Créditos insuficientes', body: 'Faltan 40 créditos.', link: '/subscription', data: { shortfall: 40 } },
      { kind: 'rank-drop' as const, dedupeKey: `rank-drop:${rankMapId}:test`, placeId, title: 'Bajada de posiciones', body: 'GeoRank de 60 a 40.', link: `/rankmap/${placeId}`, data: {} },
    ];
    expect(await notifyUser(container, user.id, drafts)).toBe(2);
    // The same facts again (the warnings job running twice): nothing new is made or sent.
    expect(await notifyUser(container, user.id, drafts)).toBe(0);
    await expect.poll(() => receiver.received.map((r) => r.body.type).sort(), { timeout: 30_000, interval: 250 }).toEqual(['alert.triggered', 'analysis.completed', 'credits.low']);
    const low = receiver.received.find((r) => r.body.type === 'credits.low')!;
    expect(low.body.data).toMatchObject({ kind: 'credits-running-out', title: 'Créditos insuficientes', url: `${container.config.appUrl}/subscription`, details: { shortfall: 40 } });
    const alert = receiver.received.find((r) => r.body.type === 'alert.triggered')!;
    expect(alert.body.data).toMatchObject({ kind: 'rank-drop', placeId });
    await new Promise((r) => setTimeout(r, 2000));
    expect(receiver.received).toHaveLength(3);
    expect([...receiver.perDelivery().values()]).toEqual([1, 1, 1]);
  });
});
