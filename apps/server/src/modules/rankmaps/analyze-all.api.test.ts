import { eq } from 'drizzle-orm';
import type { AnalyzeAllPreview, AnalyzeAllResult } from '@rankmaps/shared/schemas/analyze-all';
import { beforeAll, describe, expect, it } from 'vitest';
import { rankMaps } from '../../db/rankmaps-schema';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MADRID, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { ANALYZE_ALL_MESSAGES } from './analyze-all.service';

type Headers = Record<string, string>;

describe('«Analizar todas»', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword, balance, validPoints } = rankmapFixtures(app, container);
  const db = container.database.db;

  const call = (headers: Headers, url: string, payload?: Record<string, unknown>) => app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const previewPlace = (headers: Headers, placeId: string) => call(headers, `/api/place/${placeId}/analyze-all/preview`);
  const startPlace = (headers: Headers, placeId: string) => call(headers, `/api/place/${placeId}/analyze-all`);
  const analysesOf = async (userId: string) => db.select().from(rankMaps).where(eq(rankMaps.userId, userId));

  /** A user on `planId` with a place of `gridSize` and the named keywords. */
  async function placeWith(planId: string, names: string[], gridSize = 3, googlePlaceId = 'demo-madrid-dentista-1') {
    const { user, headers } = await signedIn(planId);
    const placeId = await createPlace(headers, googlePlaceId, MADRID, gridSize);
    const keywordIds = [];
    for (const name of names) keywordIds.push(await addKeyword(headers, placeId, name));
    return { user, headers, placeId, keywordIds, points: await validPoints(headers, placeId) };
  }

  it('when a pro plan analyses every keyword of a place, then the preview shows the credits first and the confirmation starts one analysis per keyword, charged once', async () => {
    const { user, headers, placeId, keywordIds, points } = await placeWith('pro_starter', ['dentista', 'implantes', 'ortodoncia']);
    const before = await balance(user.id);
    const preview = await previewPlace(headers, placeId);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<AnalyzeAllPreview>()).toMatchObject({
      billing: 'credits',
      toStart: 3,
      alreadyRunning: 0,
      cost: 3 * points,
      available: before,
      missing: 0,
      enough: true,
      canStart: true,
      message: null,
    });
    expect(preview.json<AnalyzeAllPreview>().keywords.map((k) => [k.keywordId, k.points, k.cost, k.running])).toEqual(keywordIds.map((id) => [id, points, points, false]));
    // The preview starts nothing.
    expect(await analysesOf(user.id)).toHaveLength(0);

    const started = await startPlace(headers, placeId);
    expect(started.statusCode, started.body).toBe(201);
    const result = started.json<AnalyzeAllResult>();
    expect(result).toMatchObject({ billing: 'credits', alreadyRunning: 0, cost: 3 * points, message: 'Se han lanzado 3 análisis.' });
    expect(result.started.map((s) => s.keywordId).sort()).toEqual([...keywordIds].sort());
    const rows = await analysesOf(user.id);
    expect(rows.map((r) => [r.kind, r.status, r.billing, r.creditsCharged])).toEqual(keywordIds.map(() => ['manual', 'pending', 'credits', points]));
    expect(await balance(user.id)).toBe(before - 3 * points);

    // Clicked again: they are running, so nothing starts and nothing is charged.
    const again = await startPlace(headers, placeId);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<AnalyzeAllResult>()).toEqual({ billing: 'credits', started: [], alreadyRunning: 3, cost: 0, message: ANALYZE_ALL_MESSAGES.allRunning });
    expect(await analysesOf(user.id)).toHaveLength(3);
    expect(await balance(user.id)).toBe(before - 3 * points);
    const after = (await previewPlace(headers, placeId)).json<AnalyzeAllPreview>();
    expect(after).toMatchObject({ toStart: 0, alreadyRunning: 3, cost: 0, canStart: false, message: ANALYZE_ALL_MESSAGES.allRunning });
  });

  it('when «Analizar todas» is double-clicked (two requests at once), then each keyword is analysed once and charged once', async () => {
    const { user, headers, placeId, points } = await placeWith('pro_starter', ['clínica dental', 'dentista urgencias']);
    const before = await balance(user.id);
    const [a, b] = await Promise.all([startPlace(headers, placeId), startPlace(headers, placeId)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const counts = [a, b].map((r) => r.json<AnalyzeAllResult>().started.length).sort();
    expect(counts).toEqual([0, 2]);
    expect(await analysesOf(user.id)).toHaveLength(2);
    expect(await balance(user.id)).toBe(before - 2 * points);
  });

  it('when the credits do not cover every analysis, then the preview says what is missing and the confirmation starts none and charges nothing', async () => {
    // Starter grants 500 credits; three keywords on a 15×15 grid need far more.
    const { user, headers, placeId, points } = await placeWith('pro_starter', ['a', 'b', 'c'], 15);
    const before = await balance(user.id);
    expect(3 * points).toBeGreaterThan(before);
    const preview = (await previewPlace(headers, placeId)).json<AnalyzeAllPreview>();
    expect(preview).toMatchObject({ cost: 3 * points, available: before, missing: 3 * points - before, enough: false, canStart: false });
    expect(preview.message).toBe(ANALYZE_ALL_MESSAGES.credits(3 * points, before));
    const refused = await startPlace(headers, placeId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorType: 'insufficient_credits', error: ANALYZE_ALL_MESSAGES.credits(3 * points, before) });
    expect(await analysesOf(user.id)).toHaveLength(0);
    expect(await balance(user.id)).toBe(before);
  });

  it('when a basic plan has fewer scans left this month than keywords, then none starts and the message names the plan; within the quota, each spends one scan', async () => {
    // Básico: 3 keywords per place, 2 manual scans a month.
    const { user, headers, placeId, keywordIds } = await placeWith('basico', ['abogado', 'abogado laboral', 'abogado penal']);
    const preview = (await previewPlace(headers, placeId)).json<AnalyzeAllPreview>();
    expect(preview).toMatchObject({ billing: 'scans', toStart: 3, cost: 3, available: 2, missing: 1, enough: false, canStart: false });
    expect(preview.message).toBe('Analizarlas todas necesita 3 análisis y te quedan 2 este mes: no se lanzará ninguno. Para hacer más análisis necesitas el plan Profesional.');
    const refused = await startPlace(headers, placeId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorType: 'upgrade_required', error: preview.message });
    expect(await analysesOf(user.id)).toHaveLength(0);

    expect((await app.inject({ method: 'DELETE', url: `/api/keyword/${keywordIds[2]}`, headers })).statusCode).toBe(200);
    const started = await startPlace(headers, placeId);
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json<AnalyzeAllResult>()).toMatchObject({ billing: 'scans', cost: 2 });
    expect((await analysesOf(user.id)).map((r) => r.billing)).toEqual(['plan', 'plan']);
    const quota = (await app.inject({ method: 'GET', url: '/api/rankmap/scan-quota', headers })).json();
    expect(quota).toMatchObject({ used: 2, remaining: 0 });
  });

  it('when a selection of keywords from several places is analysed, then the cost adds each place’s points; someone else’s keyword answers 404 and starts nothing', async () => {
    const { user, headers, placeId, keywordIds, points } = await placeWith('pro_starter', ['dentista', 'implantes']);
    const second = await createPlace(headers, 'demo-madrid-dentista-3', MADRID, 5);
    const secondKeyword = await addKeyword(headers, second, 'ortodoncia');
    const secondPoints = await validPoints(headers, second);
    const chosen = [keywordIds[0]!, secondKeyword, keywordIds[0]!];
    const preview = await call(headers, '/api/rankmap/analyze-many/preview', { keywordIds: chosen });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<AnalyzeAllPreview>()).toMatchObject({ toStart: 2, cost: points + secondPoints, canStart: true });
    expect(preview.json<AnalyzeAllPreview>().keywords.map((k) => [k.placeId, k.points])).toEqual([
      [placeId, points],
      [second, secondPoints],
    ]);

    const other = await placeWith('pro_starter', ['abogado'], 3, 'demo-madrid-abogado-1');
    for (const body of [{ keywordIds: [keywordIds[1]!, other.keywordIds[0]!] }, { keywordIds: [keywordIds[1]!, 'no-es-un-id'] }]) {
      const res = await call(headers, '/api/rankmap/analyze-many', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().error).toBe('Keyword no encontrada.');
    }
    expect(await analysesOf(user.id)).toHaveLength(0);
    for (const body of [{ keywordIds: [] }, { keywordIds: Array.from({ length: 201 }, () => keywordIds[0]!) }, {}]) {
      const res = await call(headers, '/api/rankmap/analyze-many/preview', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const started = await call(headers, '/api/rankmap/analyze-many', { keywordIds: chosen });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json<AnalyzeAllResult>().started).toHaveLength(2);
    expect(await analysesOf(user.id)).toHaveLength(2);
  });

  it('when the place has no keywords, is someone else’s or the user has no plan, then it says so and starts nothing', async () => {
    const { headers } = await signedIn('pro_starter');
    const empty = await createPlace(headers, 'demo-madrid-peluqueria-1', MADRID, 3);
    expect((await previewPlace(headers, empty)).json<AnalyzeAllPreview>()).toMatchObject({ keywords: [], toStart: 0, canStart: false, message: ANALYZE_ALL_MESSAGES.noKeywords });
    const none = await startPlace(headers, empty);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(ANALYZE_ALL_MESSAGES.noKeywords);

    const owner = await placeWith('pro_starter', ['dentista']);
    const theirs = await startPlace(headers, owner.placeId);
    const missing = await startPlace(headers, '00000000-0000-4000-8000-000000000000');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(await analysesOf(owner.user.id)).toHaveLength(0);
    const noPlan = await signedIn();
    const refused = await call(noPlan.headers, '/api/rankmap/analyze-many/preview', { keywordIds: owner.keywordIds });
    expect(refused.statusCode).toBe(404);
  });
});
