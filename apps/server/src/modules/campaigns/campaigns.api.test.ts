import { nextCampaignSlot } from '@rankmaps/shared/campaign-schedule';
import type { Campaign, CampaignDetail, CampaignForecast, CampaignList, CampaignPreview, CampaignRequest } from '@rankmaps/shared/schemas/campaigns';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { campaigns as campaignsTable } from '../../db/campaigns-schema';
import { notifications } from '../../db/notifications-schema';
import { rankMaps } from '../../db/rankmaps-schema';
import { creditsService } from '../billing/credits.service';
import { createCreditWarnings } from '../rankmaps/credit-warnings.service';
import { enqueueDueCampaignRounds } from './campaign-scheduler.service';

const GRANADA = { lat: 37.1773, lng: -3.5986 };
const MINUTE = 60_000;
type Headers = Record<string, string>;

// Campaigns (docs/decisions.md §25.3) and the 30-day forecast (docs/decisions.md §25.4). One request per minute of
// provider rate keeps the rounds' durations in whole, checkable minutes.
describe('campaigns (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, SCAN_RATE_LIMIT_PER_MINUTE: '1' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword, validPoints } = rankmapFixtures(app, container);
  const db = container.database.db;
  const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A pro user with two places in Granada (3×3 unless said), two keywords in the first and one in the second, and `credits` credits. */
  const agency = async (credits = 1000, gridSize = 3) => {
    const { user, headers } = await signedIn('pro_starter');
    const first = await createPlace(headers, `demo-granada-dentista-1`, GRANADA, gridSize);
    const second = await createPlace(headers, `demo-granada-dentista-2`, GRANADA, gridSize);
    const keywords = [await addKeyword(headers, first, 'dentista'), await addKeyword(headers, first, 'clínica dental'), await addKeyword(headers, second, 'ortodoncia')];
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: credits, reference: `test-${user.id}` });
    await creditsService.adjust(db, { userId: user.id, source: 'extra', amount: 0, reference: `test-extra-${user.id}` });
    const points = await validPoints(headers, first);
    return { user, headers, places: [first, second], keywords, points };
  };
  /** Turns off every campaign but the user's custom ones, so a scheduler tick runs only theirs. */
  const onlyCustomOf = async (userId: string) => {
    await db.update(campaignsTable).set({ active: false }).where(ne(campaignsTable.userId, userId));
    await db.update(campaignsTable).set({ active: false }).where(and(eq(campaignsTable.userId, userId), isNotNull(campaignsTable.placeId)));
  };
  const daily = (keywordIds: string[], over: Partial<CampaignRequest> = {}): CampaignRequest => ({ name: 'Clínicas de Granada', frequency: 'daily', hour: 9, keywordIds, ...over });

  it('when an agency creates, lists, edits and deletes a daily campaign, then each answer says what it runs, what it costs and when', { timeout: 60_000 }, async () => {
    const { headers, keywords, points, places } = await agency();
    const created = await call(headers, 'POST', '/api/campaigns', daily(keywords, { window: { start: 9, end: 12 } }));
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<Campaign>();
    expect(campaign).toMatchObject({ kind: 'custom', name: 'Clínicas de Granada', frequency: 'daily', hour: 9, window: { start: 9, end: 12 }, state: 'active', roundAnalyses: 3, roundCredits: 3 * points, lastRound: null });
    expect(campaign.places.map((p) => [p.id, p.keywords])).toEqual([
      [places[0], 2],
      [places[1], 1],
    ]);
    expect(campaign.nextRun).toBe(nextCampaignSlot({ frequency: 'daily', day: null, date: null, hour: 9, weekParity: 0 }, new Date(), 'Europe/Madrid')!.at.toISOString());

    // The portfolio's next run of each of its keywords is the campaign's (daily at 9:00 comes no later than Monday's weekly scan).
    const portfolio = (await call(headers, 'GET', '/api/portfolio')).json<{ rows: { keyword: { id: string }; nextRunAt: string | null }[] }>();
    expect(portfolio.rows.filter((r) => keywords.includes(r.keyword.id)).map((r) => r.nextRunAt)).toEqual([campaign.nextRun, campaign.nextRun, campaign.nextRun]);

    const list = (await call(headers, 'GET', '/api/campaigns')).json<CampaignList>();
    expect(list.campaigns.map((c) => [c.kind, c.name])).toEqual([
      ['custom', 'Clínicas de Granada'],
      ['place', expect.stringMatching(/^Escaneo semanal · /) as string],
      ['place', expect.stringMatching(/^Escaneo semanal · /) as string],
    ]);
    expect(list.campaigns[1]).toMatchObject({ frequency: 'weekly', day: 1, hour: 9, roundAnalyses: 2 });

    const edited = await call(headers, 'PUT', `/api/campaigns/${campaign.id}`, daily([keywords[2]!], { name: 'Ortodoncia', frequency: 'weekly', day: 3, hour: 18, window: null }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Campaign>()).toMatchObject({ name: 'Ortodoncia', frequency: 'weekly', day: 3, hour: 18, window: null, roundAnalyses: 1 });
    const placeScan = list.campaigns[1]!;
    for (const [method, url] of [
      ['PUT', `/api/campaigns/${placeScan.id}`],
      ['DELETE', `/api/campaigns/${placeScan.id}`],
      ['POST', `/api/campaigns/${placeScan.id}/pause`],
    ] as const) {
      const res = await call(headers, method, url, method === 'PUT' ? daily(keywords) : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'El escaneo semanal de un negocio se cambia desde su tarjeta «Escaneos semanales».' });
    }

    const deleted = await call(headers, 'DELETE', `/api/campaigns/${campaign.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(headers, 'GET', `/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });

  it('when the fields are wrong, then each gets its Spanish message and nothing is saved', { timeout: 60_000 }, async () => {
    const { headers, keywords, points } = await agency(1000, 5);
    const other = await agency();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [unknown, number, string][] = [
      [{}, 400, 'Escribe el nombre de la campaña.'],
      [daily(keywords, { name: ' ' }), 400, 'Escribe el nombre de la campaña.'],
      [daily(keywords, { name: 'x'.repeat(81) }), 400, 'no puede superar los 80 caracteres'],
      [daily(keywords, { frequency: 'hourly' as never }), 400, 'Elige la frecuencia'],
      [daily(keywords, { frequency: 'weekly' }), 400, 'Elige el día de la semana.'],
      [daily(keywords, { frequency: 'monthly', day: 31 }), 400, 'Elige el día del mes, del 1 al 28.'],
      [daily(keywords, { frequency: 'once' }), 400, 'Indica la fecha en la que se ejecuta.'],
      [daily(keywords, { frequency: 'once', date: '2026-02-30' }), 400, 'Indica la fecha en la que se ejecuta.'],
      [daily(keywords, { frequency: 'once', date: '2020-01-01' }), 400, 'Esa fecha y hora ya han pasado'],
      [daily(keywords, { date: tomorrow }), 400, 'Solo las campañas de una vez llevan fecha.'],
      [daily(keywords, { hour: 24 }), 400, 'Indica la hora (0 a 23).'],
      [daily(keywords, { window: { start: 12, end: 10 } }), 400, 'La ventana horaria debe empezar antes de terminar.'],
      [daily(keywords, { window: { start: 10, end: 12 } }), 400, 'La hora de inicio debe estar dentro de la ventana horaria.'],
      [daily([]), 400, 'Elige al menos una keyword.'],
      // Another user's keyword answers as a missing one does.
      [daily(['not-an-id']), 404, 'Keyword no encontrada.'],
      [daily([other.keywords[0]!]), 404, 'Keyword no encontrada.'],
      [daily(keywords, { extra: true } as never), 400, ''],
      // 3 analyses of `points` points (a 5×5 grid) at 1 per minute do not fit in one hour when points > 20.
      [daily(keywords, { window: { start: 9, end: 10 } }), 400, `La ronda no cabe en la ventana: necesita unos ${3 * points} minutos`],
    ];
    expect(points).toBeGreaterThan(20);
    for (const [payload, status, message] of cases) {
      const res = await call(headers, 'POST', '/api/campaigns', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ error: string }>().error, JSON.stringify(payload)).toContain(message);
    }
    expect((await call(headers, 'GET', '/api/campaigns')).json<CampaignList>().campaigns.filter((c) => c.kind === 'custom')).toEqual([]);

    const first = await call(headers, 'POST', '/api/campaigns', daily(keywords));
    expect(first.statusCode).toBe(201);
    const again = await call(headers, 'POST', '/api/campaigns', daily(keywords, { name: 'CLÍNICAS DE GRANADA' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'Ya tienes una campaña con ese nombre.' });
    // Another user's campaign does not exist for this one.
    for (const [method, url] of [
      ['GET', `/api/campaigns/${first.json<Campaign>().id}`],
      ['DELETE', `/api/campaigns/${first.json<Campaign>().id}`],
      ['POST', `/api/campaigns/${first.json<Campaign>().id}/pause`],
      ['GET', '/api/campaigns/not-an-id'],
    ] as const) {
      expect((await call(other.headers, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('when a business-owner plan asks for campaigns, then it is told which plan has them', async () => {
    const { headers } = await signedIn('premium');
    const place = await createPlace(headers, 'demo-granada-dentista-1', GRANADA, 3);
    const keyword = await addKeyword(headers, place, 'dentista');
    const res = await call(headers, 'POST', '/api/campaigns', daily([keyword]));
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: string }>().error).toMatch(/^Para crear campañas necesitas /);
    const forecast = (await call(headers, 'GET', '/api/campaigns/forecast')).json<CampaignForecast>();
    expect(forecast).toMatchObject({ billing: 'plan', needed: 0, byCampaign: [] });
  });

  it('when a daily round is due, then two schedulers at once queue each keyword once, spread at the provider’s rate, and the history shows the round', { timeout: 60_000 }, async () => {
    const { user, headers, keywords, points } = await agency();
    // Only this campaign runs: the places' weekly scans would queue on Mondays, and other tests' campaigns at 9:00 too.
    await onlyCustomOf(user.id);
    const campaign = (await call(headers, 'POST', '/api/campaigns', daily(keywords, { window: { start: 9, end: 12 } }))).json<Campaign>();
    const slot = new Date(campaign.nextRun!);
    const at = new Date(slot.getTime() + MINUTE);

    const runs = await Promise.all([enqueueDueCampaignRounds(container, at), enqueueDueCampaignRounds(container, at)]);
    expect(runs[0] + runs[1]).toBe(3);
    expect(await enqueueDueCampaignRounds(container, new Date(at.getTime() + 10 * MINUTE))).toBe(0);

    const analyses = await db.select().from(rankMaps).where(eq(rankMaps.userId, user.id));
    expect(analyses).toHaveLength(3);
    expect(new Set(analyses.map((a) => a.campaignRoundId)).size).toBe(1);
    expect(analyses.every((a) => a.kind === 'campaign' && a.billing === 'credits')).toBe(true);
    // One after another at 1 point a minute: the second starts `points` minutes after the slot, the third twice that.
    const starts = analyses.map((a) => (a.scheduledFor!.getTime() - slot.getTime()) / MINUTE).sort((a, b) => a - b);
    expect(starts).toEqual([0, points, 2 * points]);

    const detail = (await call(headers, 'GET', `/api/campaigns/${campaign.id}`)).json<CampaignDetail>();
    expect(detail.rounds).toEqual([{ id: expect.any(String) as string, slot: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string, scheduledFor: slot.toISOString(), status: 'running', analyses: 3, completed: 0, failed: 0, credits: 0 }]);

    // A crash between batches: one analysis is gone; the next tick makes only that one again.
    await db.delete(rankMaps).where(eq(rankMaps.id, analyses[0]!.id));
    expect(await enqueueDueCampaignRounds(container, new Date(at.getTime() + 15 * MINUTE))).toBe(1);
    expect(await db.select().from(rankMaps).where(eq(rankMaps.userId, user.id))).toHaveLength(3);
    // After the window closes, a missed slot is not run late.
    await db.delete(rankMaps).where(eq(rankMaps.userId, user.id));
    expect(await enqueueDueCampaignRounds(container, new Date(slot.getTime() + 3 * 60 * MINUTE))).toBe(0);
  });

  it('when the credits cannot pay a round, then it is not run, the campaign pauses with the reason, the user is told once, and it can be resumed', { timeout: 60_000 }, async () => {
    const { user, headers, keywords, points } = await agency(10);
    await onlyCustomOf(user.id);
    const campaign = (await call(headers, 'POST', '/api/campaigns', daily(keywords))).json<Campaign>();
    const at = new Date(new Date(campaign.nextRun!).getTime() + MINUTE);
    expect(3 * points).toBeGreaterThan(10);

    expect(await enqueueDueCampaignRounds(container, at)).toBe(0);
    expect(await enqueueDueCampaignRounds(container, new Date(at.getTime() + 5 * MINUTE))).toBe(0);
    expect(await db.select().from(rankMaps).where(eq(rankMaps.userId, user.id))).toEqual([]);
    const paused = (await call(headers, 'GET', `/api/campaigns/${campaign.id}`)).json<CampaignDetail>();
    expect(paused).toMatchObject({ state: 'paused', pausedReason: 'Pausada por falta de créditos: compra créditos y reanúdala.', nextRun: null });
    expect(paused.rounds.map((r) => r.status)).toEqual(['failed']);
    const told = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((n) => n.title)).toEqual(['La campaña «Clínicas de Granada» se ha pausado por falta de créditos']);
    expect(told[0]!.body).toContain(`necesitaba ${3 * points} créditos y tenías 10 créditos`);

    const resumed = await call(headers, 'POST', `/api/campaigns/${campaign.id}/resume`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<Campaign>()).toMatchObject({ state: 'active', pausedReason: null });
  });

  it('when a campaign’s round tomorrow cannot be paid, then the hourly warnings say so the day before, naming the campaign', { timeout: 60_000 }, async () => {
    const { user, headers, keywords, points } = await agency(10);
    await onlyCustomOf(user.id);
    const campaign = (await call(headers, 'POST', '/api/campaigns', daily(keywords))).json<Campaign>();
    const dayBefore = new Date(new Date(campaign.nextRun!).getTime() - 20 * 60 * MINUTE);
    await createCreditWarnings(container, dayBefore, user.id);
    await createCreditWarnings(container, new Date(dayBefore.getTime() + 60 * MINUTE), user.id);
    const lacks = (await db.select().from(notifications).where(eq(notifications.userId, user.id))).filter((n) => n.kind === 'round-lacks-credits-tomorrow');
    // One per place of each round in the next 48 hours (tomorrow's and the day after's), each once however often the job runs.
    expect(lacks).toHaveLength(4);
    expect(new Set(lacks.map((n) => n.dedupeKey)).size).toBe(4);
    for (const n of lacks) expect(n.title).toMatch(/^La ronda de la campaña «Clínicas de Granada» en .+ no tiene créditos suficientes$/);
    expect(lacks.some((n) => n.body.includes(`2 análisis (uno por keyword), ${2 * points} créditos`))).toBe(true);
  });

  it('when the forecast is asked for, then it counts 30 days of rounds by campaign and by place, and the preview shows a change before saving', { timeout: 60_000 }, async () => {
    const { headers, keywords, points, places } = await agency(20);
    const before = (await call(headers, 'GET', '/api/campaigns/forecast')).json<CampaignForecast>();
    // The two places' weekly scans: 4 or 5 Mondays in 30 days, 2 + 1 analyses each.
    const mondays = before.byCampaign[0]!.runs;
    expect(before).toMatchObject({ billing: 'credits', days: 30, available: 20 });
    expect(before.needed).toBe(3 * points * mondays);
    expect(before.byPlace.find((p) => p.id === places[0])).toMatchObject({ runs: mondays, credits: 2 * points * mondays });

    const preview = await call(headers, 'POST', '/api/campaigns/preview', { campaign: daily([keywords[2]!]) });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<CampaignPreview>();
    expect(p).toMatchObject({ roundAnalyses: 1, roundCredits: points, roundMinutes: points, problem: null });
    expect(p.before.needed).toBe(before.needed);
    expect(p.after.needed).toBe(before.needed + 30 * points);
    expect(p.after.byCampaign.find((c) => c.name === 'Clínicas de Granada')).toMatchObject({ runs: 30, credits: 30 * points });
    // 20 credits pay two daily rounds of 9 points: the third day's is the first the balance does not pay.
    expect(points).toBe(9);
    expect(p.after.shortfall).toBeGreaterThanOrEqual(9);
    expect(p.after.runsOutAt).not.toBeNull();
    expect(new Date(p.after.runsOutAt!).getTime()).toBeLessThan(Date.now() + 3 * 86_400_000);
    // Nothing was saved.
    expect((await call(headers, 'GET', '/api/campaigns')).json<CampaignList>().campaigns.filter((c) => c.kind === 'custom')).toEqual([]);
  });

  it('when a draft scans keywords another campaign already scans that day, then the preview names them with the credits paid twice', { timeout: 60_000 }, async () => {
    const { headers, keywords, points } = await agency(1000);
    const before = (await call(headers, 'GET', '/api/campaigns/forecast')).json<CampaignForecast>();
    const mondays = before.byCampaign[0]!.runs;
    // Monday at 9:00 is the weekly scan's slot: both keywords would be scanned twice every Monday.
    const onMondays = { name: 'Lunes', frequency: 'weekly', day: 1, hour: 9 } as const;
    const monday = (await call(headers, 'POST', '/api/campaigns/preview', { campaign: daily([keywords[0]!, keywords[2]!], onMondays) })).json<CampaignPreview>();
    expect(monday.overlap.credits).toBe(2 * mondays * points);
    expect(monday.overlap.keywords.map((k) => [k.keywordId, k.runs, k.credits])).toEqual([
      [keywords[0], mondays, mondays * points],
      [keywords[2], mondays, mondays * points],
    ]);
    expect(monday.overlap.keywords[0]!.campaigns).toEqual([expect.stringMatching(/^Escaneo semanal · /)]);
    expect(monday.overlap.keywords[0]).toMatchObject({ keywordName: 'dentista', placeName: expect.any(String) as string });

    // Tuesdays share no day with the weekly scan.
    const tuesday = (await call(headers, 'POST', '/api/campaigns/preview', { campaign: daily([keywords[0]!], { ...onMondays, day: 2 }) })).json<CampaignPreview>();
    expect(tuesday.overlap).toEqual({ keywords: [], credits: 0 });

    // A saved daily campaign overlaps a new draft every day it runs, under its own name; edited, it does not overlap itself.
    const saved = (await call(headers, 'POST', '/api/campaigns', daily([keywords[1]!]))).json<Campaign>();
    const draft = (await call(headers, 'POST', '/api/campaigns/preview', { campaign: daily([keywords[1]!], { name: 'Otra', day: 2, frequency: 'weekly' }) })).json<CampaignPreview>();
    expect(draft.overlap.keywords.map((k) => k.campaigns)).toEqual([['Clínicas de Granada']]);
    expect(draft.overlap.keywords[0]!.runs).toBeGreaterThanOrEqual(4);
    const editing = (await call(headers, 'POST', '/api/campaigns/preview', { id: saved.id, campaign: daily([keywords[1]!], { frequency: 'weekly', day: 2 }) })).json<CampaignPreview>();
    expect(editing.overlap.keywords).toEqual([]);
  });

  it('when a custom campaign runs a keyword before its weekly scan, then the keyword’s timeline announces that campaign’s round, by name, at its slot', { timeout: 60_000 }, async () => {
    const { headers, keywords } = await agency();
    const created = (await call(headers, 'POST', '/api/campaigns', daily([keywords[0]!], { name: 'Madrugadores', hour: 8 }))).json<Campaign>();
    type Entry = { kind: string; virtual: boolean; scheduledFor: string | null; campaignName?: string };
    const nextOf = async (keywordId: string) => (await call(headers, 'GET', `/api/rankmap/keyword/${keywordId}`)).json<Entry[]>().filter((e) => e.virtual);
    expect(await nextOf(keywords[0]!)).toEqual([expect.objectContaining({ kind: 'campaign', campaignName: 'Madrugadores', scheduledFor: created.nextRun })]);
    // The keyword the campaign does not hold keeps its place's weekly scan, Monday at 9:00.
    const [weekly] = await nextOf(keywords[1]!);
    expect(weekly).toMatchObject({ kind: 'weekly', scheduledFor: nextCampaignSlot({ frequency: 'weekly', day: 1, date: null, hour: 9, weekParity: 0 }, new Date(), 'Europe/Madrid')!.at.toISOString() });
    expect(weekly).not.toHaveProperty('campaignName');
    // Paused, the campaign is announced no more.
    await call(headers, 'POST', `/api/campaigns/${created.id}/pause`);
    expect((await nextOf(keywords[0]!)).map((e) => e.kind)).toEqual(['weekly']);
  });
});
