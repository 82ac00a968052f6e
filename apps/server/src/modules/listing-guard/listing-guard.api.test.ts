import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import type { ListingChangesResponse, ReviewPaceResponse } from '@rankmaps/shared/schemas/review-pace';
import type { Report } from '@rankmaps/shared/schemas/report';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { fastScanDeps, scriptedProvider } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { listingChanges } from '../../db/listing-schema';
import { notifications } from '../../db/notifications-schema';
import { rankMaps } from '../../db/rankmaps-schema';
import { handleNotifyAnalysis } from '../../jobs/handlers/notify-analysis';
import { demoCatalogue } from '../../providers/places/demo';
import { demoEditWeek, demoReviewsAt } from '../../providers/maps-search/demo-listing';
import { hashString } from '../../providers/maps-search/demo-random';
import { runScan } from '../rankmaps/scan/scan.service';
import { simulateListingEdit } from './listing-demo.service';
import { recordListingFromAnalysis } from './listing-guard.service';

type Headers = Record<string, string>;
const WEEK_MS = 7 * 86_400_000;
const TARGET = 'demo-malaga-dentista-1';
const SEED = hashString(TARGET);
// Mondays from 2026-03-02: which of them is the target's edit week follows from its seed.
const MONDAYS = Array.from({ length: 12 }, (_, i) => new Date(Date.parse('2026-03-02T10:00:00Z') + i * WEEK_MS));
const EDIT = MONDAYS.find((d) => demoEditWeek(SEED, d))!;
const PLAIN = MONDAYS.filter((d) => !demoEditWeek(SEED, d) && d < EDIT);
const AFTER = MONDAYS.find((d) => d > EDIT && !demoEditWeek(SEED, d))!;

describe('review pace and listing guard (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, RATE_LIMIT_API_MAX: '1000' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const db = container.database.db;
  const { signedIn, createPlace, addKeyword, analyze } = rankmapFixtures(app, container);

  /** A demo scan searched at `at` (the analysis dated so, as a scan scheduled for then is). */
  const scannedAt = async (headers: Headers, keywordId: string, at: Date) => {
    const res = await analyze(headers, keywordId, { query: 'dentista', maxResults: 20 });
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    await db.update(rankMaps).set({ createdAt: at }).where(eq(rankMaps.id, rankMapId));
    expect(await runScan(fastScanDeps(container, scriptedProvider({ at: () => at }).provider), rankMapId)).toBe('completed');
    return rankMapId;
  };
  const setUp = async () => {
    const { user, headers } = await signedIn('pro_agency');
    const placeId = await createPlace(headers, TARGET, MALAGA, 5);
    const keywordId = await addKeyword(headers, placeId);
    return { user, headers, placeId, keywordId };
  };
  const get = <T>(headers: Headers, url: string) => app.inject({ method: 'GET', url, headers }).then((r) => ({ status: r.statusCode, body: r.json<T>(), raw: r.body }));

  it('when a business is scanned over several weeks, then its pace and its followed competitors’ come from what the scans saw, with the gap to the leader', { timeout: 240_000 }, async () => {
    const { headers, placeId, keywordId } = await setUp();
    const first = await scannedAt(headers, keywordId, PLAIN[0]!);
    // Follow two competitors the first scan listed.
    const seen = (await db.select().from(rankMaps).where(eq(rankMaps.id, first)))[0]!.competitorAnalysis!;
    const rivals = seen.competitors.filter((c) => !c.isOurBusiness && c.placeId.startsWith('demo-')).slice(0, 2);
    expect(rivals).toHaveLength(2);
    for (const r of rivals) expect((await app.inject({ method: 'POST', url: `/api/place/${placeId}/competitors`, headers, payload: { placeId: r.placeId, name: r.name } })).statusCode).toBe(201);

    const before = await get<ReviewPaceResponse>(headers, `/api/place/${placeId}/review-pace`);
    expect(before.status, before.raw).toBe(200);
    // One day of data: counts, but no pace yet («sin datos suficientes»).
    expect(before.body.rows.map((r) => [r.isOurs, r.points.length, r.reviewsPerMonth])).toEqual([
      [true, 1, null],
      [false, 1, null],
      [false, 1, null],
    ]);

    await scannedAt(headers, keywordId, PLAIN[1]!);
    await scannedAt(headers, keywordId, PLAIN[2]!);
    const res = await get<ReviewPaceResponse>(headers, `/api/place/${placeId}/review-pace`);
    expect(res.status).toBe(200);
    const { rows, leaderPlaceId, demo, windowDays } = res.body;
    expect([demo, windowDays]).toEqual([true, 90]);
    expect(rows.map((r) => r.placeId)).toEqual([TARGET, ...rivals.map((r) => r.placeId)]);
    const ours = rows[0]!;
    const base = demoCatalogue().find((p) => p.placeId === TARGET)!.totalReviews;
    expect(ours.points.map((p) => p.reviews)).toEqual(PLAIN.slice(0, 3).map((d) => demoReviewsAt(SEED, base, d)));
    expect(ours.reviews).toBe(demoReviewsAt(SEED, base, PLAIN[2]!));
    for (const r of rows) expect(r.reviewsPerMonth).not.toBeNull();
    // The leader has the most reviews, and every gap is measured to it.
    const leader = rows.find((r) => r.placeId === leaderPlaceId)!;
    expect(Math.max(...rows.map((r) => r.reviews!))).toBe(leader.reviews);
    for (const r of rows) expect(r.gapToLeader).toBe(leader.reviews! - r.reviews!);
    expect(leader.catchUp).toEqual({ kind: 'leader' });

    // The place report has the section, with its finding; so does its PDF.
    const report = await get<Extract<Report, { scope: 'place' }>>(headers, `/api/reports/place/${placeId}`);
    expect(report.status, report.raw).toBe(200);
    const section = report.body.reviewPace!;
    expect(section.rows.map((r) => [r.name, r.reviews, r.catchUp.length > 0])).toEqual(rows.map((r) => [r.name, r.reviews, true]));
    expect(section.demo).toBe(true);
    expect(section.finding?.rule).toBe('review-pace');
    expect(section.finding?.text).toContain(ours.isOurs && leaderPlaceId === TARGET ? 'Eres el negocio con más reseñas' : leader.name);
    const pdf = await app.inject({ method: 'GET', url: `/api/reports/place/${placeId}/pdf`, headers });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Ritmo de reseñas');
    expect(text.replace(/\s+/g, ' ')).toContain(section.finding!.text.slice(0, 30));

    // The same through /api/v1 with a read key.
    const key = await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'Lectura', scopes: ['read'] } });
    const { key: secret } = key.json<CreatedApiKey>();
    const v1 = await app.inject({ method: 'GET', url: `/api/v1/places/${placeId}/review-pace`, headers: { authorization: `Bearer ${secret}` } });
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json()).toEqual(res.body);
  });

  it('when Google shows another primary category, then the scan after records the change once, notifies it once on every retry, and the list pages newest first', { timeout: 240_000 }, async () => {
    const { user, headers, placeId, keywordId } = await setUp();
    const baseline = await scannedAt(headers, keywordId, PLAIN[0]!);
    expect(await recordListingFromAnalysis(container, baseline)).toEqual([]);
    const edited = await scannedAt(headers, keywordId, EDIT);
    const changes = await recordListingFromAnalysis(container, edited);
    expect(changes.map((c) => [c.field, c.before, c.after, c.source, c.demo])).toEqual([['category', 'Clínica dental', 'Dentista', 'search', true]]);
    // The job runs it again (a retry): nothing new is recorded, and the alert is made once.
    await handleNotifyAnalysis(container, { rankMapId: edited });
    await handleNotifyAnalysis(container, { rankMapId: edited });
    expect(await db.select().from(listingChanges).where(eq(listingChanges.placeId, placeId))).toHaveLength(1);
    const alerts = await db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'listing-changed')));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ placeId, title: expect.stringContaining('categoría principal'), body: 'Visto en los resultados de búsqueda: categoría principal ha pasado de «Clínica dental» a «Dentista». (Datos de demostración)' });
    // The bell lists it.
    const bell = await get<{ notifications: { kind: string }[] }>(headers, '/api/notifications');
    expect(bell.body.notifications.filter((n) => n.kind === 'listing-changed')).toHaveLength(1);

    // Google reverts it the week after: a second change. An older scan finishing late changes nothing.
    const reverted = await scannedAt(headers, keywordId, AFTER);
    await handleNotifyAnalysis(container, { rankMapId: reverted });
    const late = await scannedAt(headers, keywordId, EDIT);
    expect(await recordListingFromAnalysis(container, late)).toEqual([]);

    const page1 = await get<ListingChangesResponse>(headers, `/api/place/${placeId}/listing-changes?limit=1`);
    expect(page1.status, page1.raw).toBe(200);
    expect(page1.body.items.map((c) => [c.before, c.after])).toEqual([['Dentista', 'Clínica dental']]);
    expect(page1.body.nextCursor).not.toBeNull();
    const page2 = await get<ListingChangesResponse>(headers, `/api/place/${placeId}/listing-changes?limit=1&cursor=${page1.body.nextCursor}`);
    expect(page2.body).toMatchObject({ items: [{ field: 'category', before: 'Clínica dental', after: 'Dentista', source: 'search', analysisId: edited, demo: true }], nextCursor: null });

    // The developer tools' simulated edit: the next change, notified once.
    const simulated = await simulateListingEdit(container, user.id, placeId);
    expect(simulated).toMatchObject({ field: 'category', before: 'Clínica dental', after: 'Dentista', demo: true });
    expect((await db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'listing-changed')))).length).toBe(3);
  });

  it('when the simulated edit is asked before any demo scan, then it answers 409 and records nothing', async () => {
    const { user, placeId } = await setUp();
    await expect(simulateListingEdit(container, user.id, placeId)).rejects.toMatchObject({ status: 409, code: 'DEMO_EDIT_NEEDS_SCAN' });
    expect(await db.select().from(listingChanges).where(eq(listingChanges.placeId, placeId))).toHaveLength(0);
  });

  it('when the input is bad or the business is someone else’s, then it answers 400 in Spanish or 404, and changes nothing', async () => {
    const { headers, placeId } = await setUp();
    const other = await signedIn('pro_agency');
    for (const url of [`/api/place/${placeId}/review-pace`, `/api/place/${placeId}/listing-changes`]) {
      const res = await app.inject({ method: 'GET', url, headers: other.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Lugar no encontrado.' });
    }
    expect((await app.inject({ method: 'GET', url: '/api/place/no-es-un-id/review-pace', headers })).statusCode).toBe(404);
    for (const [query, error] of [
      ['limit=0', 'El límite debe ser un número entero entre 1 y 100.'],
      ['limit=101', 'El límite debe ser un número entero entre 1 y 100.'],
      ['limit=abc', 'El límite debe ser un número entero entre 1 y 100.'],
      ['cursor=no-vale', 'El cursor no es válido: usa el valor de nextCursor de la página anterior.'],
      [`cursor=${Buffer.from('2026-01-01T00:00:00.000Z|x').toString('base64url')}`, 'El cursor no es válido: usa el valor de nextCursor de la página anterior.'],
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/place/${placeId}/listing-changes?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(error);
    }
    const empty = await get<ListingChangesResponse>(headers, `/api/place/${placeId}/listing-changes`);
    expect(empty.body).toEqual({ items: [], nextCursor: null });
    const pace = await get<ReviewPaceResponse>(headers, `/api/place/${placeId}/review-pace`);
    expect(pace.body).toMatchObject({ rows: [{ isOurs: true, points: [], reviews: null, reviewsPerMonth: null, catchUp: { kind: 'unknown' } }], leaderPlaceId: null, demo: false });
  });
});
