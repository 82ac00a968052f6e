import { nextWeeklyScan } from '@rankmaps/shared/schedule';
import type { AnalyzeResponse, RankMapResponse, RankMapSummary, ScanQuotaResponse } from '@rankmaps/shared/schemas/rankmaps';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import { RANKMAP_SCAN_JOB } from '../../jobs/definitions/rankmap-scan';
import { creditsService } from '../billing/credits.service';
import { rankMapsRepository } from './rankmaps.repository';
import { quotaMonth } from './scan-quota';
import { MADRID, rankmapFixtures } from '../../../test/rankmap-fixtures';

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('analyses (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword, withKeyword, analyze, balance, validPoints } = rankmapFixtures(app, container);
  const list = async (headers: Record<string, string>, keywordId: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/rankmap/keyword/${keywordId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RankMapSummary[]>();
  };
  const quota = async (headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: '/api/rankmap/scan-quota', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ScanQuotaResponse>();
  };
  const jobOf = async (rankMapId: string) => {
    const row = await rankMapsRepository.findById(container.database.db, rankMapId);
    return row?.jobId ? container.boss.getJobById<{ rankMapId: string }>(RANKMAP_SCAN_JOB, row.jobId) : null;
  };

  it('when a pro user analyses a Málaga keyword now, then 1 credit per valid point is taken and a scan job is queued', async () => {
    const { user, headers, placeId, keywordId } = await withKeyword('pro_starter');
    const points = await validPoints(headers, placeId);
    expect(points).toBeLessThan(49); // the sea south of Málaga is not charged
    const before = await balance(user.id);
    const res = await analyze(headers, keywordId);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<AnalyzeResponse>();
    expect(body).toMatchObject({ status: 'pending', kind: 'manual', scheduledFor: null, totalPoints: points, creditsCharged: points });
    expect(await balance(user.id)).toBe(before - points);
    expect(await jobOf(body.rankMapId)).toMatchObject({ state: 'created', data: { rankMapId: body.rankMapId } });

    const detail = await app.inject({ method: 'GET', url: `/api/rankmap/${body.rankMapId}`, headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<RankMapResponse>()).toMatchObject({
      rankMap: { id: body.rankMapId, status: 'pending', kind: 'manual', keyword: 'dentista', query: 'dentista', provider: 'demo', isDemo: true, totalPoints: points, grid: { gridSize: 7, radius: 1500 }, vendorCost: { usd: 0, queue: null } },
      results: [],
      competitorAnalysis: null,
    });
    const status = await app.inject({ method: 'GET', url: `/api/rankmap/${body.rankMapId}/status`, headers });
    expect(status.json()).toEqual({ status: 'pending', progress: 0, failureReason: null, waitingVendor: null });
  });

  it('when a pro user without enough credits analyses, then it answers insufficient_credits and nothing is created', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    await creditsService.adjust(container.database.db, { userId: user.id, source: 'subscription', amount: 10, reference: `t-${user.id}` });
    const res = await analyze(headers, keywordId, null);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'insufficient_credits', error: expect.stringContaining('No tienes créditos suficientes') });
    expect(await balance(user.id)).toBe(10);
    expect((await list(headers, keywordId)).filter((e) => !e.virtual)).toEqual([]);
  });

  it('when two analyses are asked at once with credits for one, then one starts and the other gets insufficient_credits', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-2', MADRID);
    await creditsService.adjust(container.database.db, { userId: user.id, source: 'subscription', amount: 60, reference: `t-${user.id}` });
    const results = await Promise.all([analyze(headers, keywordId), analyze(headers, keywordId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect(results.find((r) => r.statusCode === 403)!.json().errorType).toBe('insufficient_credits');
    expect(await balance(user.id)).toBe(60 - 49);
  });

  it('when a basic user uses the month’s manual scans, then the next one needs an upgrade; cancelling a scheduled one gives it back', async () => {
    const { user, headers, keywordId } = await withKeyword('basico', 'demo-madrid-dentista-3', MADRID);
    const now = await analyze(headers, keywordId);
    expect(now.statusCode).toBe(201);
    expect(now.json()).toMatchObject({ creditsCharged: 0, totalPoints: 49 });
    const scheduled = await analyze(headers, keywordId, { scheduledFor: inDays(2) }, true);
    expect(scheduled.statusCode).toBe(201);
    const third = await analyze(headers, keywordId);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      errorType: 'upgrade_required',
      error: 'Has alcanzado el límite de 2 análisis manuales de este mes para tu plan actual. Para hacer más análisis necesitas el plan Profesional.',
    });
    expect(await balance(user.id)).toBe(0);
    const cancel = await app.inject({ method: 'DELETE', url: `/api/rankmap/scheduled/${scheduled.json<AnalyzeResponse>().rankMapId}`, headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().message).toBe('Análisis programado eliminado correctamente');
    expect(await quota(headers)).toMatchObject({ limit: 2, used: 1, remaining: 1 });
    expect((await analyze(headers, keywordId)).statusCode).toBe(201);
    // Deleting an analysis that has run does not give the scan back (a pending one would).
    await rankMapsRepository.update(container.database.db, now.json<AnalyzeResponse>().rankMapId, { status: 'completed' });
    await app.inject({ method: 'DELETE', url: `/api/rankmap/${now.json<AnalyzeResponse>().rankMapId}`, headers });
    expect((await analyze(headers, keywordId)).statusCode).toBe(403);
  });

  it('when a Profesional user has run 2 of the 5 scans of the month, then the scan quota says 3 remain, and when the Madrid month resets', async () => {
    const { headers, keywordId } = await withKeyword('profesional', 'demo-madrid-abogado-2', MADRID);
    const before = await quota(headers);
    expect(before).toMatchObject({ limit: 5, used: 0, remaining: 5 });
    expect(before.month).toBe(quotaMonth(new Date()));
    // The next month starts at midnight in Madrid: 23:00 or 22:00 UTC the day before.
    const reset = new Date(before.resetsAt);
    expect(reset.getTime()).toBeGreaterThan(Date.now());
    expect(quotaMonth(reset)).not.toBe(before.month);
    expect(quotaMonth(new Date(reset.getTime() - 1))).toBe(before.month);
    expect((await analyze(headers, keywordId)).statusCode).toBe(201);
    expect((await analyze(headers, keywordId, { scheduledFor: inDays(3) }, true)).statusCode).toBe(201);
    expect(await quota(headers)).toMatchObject({ limit: 5, used: 2, remaining: 3 });
  });

  it('when the plan counts no scans (pro plans pay credits; no plan, no analyses), then the scan quota has no limit', async () => {
    const pro = await signedIn('pro_starter');
    expect(await quota(pro.headers)).toMatchObject({ limit: null, used: 0, remaining: null });
    const free = await signedIn();
    expect(await quota(free.headers)).toMatchObject({ limit: null, used: 0, remaining: null });
    expect((await app.inject({ method: 'GET', url: '/api/rankmap/scan-quota' })).statusCode).toBe(401);
  });

  it('when the scheduled date is missing, past, too far or not a date, then it answers 400 with the spec messages', async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-4', MADRID);
    const cases: [unknown, string][] = [
      [null, 'Debes seleccionar una fecha para el análisis programado'],
      ['', 'Debes seleccionar una fecha para el análisis programado'],
      [inDays(-1), 'La fecha debe ser futura'],
      [inDays(15.1), 'La fecha no puede ser más de 15 días en el futuro'],
      ['mañana', 'La fecha del análisis programado no es válida'],
      [42, 'La fecha del análisis programado no es válida'],
    ];
    for (const [scheduledFor, message] of cases) {
      const res = await analyze(headers, keywordId, { scheduledFor }, true);
      expect(res.statusCode, String(scheduledFor)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const bad = await analyze(headers, keywordId, { maxResults: 50 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('El número de resultados debe ser un número entero entre 1 y 20');
  });

  it('when a pro user schedules an analysis, then nothing is charged yet, its job waits for the date, and the list shows it with the weekly entry', async () => {
    const { user, headers, placeId, keywordId } = await withKeyword('pro_starter', 'demo-barcelona-dentista-1', { lat: 41.3874, lng: 2.1686 });
    const before = await balance(user.id);
    const when = inDays(3);
    const scheduled = await analyze(headers, keywordId, { scheduledFor: when, query: 'dentista' }, true);
    expect(scheduled.statusCode).toBe(201);
    expect(scheduled.json()).toMatchObject({ kind: 'scheduled', status: 'pending', scheduledFor: new Date(when).toISOString(), creditsCharged: 0 });
    expect(await balance(user.id)).toBe(before);
    const now = await analyze(headers, keywordId, { useWorker: true }, true);
    expect(now.json()).toMatchObject({ kind: 'manual', status: 'pending' });

    const entries = await list(headers, keywordId);
    const next = nextWeeklyScan(new Date(), 1, 9, 'Europe/Madrid').toISOString();
    expect(entries.map((e) => e.kind).sort()).toEqual(['manual', 'scheduled', 'weekly']);
    const weekly = entries.find((e) => e.virtual)!;
    expect(weekly).toMatchObject({ kind: 'weekly', status: 'pending', scheduledFor: next, virtual: true, provider: 'demo', isDemo: true });
    expect(entries.find((e) => e.kind === 'scheduled')).toMatchObject({ scheduledFor: new Date(when).toISOString(), virtual: false });
    // Newest first, scheduled entries by their date.
    const dates = entries.map((e) => Date.parse(e.scheduledFor ?? e.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    // Weekly scans off: no virtual entry.
    expect((await app.inject({ method: 'PUT', url: `/api/place/${placeId}/schedule`, headers, payload: { weeklyScans: false } })).statusCode).toBe(200);
    expect((await list(headers, keywordId)).some((e) => e.virtual)).toBe(false);
  });

  it('when a scheduled analysis is cancelled, then its job is cancelled; a manual one cannot be cancelled as scheduled', async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-barcelona-dentista-2', { lat: 41.3874, lng: 2.1686 });
    const scheduled = (await analyze(headers, keywordId, { scheduledFor: inDays(1) }, true)).json<AnalyzeResponse>();
    const manual = (await analyze(headers, keywordId)).json<AnalyzeResponse>();
    const refused = await app.inject({ method: 'DELETE', url: `/api/rankmap/scheduled/${manual.rankMapId}`, headers });
    expect(refused.statusCode).toBe(409);
    const job = await jobOf(scheduled.rankMapId);
    expect(job).toMatchObject({ state: 'created' });
    expect(job!.startAfter.toISOString()).toBe(scheduled.scheduledFor);
    expect((await app.inject({ method: 'DELETE', url: `/api/rankmap/scheduled/${scheduled.rankMapId}`, headers })).statusCode).toBe(200);
    expect((await container.boss.getJobById(RANKMAP_SCAN_JOB, job!.id))?.state).toBe('cancelled');
    expect((await app.inject({ method: 'GET', url: `/api/rankmap/${scheduled.rankMapId}`, headers })).statusCode).toBe(404);
  });

  it('when a pending pro analysis is deleted, then its credits come back', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-barcelona-dentista-3', { lat: 41.3874, lng: 2.1686 });
    const before = await balance(user.id);
    const { rankMapId, creditsCharged } = (await analyze(headers, keywordId)).json<AnalyzeResponse>();
    expect(await balance(user.id)).toBe(before - creditsCharged);
    const del = await app.inject({ method: 'DELETE', url: `/api/rankmap/${rankMapId}`, headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Análisis borrado correctamente');
    expect(await balance(user.id)).toBe(before);
    expect((await app.inject({ method: 'GET', url: `/api/rankmap/${rankMapId}/status`, headers })).statusCode).toBe(404);
  });

  it("when another user's analysis or keyword is asked for, or the id is not a UUID, then it answers 404", async () => {
    const owner = await withKeyword('pro_starter', 'demo-barcelona-dentista-4', { lat: 41.3874, lng: 2.1686 });
    const other = await signedIn('pro_starter');
    const { rankMapId } = (await analyze(owner.headers, owner.keywordId)).json<AnalyzeResponse>();
    const urls: ['GET' | 'DELETE' | 'POST', string][] = [
      ['GET', `/api/rankmap/${rankMapId}`],
      ['GET', `/api/rankmap/${rankMapId}/status`],
      ['DELETE', `/api/rankmap/${rankMapId}`],
      ['DELETE', `/api/rankmap/scheduled/${rankMapId}`],
      ['GET', `/api/rankmap/keyword/${owner.keywordId}`],
      ['POST', `/api/rankmap/keyword/${owner.keywordId}/analyze`],
      ['POST', `/api/rankmap/keyword/${owner.keywordId}/analyze-advanced`],
    ];
    for (const [method, url] of urls) {
      expect((await app.inject({ method, url, headers: other.headers })).statusCode, `${method} ${url}`).toBe(404);
      const garbage = url.replace(rankMapId, 'abc').replace(owner.keywordId, 'abc');
      expect((await app.inject({ method, url: garbage, headers: owner.headers })).statusCode, `${method} ${garbage}`).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: `/api/rankmap/${rankMapId}`, headers: owner.headers })).statusCode).toBe(200);
  });

  it('when a place is deleted, then its keywords, analyses and queued jobs go with it, and unfinished analyses are refunded', async () => {
    const { user, headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, 'demo-sevilla-dentista-1', { lat: 37.3891, lng: -5.9845 });
    const keywordId = await addKeyword(headers, placeId, 'dentista');
    const before = await balance(user.id);
    const { rankMapId } = (await analyze(headers, keywordId)).json<AnalyzeResponse>();
    const jobId = (await jobOf(rankMapId))!.id;
    expect((await app.inject({ method: 'DELETE', url: `/api/place/${placeId}`, headers })).statusCode).toBe(200);
    expect(await rankMapsRepository.findById(container.database.db, rankMapId)).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: `/api/keyword/${keywordId}`, headers })).statusCode).toBe(404);
    expect((await container.boss.getJobById(RANKMAP_SCAN_JOB, jobId))?.state).toBe('cancelled');
    expect(await balance(user.id)).toBe(before);
  });
});
