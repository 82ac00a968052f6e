import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { CreatedWebhook } from '@rankmaps/shared/schemas/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { campaignRounds } from '../../db/campaigns-schema';
import { rankMaps } from '../../db/rankmaps-schema';
import { notifyUser } from '../notifications/notifications.service';
import { emitAnalysisEvents } from './webhook-facts.service';

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
    // ATRP, as the app shows it («Posición media total»): the same figure as the session API's.
    const inApp = await app.inject({ method: 'GET', url: `/api/rankmap/${rankMapId}`, headers });
    const stats = inApp.json<{ rankMap: { stats: { avgTotalPosition: number } } }>().rankMap.stats;
    expect((analysis.metrics as { avgTotalPosition: unknown }).avgTotalPosition).toBe(stats.avgTotalPosition);
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

  it('when the last analysis of a campaign round ends, then one campaign.round.completed event arrives, however often the job runs', { timeout: 180_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_agency', 'demo-malaga-dentista-2', MALAGA);
    const made = await app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: receiver.url('/rounds'), events: ['campaign.round.completed'] } });
    receiver.useSecret(made.json<CreatedWebhook>().secret);
    const campaign = await app.inject({ method: 'POST', url: '/api/campaigns', headers, payload: { name: 'Campaña Webhook', frequency: 'weekly', day: 2, hour: 11, keywordIds: [keywordId] } });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const campaignId = campaign.json<{ id: string }>().id;
    const db = container.database.db;
    const [round] = await db.insert(campaignRounds).values({ campaignId, userId: user.id, slot: 'webhook-test', scheduledFor: new Date() }).returning();
    const res = await analyze(headers, keywordId, { query: 'dentista', maxResults: 20 });
    const { rankMapId } = res.json<AnalyzeResponse>();
    await expect.poll(async () => (await db.select().from(rankMaps).where(eq(rankMaps.id, rankMapId)))[0]?.status, { timeout: 120_000, interval: 250 }).toBe('completed');
    // The round's one analysis (the scheduler would have made it with the round).
    await db.update(rankMaps).set({ campaignRoundId: round!.id }).where(eq(rankMaps.id, rankMapId));
    const before = receiver.received.length;
    // What the notify-analysis job does, run twice (a retry).
    expect(await emitAnalysisEvents(container, rankMapId)).toBe(1);
    expect(await emitAnalysisEvents(container, rankMapId)).toBe(0);
    await expect.poll(() => receiver.received.length - before, { timeout: 30_000, interval: 250 }).toBe(1);
    const event = receiver.received.at(-1)!;
    expect(event.verified).toBe(true);
    expect(event.body).toMatchObject({ type: 'campaign.round.completed', data: { campaignId, roundId: round!.id, slot: 'webhook-test', analyses: 1, completed: 1, failed: 0, analysisIds: [rankMapId] } });
    await new Promise((r) => setTimeout(r, 2000));
    expect(receiver.received.length - before).toBe(1);
  });
});
