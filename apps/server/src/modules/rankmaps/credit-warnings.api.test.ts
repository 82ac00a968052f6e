import { nextCampaignSlot } from '@rankmaps/shared/campaign-schedule';
import type { CreditForecastResponse } from '@rankmaps/shared/schemas/credit-forecast';
import type { NotificationList } from '@rankmaps/shared/schemas/notifications';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { fastScanDeps } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { notifications } from '../../db/notifications-schema';
import { keywords, rankMaps } from '../../db/rankmaps-schema';
import { emails } from '../../db/schema';
import { creditsService } from '../billing/credits.service';
import { createCreditWarnings } from './credit-warnings.service';
import { rankMapsRepository } from './rankmaps.repository';
import { runScan } from './scan/scan.service';
import { enqueueDueCampaignRounds } from '../campaigns/campaign-scheduler.service';
import { nextWeeklySlot } from './scan/weekly-scans.service';

const HOUR = 3_600_000;
const GRANADA = { lat: 37.1773, lng: -3.5986 };

// The credit warnings (docs/decisions.md §23.4): the hourly job, run by hand at chosen times.
describe('credit warnings', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword, validPoints } = rankmapFixtures(app, container);
  const db = container.database.db;

  /** A pro user with a place in Granada (3×3) and two keywords, weekly scans on, and `credits` credits. */
  const setUp = async (googlePlaceId: string, credits: number) => {
    const { user, headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, googlePlaceId, GRANADA, 3);
    await addKeyword(headers, placeId, 'dentista');
    await addKeyword(headers, placeId, 'clínica dental');
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: credits, reference: `test-${user.id}` });
    await creditsService.adjust(db, { userId: user.id, source: 'extra', amount: 0, reference: `test-extra-${user.id}` });
    const points = await validPoints(headers, placeId);
    const place = { rankDay: 1, rankHour: 9, timeZone: 'Europe/Madrid' };
    const slot = nextWeeklySlot(new Date(), place);
    return { user, headers, placeId, points, slot };
  };
  const kindsOf = async (userId: string) => (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind).sort();
  const mailsOf = (to: string) => db.select().from(emails).where(and(eq(emails.to, to), like(emails.kind, 'alert-%')));

  it('when a pro user’s weekly round tomorrow costs more than the credits, then the job warns once (run twice), in the bell and by e-mail in Spanish, and the forecast shows it', async () => {
    const { user, headers, placeId, points, slot } = await setUp('demo-granada-dentista-1', 10);
    expect(points).toBeGreaterThan(5);
    // The day before the round (Monday 09:00 Madrid): 30 hours before.
    const dayBefore = new Date(slot.getTime() - 30 * HOUR);
    await createCreditWarnings(container, dayBefore);
    await createCreditWarnings(container, new Date(dayBefore.getTime() + HOUR));
    expect(await kindsOf(user.id)).toEqual(['credits-running-out', 'round-lacks-credits-tomorrow']);

    const rows = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    const lacks = rows.find((n) => n.kind === 'round-lacks-credits-tomorrow')!;
    expect(lacks).toMatchObject({ placeId, link: '/buy-credits', inApp: true });
    expect(lacks.title).toMatch(/^El escaneo semanal de .+ no tiene créditos suficientes$/);
    expect(lacks.body).toContain('es mañana, lunes');
    expect(lacks.body).toContain(`2 análisis (uno por keyword), ${2 * points} créditos. Te quedarán 10 créditos para él`);
    expect(lacks.data).toMatchObject({ needed: 2 * points, available: 10, skipped: points > 10 ? 2 : 1 });
    const out = rows.find((n) => n.kind === 'credits-running-out')!;
    expect(out.body).toBe(`Los análisis programados de los próximos 7 días cuestan ${2 * points} créditos y tienes 10 créditos: faltan ${2 * points - 10} créditos. Compra créditos para que no se omita ninguno.`);

    const mails = await mailsOf(user.email);
    expect(mails.map((m) => m.kind).sort()).toEqual(['alert-credits-running-out', 'alert-round-lacks-credits-tomorrow']);
    const mail = mails.find((m) => m.kind === 'alert-round-lacks-credits-tomorrow')!;
    expect(mail.subject).toBe(lacks.title);
    expect(mail.text).toContain('Comprar créditos');
    expect(mail.text).toContain(`${container.config.appUrl}/buy-credits`);
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    const bell = (await app.inject({ method: 'GET', url: '/api/notifications', headers })).json<NotificationList>();
    expect(bell.notifications.map((n) => n.kind).sort()).toEqual(['credits-running-out', 'round-lacks-credits-tomorrow']);

    const forecast = await app.inject({ method: 'GET', url: '/api/rankmap/credit-forecast', headers });
    expect(forecast.statusCode, forecast.body).toBe(200);
    const f = forecast.json<CreditForecastResponse>();
    expect(f).toMatchObject({ billing: 'credits', available: 10, needed: 2 * points, shortfall: 2 * points - 10 });
    expect(f.rounds).toEqual([expect.objectContaining({ kind: 'weekly', placeId, at: slot.toISOString(), analyses: 2, credits: 2 * points, availableBefore: 10 })]);
    expect(f.rounds[0]!.skippedAnalyses).toBeGreaterThan(0);
  });

  it('when the credits cover the next 7 days, then the job creates nothing and the forecast shows no shortfall', async () => {
    const { user, headers, points, slot } = await setUp('demo-granada-dentista-2', 500);
    await createCreditWarnings(container, new Date(slot.getTime() - 30 * HOUR));
    expect(await kindsOf(user.id)).toEqual([]);
    expect(await mailsOf(user.email)).toHaveLength(0);
    const f = (await app.inject({ method: 'GET', url: '/api/rankmap/credit-forecast', headers })).json<CreditForecastResponse>();
    expect(f).toMatchObject({ billing: 'credits', available: 500, needed: 2 * points, shortfall: 0 });
    expect(f.rounds[0]!.skippedAnalyses).toBe(0);
  });

  it('when the weekly round runs and fails for lack of credits, then the job says so once, naming the keywords left out', async () => {
    const { user, slot } = await setUp('demo-granada-dentista-3', 0);
    const at = new Date(slot.getTime() + HOUR);
    expect(await enqueueDueCampaignRounds(container, at)).toBeGreaterThanOrEqual(2);
    const weekly = await db.select().from(rankMaps).where(eq(rankMaps.userId, user.id));
    expect(weekly).toHaveLength(2);
    for (const row of weekly) expect(await runScan(fastScanDeps(container, container.mapsSearch), row.id)).toBe('failed');
    expect((await rankMapsRepository.findById(db, weekly[0]!.id))?.failureReason).toMatch(/^No tenías créditos suficientes/);

    const after = new Date();
    await createCreditWarnings(container, after);
    await createCreditWarnings(container, new Date(after.getTime() + HOUR));
    const skipped = (await db.select().from(notifications).where(eq(notifications.userId, user.id))).filter((n) => n.kind === 'round-skipped-no-credits');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.title).toMatch(/^El escaneo semanal de .+ se omitió por falta de créditos$/);
    expect(skipped[0]!.body).toMatch(/no se hizo por falta de créditos: las keywords «(dentista|clínica dental)», «(dentista|clínica dental)» se quedaron sin analizar/);
    expect((await mailsOf(user.email)).filter((m) => m.kind === 'alert-round-skipped-no-credits')).toHaveLength(1);
  });

  it('when a custom campaign’s round fails for lack of credits, then the job names the campaign, not the weekly scan, once per round', async () => {
    const { user, headers, points } = await setUp('demo-granada-dentista-4', 0);
    const keywordIds = (await db.select().from(keywords).where(eq(keywords.userId, user.id))).map((k) => k.id);
    const created = await app.inject({ method: 'POST', url: '/api/campaigns', headers, payload: { name: 'Clínicas del centro', frequency: 'daily', hour: 9, keywordIds } });
    expect(created.statusCode, created.body).toBe(201);
    const slot = nextCampaignSlot({ frequency: 'daily', day: null, date: null, hour: 9, weekParity: 0 }, new Date(), 'Europe/Madrid')!.at;
    // The round is queued while the credits pay it, and they are gone when its scans start.
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: 2 * points, reference: `test-round-${user.id}` });
    await enqueueDueCampaignRounds(container, new Date(slot.getTime() + HOUR));
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: 0, reference: `test-drain-${user.id}` });
    const round = await db.select().from(rankMaps).where(and(eq(rankMaps.userId, user.id), eq(rankMaps.kind, 'campaign')));
    expect(round).toHaveLength(2);
    for (const row of round) expect(await runScan(fastScanDeps(container, container.mapsSearch), row.id)).toBe('failed');

    const after = new Date();
    await createCreditWarnings(container, after);
    await createCreditWarnings(container, new Date(after.getTime() + HOUR));
    const skipped = (await db.select().from(notifications).where(eq(notifications.userId, user.id))).filter((n) => n.kind === 'round-skipped-no-credits' && !n.title.startsWith('El escaneo semanal'));
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.title).toMatch(/^La ronda de la campaña «Clínicas del centro» en .+ se omitió por falta de créditos$/);
    expect(skipped[0]!.body).toMatch(/no se hizo por falta de créditos: las keywords «(dentista|clínica dental)», «(dentista|clínica dental)» se quedaron sin analizar .*Compra créditos para que la próxima ronda de la campaña se haga\.$/);
  });

  it('when the user is on a basic plan, then the forecast says the weekly scans are part of the plan and nothing is warned', async () => {
    const { user, headers } = await signedIn('basico');
    const placeId = await createPlace(headers, 'demo-granada-abogado-1', GRANADA, 3);
    await addKeyword(headers, placeId, 'dentista');
    const f = (await app.inject({ method: 'GET', url: '/api/rankmap/credit-forecast', headers })).json<CreditForecastResponse>();
    expect(f).toMatchObject({ billing: 'plan', needed: 0, shortfall: 0, rounds: [] });
    await createCreditWarnings(container, new Date());
    expect(await kindsOf(user.id)).toEqual([]);
  });

  it('when a user calls the development route, then the job runs now for that user only', async () => {
    const a = await setUp('demo-granada-dentista-4', 1);
    const b = await setUp('demo-granada-abogado-2', 1);
    const res = await app.inject({ method: 'POST', url: '/api/dev/credit-warnings', headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ created: number }>().created).toBeGreaterThanOrEqual(1);
    expect(await kindsOf(a.user.id)).toContain('credits-running-out');
    expect(await kindsOf(b.user.id)).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/dev/credit-warnings' })).statusCode).toBe(401);
  });

  it('when an analysis is scheduled within the 7 days, then the forecast counts it with the weekly round, and a muted place is warned of nothing but the account-wide shortfall', async () => {
    const { user, headers, placeId, points, slot } = await setUp('demo-granada-abogado-3', 2 * 9 + 1);
    const keywordId = await addKeyword(headers, placeId, 'abogado');
    // The weekly round now has 3 keywords; an analysis scheduled between now and the round.
    const scheduledFor = new Date(Math.floor((Date.now() + slot.getTime()) / 2));
    const res = await app.inject({ method: 'POST', url: `/api/rankmap/keyword/${keywordId}/analyze-advanced`, headers, payload: { scheduledFor: scheduledFor.toISOString() } });
    expect(res.statusCode, res.body).toBe(201);
    const f = (await app.inject({ method: 'GET', url: '/api/rankmap/credit-forecast', headers })).json<CreditForecastResponse>();
    expect(f.rounds.map((r) => [r.kind, r.analyses, r.credits])).toEqual([
      ['scheduled', 1, points],
      ['weekly', 3, 3 * points],
    ]);
    expect(f).toMatchObject({ needed: 4 * points, shortfall: 4 * points - (2 * 9 + 1) });

    const settings = (await app.inject({ method: 'GET', url: '/api/notifications/settings', headers })).json<Record<string, unknown>>();
    const put = await app.inject({ method: 'PUT', url: '/api/notifications/settings', headers, payload: { ...settings, mutedPlaceIds: [placeId] } });
    expect(put.statusCode, put.body).toBe(200);
    await createCreditWarnings(container, new Date(), user.id);
    expect(await kindsOf(user.id)).toEqual(['credits-running-out']);
  });
});
