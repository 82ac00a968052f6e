import type { AiAnalysisSummary } from '@rankmaps/shared/schemas/ai-visibility';
import type { Campaign, CampaignDetail, CampaignRequest } from '@rankmaps/shared/schemas/campaigns';
import type { Place, WeeklyAiQuote } from '@rankmaps/shared/schemas/places';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../../test/geo-data-dir';
import { fastAiScanDeps } from '../../../../test/ai-doubles';
import { rankmapFixtures } from '../../../../test/rankmap-fixtures';
import { createTestApp } from '../../../../test/test-app';
import { creditTransactions } from '../../../db/billing-schema';
import { rowsOf } from '../../../db/client';
import { AI_VISIBILITY_VENDOR_POLL_JOB } from '../../../jobs/definitions/ai-visibility-vendor-poll';
import { aiVisibilityAnalyses } from '../../../db/ai-visibility-schema';
import { campaigns as campaignsTable } from '../../../db/campaigns-schema';
import { rankMaps } from '../../../db/rankmaps-schema';
import { createDemoAiEngine } from '../../../providers/ai-answers/demo';
import { createDemoAiQueue } from '../../../providers/ai-answers/demo-queue';
import { AiEngineRetryableError, type AiEngine, type AiEngineCatalogue, type AiEngineId, AI_ENGINE_IDS, type AiStandardQueue } from '../../../providers/ai-answers/interface';
import { creditsService } from '../../billing/credits.service';
import { enqueueDueCampaignRounds } from '../../campaigns/campaign-scheduler.service';
import { aiAnalysesRepository } from '../ai-analyses.repository';
import { AI_ROUND_NO_CREDITS } from '../ai-rounds.service';
import { aiCreditReference } from './ai-billing.service';
import { runAiScan } from './ai-scan.service';
import { pollAiStandardQueue } from './ai-standard-queue.service';
import { aiVendorTasksRepository } from './ai-vendor-tasks.repository';

const GRANADA = { lat: 37.1773, lng: -3.5986 };
const MINUTE = 60_000;
type Headers = Record<string, string>;

/**
 * The demo engines with a controllable standard queue on AI Mode: its clock is the test's, its
 * posts are counted (and one can lose its answer), and every live ask of any engine is counted.
 */
function queuedDemo(opts: { loseFirstPostAnswer?: boolean; delayMs?: number } = {}) {
  let clock = Date.now();
  const live = new Map<AiEngineId, number>();
  let posts = 0;
  let lost = opts.loseFirstPostAnswer ?? false;
  const engines = new Map<AiEngineId, AiEngine>();
  for (const id of AI_ENGINE_IDS) {
    const demo = createDemoAiEngine(id);
    const counted: AiEngine = { ...demo, ask: (req, signal) => (live.set(id, (live.get(id) ?? 0) + 1), demo.ask(req, signal)) };
    if (id === 'google-ai-mode') {
      const queue = createDemoAiQueue(demo, { delayMs: opts.delayMs ?? 10 * MINUTE, now: () => clock });
      const watched: AiStandardQueue = {
        ...queue,
        async post(tasks, signal) {
          posts++;
          const answers = await queue.post(tasks, signal);
          // The vendor made the tasks, but the answer never reached us (a dropped connection).
          if (lost) {
            lost = false;
            throw new AiEngineRetryableError('conexión cortada');
          }
          return answers;
        },
      };
      engines.set(id, { ...counted, standardQueue: watched });
    } else engines.set(id, counted);
  }
  const catalogue: AiEngineCatalogue = {
    get: (id) => engines.get(id) ?? null,
    list: () => AI_ENGINE_IDS.map((id) => ({ id, available: true, reason: null, engine: engines.get(id)! })),
  };
  return { catalogue, live, posts: () => posts, advance: (ms: number) => (clock += ms) };
}

// Scheduled and campaign AI analyses (docs/decisions.md §31.16): made once per keyword and round,
// their credits reserved once, and run through the engines' standard queues.
describe('scheduled and campaign AI analyses', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, SCAN_RATE_LIMIT_PER_MINUTE: '1' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword, validPoints } = rankmapFixtures(app, container);
  const db = container.database.db;
  const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const agency = async (credits: number) => {
    const { user, headers } = await signedIn('pro_starter');
    const place = await createPlace(headers, 'demo-granada-dentista-1', GRANADA, 3);
    const keywords = [await addKeyword(headers, place, 'dentista'), await addKeyword(headers, place, 'clínica dental')];
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: credits, reference: `test-${user.id}` });
    // Only this user's custom campaigns run in a tick.
    await db.update(campaignsTable).set({ active: false }).where(ne(campaignsTable.userId, user.id));
    await db.update(campaignsTable).set({ active: false }).where(and(eq(campaignsTable.userId, user.id), isNotNull(campaignsTable.placeId)));
    return { user, headers, place, keywords, points: await validPoints(headers, place) };
  };
  const withAi = (keywordIds: string[]): CampaignRequest => ({ name: 'IA en Granada', frequency: 'daily', hour: 9, keywordIds, ai: { engines: ['google-ai-mode', 'chatgpt'], gridSize: 3, samples: 2 } });
  const aiOf = (userId: string) => db.select().from(aiVisibilityAnalyses).where(eq(aiVisibilityAnalyses.userId, userId));
  const spends = (id: string) => db.select().from(creditTransactions).where(eq(creditTransactions.reference, aiCreditReference(id)));

  it('when a campaign round with AI visibility is due, then two ticks at once make one AI analysis per keyword and reserve its credits once', { timeout: 120_000 }, async () => {
    const { user, headers, keywords, points } = await agency(1000);
    const created = await call(headers, 'POST', '/api/campaigns', withAi(keywords));
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<Campaign>();
    // Per keyword: AI Mode 9 points × 2 samples, ChatGPT 2 city samples, 1 credit each.
    expect(campaign.ai).toEqual({ engines: ['google-ai-mode', 'chatgpt'], gridSize: 3, samples: 2 });
    expect(campaign.roundAiCredits).toBe(2 * 20);
    const at = new Date(new Date(campaign.nextRun!).getTime() + MINUTE);

    const runs = await Promise.all([enqueueDueCampaignRounds(container, at), enqueueDueCampaignRounds(container, at)]);
    expect(runs[0] + runs[1]).toBe(4);
    expect(await enqueueDueCampaignRounds(container, new Date(at.getTime() + 5 * MINUTE))).toBe(0);

    const ai = await aiOf(user.id);
    expect(ai).toHaveLength(2);
    expect(new Set(ai.map((a) => a.keywordId))).toEqual(new Set(keywords));
    const maps = await db.select().from(rankMaps).where(eq(rankMaps.userId, user.id));
    expect(ai.every((a) => a.kind === 'campaign' && a.campaignRoundId === maps[0]!.campaignRoundId && a.creditsReserved === 20 && a.totalCalls === 20)).toBe(true);
    for (const a of ai) expect((await spends(a.id)).map((t) => t.amount)).toEqual([-20]);
    const balance = await creditsService.balances(db, user.id);
    // The map analyses pay when they start; the AI ones were reserved when queued.
    expect(balance.subscription + balance.extra).toBe(1000 - 40);
    expect(points).toBe(9);

    const history = (await call(headers, 'GET', `/api/ai-visibility/keyword/${keywords[0]}`)).json<{ data: AiAnalysisSummary[] }>();
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ kind: 'campaign', campaignName: 'IA en Granada', status: 'pending' });
  });

  it('when a scheduled AI analysis runs, then AI Mode goes through the standard queue (posted, ready, stored, completed) and ChatGPT live, charged once', { timeout: 120_000 }, async () => {
    const { user, headers, keywords } = await agency(1000);
    const campaign = (await call(headers, 'POST', '/api/campaigns', withAi([keywords[0]!]))).json<Campaign>();
    await enqueueDueCampaignRounds(container, new Date(new Date(campaign.nextRun!).getTime() + MINUTE));
    const [row] = await aiOf(user.id);
    const demo = queuedDemo();
    const deps = fastAiScanDeps(container, demo.catalogue, { standard: { pollSeconds: 1, maxWaitMinutes: 45 } });

    expect(await runAiScan(deps, row!.id)).toBe('waiting');
    expect(demo.posts()).toBe(1);
    expect(demo.live.get('google-ai-mode') ?? 0).toBe(0);
    expect(demo.live.get('chatgpt')).toBe(2);
    const tasks = await aiVendorTasksRepository.listFor(db, row!.id);
    expect(tasks).toHaveLength(18);
    expect(tasks.every((t) => t.state === 'posted' && t.taskId !== null)).toBe(true);
    // Not ready yet: the poll waits; a job retried meanwhile leaves it alone.
    expect(await pollAiStandardQueue(deps, row!.id)).toBe('waiting');
    expect(await runAiScan(deps, row!.id)).toBe('busy');

    demo.advance(11 * MINUTE);
    expect(await pollAiStandardQueue(deps, row!.id)).toBe('handedOver');
    expect((await aiVendorTasksRepository.listFor(db, row!.id)).every((t) => t.state === 'collected')).toBe(true);
    expect(await runAiScan(deps, row!.id)).toBe('completed');
    expect(demo.posts()).toBe(1);
    expect(demo.live.get('google-ai-mode') ?? 0).toBe(0);

    const done = (await aiAnalysesRepository.findById(db, row!.id))!;
    expect(done).toMatchObject({ status: 'completed', creditsReserved: 20, creditsCharged: 20, failedCalls: 0, vendorWaitSince: null });
    const answers = await aiAnalysesRepository.listAnswers(db, row!.id);
    expect(answers).toHaveLength(20);
    expect(answers.every((a) => a.status === 'ok' && a.provider === 'demo')).toBe(true);
    expect((await spends(row!.id)).map((t) => t.amount)).toEqual([-20]);
  });

  it('when a run crashes after posting and the POST answer was lost, then the re-run posts nothing again, the tasks are adopted by tag, and nothing is charged twice', { timeout: 120_000 }, async () => {
    const { user, headers, keywords } = await agency(1000);
    const campaign = (await call(headers, 'POST', '/api/campaigns', withAi([keywords[0]!]))).json<Campaign>();
    await enqueueDueCampaignRounds(container, new Date(new Date(campaign.nextRun!).getTime() + MINUTE));
    const [row] = await aiOf(user.id);
    const demo = queuedDemo({ loseFirstPostAnswer: true });
    const deps = fastAiScanDeps(container, demo.catalogue, { standard: { pollSeconds: 1, maxWaitMinutes: 45 } });

    expect(await runAiScan(deps, row!.id)).toBe('waiting');
    expect((await aiVendorTasksRepository.listFor(db, row!.id)).every((t) => t.state === 'posting' && t.taskId === null)).toBe(true);
    // The worker dies while waiting is being recorded: the analysis looks like a crashed run.
    await db.update(aiVisibilityAnalyses).set({ vendorWaitSince: null, runToken: null, heartbeatAt: new Date(Date.now() - 3600_000) }).where(eq(aiVisibilityAnalyses.id, row!.id));
    expect(await runAiScan(deps, row!.id)).toBe('waiting');
    expect(demo.posts()).toBe(1);
    expect(demo.live.get('google-ai-mode') ?? 0).toBe(0);

    demo.advance(11 * MINUTE);
    expect(await pollAiStandardQueue(deps, row!.id)).toBe('handedOver');
    expect(await runAiScan(deps, row!.id)).toBe('completed');
    expect(demo.posts()).toBe(1);
    expect(demo.live.get('google-ai-mode') ?? 0).toBe(0);
    expect(await aiAnalysesRepository.listAnswers(db, row!.id)).toHaveLength(20);
    expect((await spends(row!.id)).map((t) => t.amount)).toEqual([-20]);
  });

  it('when a place’s weekly scan has AI on and the balance cannot pay it, then its AI analysis is stored failed with the reason, charged nothing, once', { timeout: 120_000 }, async () => {
    const { user, headers, keywords } = await agency(0);
    const { subscription, extra } = await creditsService.balances(db, user.id);
    if (subscription > 0) await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: -subscription, reference: `drain-${user.id}` });
    if (extra > 0) await creditsService.adjust(db, { userId: user.id, source: 'extra', amount: -extra, reference: `drain-extra-${user.id}` });
    await db
      .update(campaignsTable)
      .set({ active: true, ai: { engines: ['google-ai-mode'], gridSize: 3, samples: 1 } })
      .where(and(eq(campaignsTable.userId, user.id), isNotNull(campaignsTable.placeId)));
    const list = (await call(headers, 'GET', '/api/campaigns')).json<{ campaigns: Campaign[] }>();
    const weekly = list.campaigns.find((c) => c.kind === 'place')!;
    expect(weekly).toMatchObject({ ai: { engines: ['google-ai-mode'], gridSize: 3, samples: 1 }, roundAiCredits: 2 * 9 });
    const at = new Date(new Date(weekly.nextRun!).getTime() + MINUTE);

    await enqueueDueCampaignRounds(container, at);
    await enqueueDueCampaignRounds(container, new Date(at.getTime() + 5 * MINUTE));
    const ai = await aiOf(user.id);
    expect(ai).toHaveLength(2);
    expect(ai.every((a) => a.kind === 'scheduled' && a.status === 'failed' && a.failureReason === AI_ROUND_NO_CREDITS && a.creditsReserved === 0 && a.creditsCharged === 0)).toBe(true);
    for (const a of ai) expect(await spends(a.id)).toEqual([]);
    const history = (await call(headers, 'GET', `/api/ai-visibility/keyword/${keywords[0]}`)).json<{ data: AiAnalysisSummary[] }>();
    expect(history.data[0]).toMatchObject({ kind: 'scheduled', campaignName: null, status: 'failed' });
  });

  it('when the credits cannot pay a round with its AI analyses, then the round is skipped and the campaign paused, with the AI credits counted', { timeout: 120_000 }, async () => {
    // The maps alone (2 keywords × 9 points) fit in 30 credits; with the AI (2 × 20) they do not.
    const { user, headers, keywords } = await agency(30);
    const campaign = (await call(headers, 'POST', '/api/campaigns', withAi(keywords))).json<Campaign>();
    const at = new Date(new Date(campaign.nextRun!).getTime() + MINUTE);
    expect(await enqueueDueCampaignRounds(container, at)).toBe(0);
    expect(await aiOf(user.id)).toEqual([]);
    const paused = (await call(headers, 'GET', `/api/campaigns/${campaign.id}`)).json<CampaignDetail>();
    expect(paused).toMatchObject({ state: 'paused' });
    const balance = await creditsService.balances(db, user.id);
    expect(balance.subscription + balance.extra).toBe(30);
  });

  it('when the weekly-scan modal turns AI on, then the quote is the server’s, the place and its weekly campaign carry it, bad settings are refused in Spanish with nothing changed, and a round now makes one scheduled AI analysis per keyword', { timeout: 120_000 }, async () => {
    const { user, headers, place, keywords } = await agency(1000);
    const ai = { engines: ['google-ai-mode', 'chatgpt'], gridSize: 3, samples: 2 };
    // Per keyword: AI Mode 9 points × 2 samples and ChatGPT 2 city samples, 1 credit each; two keywords.
    const quote = await call(headers, 'POST', `/api/place/${place}/schedule/ai-quote`, { ai });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json<WeeklyAiQuote>()).toEqual({ keywords: 2, keywordCredits: 20, roundAiCredits: 40, euros: expect.any(Number) });
    expect(quote.json<WeeklyAiQuote>().euros).toBeGreaterThan(0);

    for (const [body, message] of [
      [{ rankDay: 2, rankHour: 10, ai: { ...ai, engines: [] } }, 'Elige al menos un motor de IA.'],
      [{ rankDay: 2, rankHour: 10, ai: { ...ai, gridSize: 4 } }, 'La cuadrícula debe ser de 3×3, 5×5, 7×7 o 9×9 puntos.'],
      [{ rankDay: 2, rankHour: 10, ai: { ...ai, samples: 9 } }, 'Las muestras por punto deben ser un número entero entre 1 y 5.'],
      [{ rankDay: 2, rankHour: 10, ai: { ...ai, dryRun: true } }, null],
    ] as const) {
      const bad = await call(headers, 'PUT', `/api/place/${place}/schedule`, body);
      expect(bad.statusCode, bad.body).toBe(400);
      if (message) expect(bad.json<{ error: string }>().error).toBe(message);
      else expect(bad.json<{ error: string }>().error).toMatch(/[a-záéíóúñ]/);
    }
    const badQuote = await call(headers, 'POST', `/api/place/${place}/schedule/ai-quote`, { ai: { ...ai, engines: ['bard'] } });
    expect(badQuote.statusCode).toBe(400);
    const untouched = (await call(headers, 'GET', `/api/place/${place}`)).json<Place>();
    expect(untouched).toMatchObject({ rankDay: 1, rankHour: 9, weeklyAi: null });

    const saved = await call(headers, 'PUT', `/api/place/${place}/schedule`, { rankDay: 2, rankHour: 10, ai });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Place>()).toMatchObject({ rankDay: 2, rankHour: 10, weeklyAi: ai });
    // Without ai the day and hour change and the AI stays as it is.
    expect((await call(headers, 'PUT', `/api/place/${place}/schedule`, { rankDay: 3, rankHour: 11 })).json<Place>()).toMatchObject({ rankDay: 3, weeklyAi: ai });
    const weekly = (await call(headers, 'GET', '/api/campaigns')).json<{ campaigns: Campaign[] }>().campaigns.find((c) => c.kind === 'place')!;
    expect(weekly).toMatchObject({ ai, roundAiCredits: 40 });

    // The developer tools' round now: the weekly scan's map analyses and one «Programado» AI analysis per keyword; a second call is a new round.
    await db.update(campaignsTable).set({ active: true }).where(eq(campaignsTable.id, weekly.id));
    const round = await call(headers, 'POST', `/api/dev/campaign-round/${weekly.id}`);
    expect(round.statusCode, round.body).toBe(200);
    expect(round.json()).toEqual({ analyses: 4 });
    const made = await aiOf(user.id);
    expect(made).toHaveLength(2);
    expect(made.every((a) => a.kind === 'scheduled' && a.creditsReserved === 20 && a.campaignRoundId !== null)).toBe(true);
    const history = (await call(headers, 'GET', `/api/ai-visibility/keyword/${keywords[0]}`)).json<{ data: AiAnalysisSummary[] }>();
    expect(history.data[0]).toMatchObject({ kind: 'scheduled', campaignName: null });
    // Someone else's campaign is not found.
    const other = await signedIn('pro_starter');
    expect((await call(other.headers, 'POST', `/api/dev/campaign-round/${weekly.id}`)).statusCode).toBe(404);
    expect((await call(other.headers, 'POST', `/api/place/${place}/schedule/ai-quote`, { ai })).statusCode).toBe(404);

    // null turns it off.
    expect((await call(headers, 'PUT', `/api/place/${place}/schedule`, { rankDay: 3, rankHour: 11, ai: null })).json<Place>()).toMatchObject({ weeklyAi: null });
  });

  it('when a plan whose scans are not paid in credits asks for AI in its weekly scan, then it is refused (403) and nothing changes', { timeout: 120_000 }, async () => {
    const { headers } = await signedIn('basico');
    const place = await createPlace(headers, 'demo-granada-dentista-2', GRANADA, 3);
    const ai = { engines: ['google-ai-mode'], gridSize: 3, samples: 1 };
    const refused = await call(headers, 'PUT', `/api/place/${place}/schedule`, { rankDay: 2, rankHour: 10, ai });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toContain('visibilidad en IA');
    expect((await call(headers, 'POST', `/api/place/${place}/schedule/ai-quote`, { ai })).statusCode).toBe(403);
    expect((await call(headers, 'GET', `/api/place/${place}`)).json<Place>()).toMatchObject({ rankDay: 1, rankHour: 9, weeklyAi: null });
    // Off is always allowed.
    expect((await call(headers, 'PUT', `/api/place/${place}/schedule`, { rankDay: 2, rankHour: 10, ai: null })).statusCode).toBe(200);
  });

  it('when every awaited queue says when its tasks are ready (the demo queue), then the first poll comes then, not after the poll interval', { timeout: 120_000 }, async () => {
    const { user, headers, keywords } = await agency(1000);
    const campaign = (await call(headers, 'POST', '/api/campaigns', withAi([keywords[0]!]))).json<Campaign>();
    await enqueueDueCampaignRounds(container, new Date(new Date(campaign.nextRun!).getTime() + MINUTE));
    const [row] = await aiOf(user.id);
    const demo = queuedDemo({ delayMs: 2000 });
    const deps = fastAiScanDeps(container, demo.catalogue, { standard: { pollSeconds: 30, maxWaitMinutes: 45 } });
    expect(await runAiScan(deps, row!.id)).toBe('waiting');
    const polls = await rowsOf<{ starts_in: number }>(db, sql`select extract(epoch from start_after - now())::float8 as starts_in from pgboss.job where name = ${AI_VISIBILITY_VENDOR_POLL_JOB} and data->>'analysisId' = ${row!.id}`);
    expect(polls).toHaveLength(1);
    expect(polls[0]!.starts_in).toBeGreaterThan(0);
    expect(polls[0]!.starts_in).toBeLessThanOrEqual(2.5);
  });
});
