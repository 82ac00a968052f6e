import { eq } from 'drizzle-orm';
import type { AiAnalysisResponse, AiCompareResponse, AiCreatedResponse, AiEnginesResponse, AiPointsResponse, AiQuoteResponse } from '@rankmaps/shared/schemas/ai-visibility';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fastAiScanDeps, scriptedAiEngines } from '../../../test/ai-doubles';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MADRID, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { aiVisibilityAnalyses } from '../../db/ai-visibility-schema';
import { notifications } from '../../db/notifications-schema';
import { callTag } from './ai-plan';
import { evaluateAiAnalysis } from './ai-alerts.service';
import { aiAnalysesRepository } from './ai-analyses.repository';
import { runAiScan } from './scan/ai-scan.service';
import { businessMatcher } from './ai-matcher';
import { AI_FAILURE_REASONS } from './scan/ai-billing.service';
import { businessDomain } from '../../providers/ai-answers/match-business';
import { demoCatalogue } from '../../providers/places/demo';

describe('the AI-visibility API', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, balance, signedIn } = rankmapFixtures(app, container);
  const db = container.database.db;
  const demoEngines = container.aiEngines;
  afterEach(() => {
    container.aiEngines = demoEngines;
  });
  type Headers = Record<string, string>;
  const scan = (headers: Headers, keywordId: string, payload: unknown) => app.inject({ method: 'POST', url: `/api/ai-visibility/keyword/${keywordId}/scan`, headers, payload: payload as object });
  const get = (headers: Headers, url: string) => app.inject({ method: 'GET', url, headers });
  const countAnalyses = async () => (await db.select({ id: aiVisibilityAnalyses.id }).from(aiVisibilityAnalyses)).length;

  it('lists the four engines: on the embedded default each runs on the demo engine, with its credits per call and scope', async () => {
    const { headers } = await signedIn('pro_starter');
    const res = await get(headers, '/api/ai-visibility/engines');
    expect(res.statusCode, res.body).toBe(200);
    const { engines } = res.json<AiEnginesResponse>();
    expect(engines.map((e) => e.id)).toEqual(['google-ai-mode', 'google-ai-overview', 'chatgpt', 'gemini-maps']);
    expect(engines.every((e) => e.available && e.reason === null && e.demo && e.creditsPerCall >= 1)).toBe(true);
    expect(engines.find((e) => e.id === 'chatgpt')).toMatchObject({ label: 'ChatGPT', scope: 'city' });
    expect(engines.find((e) => e.id === 'gemini-maps')?.freeCallsPerDay).toBeGreaterThan(0);
  });

  it('quotes a dry run per engine, in credits and euros, and writes nothing', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const before = { analyses: await countAnalyses(), balance: await balance(user.id) };
    const res = await scan(headers, keywordId, { engines: ['google-ai-mode', 'chatgpt'], dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json<AiQuoteResponse>();
    // The defaults: 5×5, 3 samples. ChatGPT is asked per city, once per sample.
    expect(quote).toMatchObject({ dryRun: true, gridSize: 5, samples: 3, points: 25, totalCalls: 78, totalCredits: 78, euros: 3.12, freeQuotaWarning: null, enough: true });
    expect(quote.engines.map((e) => [e.id, e.calls, e.credits])).toEqual([
      ['google-ai-mode', 75, 75],
      ['chatgpt', 3, 3],
    ]);
    expect(await countAnalyses()).toBe(before.analyses);
    expect(await balance(user.id)).toBe(before.balance);
  });

  it("warns before a Gemini run that would go past the free daily allowance left", async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-2', MADRID);
    container.aiEngines = scriptedAiEngines({ provider: 'gemini', freeCallsPerDay: 10 }).catalogue;
    const quote = (await scan(headers, keywordId, { engines: ['gemini-maps'], gridSize: 3, samples: 3, dryRun: true })).json<AiQuoteResponse>();
    expect(quote.totalCredits).toBe(54);
    expect(quote.freeQuotaWarning).toMatch(/^Gemini \(Google Maps\): este análisis hace 27 llamadas y hoy quedan 10 gratuitas de las 10 diarias del servidor; las 17 restantes las cobra el proveedor/);
  });

  it('refuses bad input with a Spanish 400 and changes nothing', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-3', MADRID);
    const before = { analyses: await countAnalyses(), balance: await balance(user.id) };
    const cases: [unknown, RegExp][] = [
      [{ engines: [] }, /al menos un motor/],
      [{ engines: ['bing-chat'] }, /Ese motor de IA no existe/],
      [{ engines: ['chatgpt', 'chatgpt'] }, /más de una vez/],
      [{ engines: ['chatgpt'], gridSize: 4 }, /3×3, 5×5, 7×7 o 9×9/],
      [{ engines: ['chatgpt'], gridSize: 11 }, /3×3, 5×5, 7×7 o 9×9/],
      [{ engines: ['chatgpt'], samples: 0 }, /entre 1 y 5/],
      [{ engines: ['chatgpt'], samples: 6 }, /entre 1 y 5/],
      [{ engines: ['chatgpt'], samples: 2.5 }, /entre 1 y 5/],
      [{ engines: ['chatgpt'], dryRun: 'sí' }, /dryRun/],
      [['chatgpt'], /Indica los motores de IA/],
    ];
    for (const [payload, message] of cases) {
      const res = await scan(headers, keywordId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(message);
    }
    expect(await countAnalyses()).toBe(before.analyses);
    expect(await balance(user.id)).toBe(before.balance);
  });

  it('refuses an engine that cannot run here with 409 and the reason, and a run the credits do not pay with insufficient_credits', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-4', MADRID);
    container.aiEngines = scriptedAiEngines({ unavailable: { 'gemini-maps': 'Falta configurar GEMINI_API_KEY en el servidor.' } }).catalogue;
    const before = await balance(user.id);
    const refused = await scan(headers, keywordId, { engines: ['google-ai-mode', 'gemini-maps'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'AI_ENGINE_UNAVAILABLE', error: 'El motor «Gemini (Google Maps)» no está disponible: Falta configurar GEMINI_API_KEY en el servidor.' });
    // 9×9 × 5 samples on two point engines: 810 credits, more than Starter's 500.
    const tooMuch = await scan(headers, keywordId, { engines: ['google-ai-mode', 'google-ai-overview'], gridSize: 9, samples: 5 });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_CREDITS', errorType: 'insufficient_credits' });
    expect(tooMuch.json<{ error: string }>().error).toMatch(/necesita 810 créditos/);
    expect(await balance(user.id)).toBe(before);
  });

  it('runs a 5×5 × 3-sample scan on two demo engines end to end: status, metrics with intervals, the «Datos de demostración» flag, the answers, the history', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-abogado-1', MADRID);
    const before = await balance(user.id);
    const created = await scan(headers, keywordId, { engines: ['google-ai-mode', 'gemini-maps'] });
    expect(created.statusCode, created.body).toBe(201);
    const { id, creditsReserved } = created.json<AiCreatedResponse>();
    expect(creditsReserved).toBe(75 + 75 * 2);
    const pending = (await get(headers, `/api/ai-visibility/${id}`)).json<AiAnalysisResponse>();
    expect(pending).toMatchObject({ status: 'pending', progress: 0, metrics: null, gridSize: 5, samples: 3, totalCalls: 150 });

    const { businessMatcher } = await import('./ai-matcher');
    const { aiScanDeps } = await import('./scan/ai-scan.service');
    expect(await runAiScan(aiScanDeps(container, container.aiEngines, businessMatcher), id)).toBe('completed');

    const body = (await get(headers, `/api/ai-visibility/${id}`)).json<AiAnalysisResponse>();
    expect(body).toMatchObject({ status: 'completed', progress: 100, demo: true, demoLabel: 'Datos de demostración', failedCalls: 0, creditsCharged: 225, creditsRefunded: 0 });
    const m = body.metrics!;
    for (const figures of [m.overall, m.engines['google-ai-mode']!, m.engines['gemini-maps']!]) {
      const { value, low, high } = figures.shareOfVoice;
      expect(value).not.toBeNull();
      expect(low!).toBeLessThanOrEqual(value!);
      expect(high!).toBeGreaterThanOrEqual(value!);
    }
    expect(m.overall.answers.ok).toBe(150);
    expect(m.points).toHaveLength(25);
    expect(m.competitors.length).toBeGreaterThan(1);
    expect(await balance(user.id)).toBe(before - 225);

    const points = (await get(headers, `/api/ai-visibility/${id}/points`)).json<AiPointsResponse>();
    expect(points.points).toHaveLength(25);
    expect(points.points[0]!.answers).toHaveLength(6);
    expect(points.points[0]!.answers.every((a) => a.status === 'ok' && a.provider === 'demo' && typeof a.text === 'string')).toBe(true);

    const history = (await get(headers, `/api/ai-visibility/keyword/${keywordId}`)).json<{ data: { id: string }[]; nextCursor: string | null }>();
    expect(history.data.map((h) => h.id)).toEqual([id]);
    expect(history.nextCursor).toBeNull();
  });

  it('pages the history newest first, compares two analyses with the noise rule, and alerts once on a drop beyond the noise', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-peluqueria-1', MADRID);
    const start = async () => (await scan(headers, keywordId, { engines: ['google-ai-mode'], gridSize: 3, samples: 5 })).json<AiCreatedResponse>().id;
    // First: named in every answer; then: never. 45 answers each, a drop far beyond the noise.
    const first = await start();
    expect(await runAiScan(fastAiScanDeps(container, scriptedAiEngines({ names: () => true }).catalogue), first)).toBe('completed');
    const second = await start();
    expect(await runAiScan(fastAiScanDeps(container, scriptedAiEngines({ names: () => false }).catalogue), second)).toBe('completed');

    const page1 = (await get(headers, `/api/ai-visibility/keyword/${keywordId}?limit=1`)).json<{ data: { id: string }[]; nextCursor: string }>();
    expect(page1.data.map((d) => d.id)).toEqual([second]);
    const page2 = (await get(headers, `/api/ai-visibility/keyword/${keywordId}?limit=1&cursor=${page1.nextCursor}`)).json<{ data: { id: string }[]; nextCursor: string | null }>();
    expect(page2).toEqual({ data: [expect.objectContaining({ id: first })], nextCursor: null });
    expect((await get(headers, `/api/ai-visibility/keyword/${keywordId}?cursor=basura`)).statusCode).toBe(400);

    const compare = (await get(headers, `/api/ai-visibility/${second}/compare/${first}`)).json<AiCompareResponse>();
    expect(compare.rule).toBe('intervals-do-not-overlap');
    expect(compare.overall.shareOfVoice).toMatchObject({ before: { value: 100 }, after: { value: 0 }, change: -100, beyondNoise: true });
    expect(compare.engines['google-ai-mode']!.shareOfVoice.beyondNoise).toBe(true);

    expect(await evaluateAiAnalysis(container, second)).toBe(1);
    expect(await evaluateAiAnalysis(container, second)).toBe(0);
    const sent = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    const drop = sent.filter((n) => n.kind === 'ai-share-drop');
    expect(drop).toHaveLength(1);
    expect(drop[0]!.title).toMatch(/^Baja tu cuota de voz en IA en «dentista»/);
    expect(drop[0]!.body).toMatch(/En conjunto: del 100 % \(92,1–100 %\) al 0 % \(0–7,9 %\)\. Google AI Mode: del 100 %/);
    // The first analysis has none before it: no alert.
    expect(await evaluateAiAnalysis(container, first)).toBe(0);
  });

  it('does not call a small change beyond the noise, and refuses to compare an analysis still running', async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-peluqueria-3', MADRID);
    const start = async () => (await scan(headers, keywordId, { engines: ['google-ai-mode'], gridSize: 3, samples: 1 })).json<AiCreatedResponse>().id;
    const first = await start();
    expect(await runAiScan(fastAiScanDeps(container, scriptedAiEngines({ names: (r) => !r.tag!.endsWith(':0:1') }).catalogue), first)).toBe('completed');
    const second = await start();
    expect(await runAiScan(fastAiScanDeps(container, scriptedAiEngines({ names: (r) => !/:[0-2]:1$/.test(r.tag!) }).catalogue), second)).toBe('completed');
    const compare = (await get(headers, `/api/ai-visibility/${second}/compare/${first}`)).json<AiCompareResponse>();
    expect(compare.overall.shareOfVoice).toMatchObject({ change: expect.closeTo(-22.22, 2) as number, beyondNoise: false });
    expect(await evaluateAiAnalysis(container, second)).toBe(0);
    const running = await start();
    const res = await get(headers, `/api/ai-visibility/${running}/compare/${first}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AI_ANALYSIS_NOT_COMPLETED' });
  });

  it('when an analysis fails, then its members are told once, through the notifications, that it failed and cost nothing', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-gimnasio-2', MADRID);
    const id = (await scan(headers, keywordId, { engines: ['google-ai-mode'], gridSize: 3, samples: 1 })).json<AiCreatedResponse>().id;
    expect(await runAiScan(fastAiScanDeps(container, scriptedAiEngines({ fail: () => 'fatal' }).catalogue), id)).toBe('failed');
    expect(await evaluateAiAnalysis(container, id)).toBe(1);
    // A retried job, or a second evaluation, sends nothing again.
    expect(await evaluateAiAnalysis(container, id)).toBe(0);
    const sent = (await db.select().from(notifications).where(eq(notifications.userId, user.id))).filter((n) => n.kind === 'ai-analysis-failed');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toMatch(/^El análisis de visibilidad en IA de «dentista» \(.+\) no se completó$/);
    expect(sent[0]!.body).toBe(AI_FAILURE_REASONS.noAnswers);
    expect(sent[0]!.link).toBe(`/rankmap/${sent[0]!.placeId}/keyword/${keywordId}/ai?analysis=${id}`);
    expect(sent[0]!.dedupeKey).toContain(`ai-analysis-failed:${id}`);
  });

  it('when the place has a website, then the analysis targets its domain and the demo answers naming it match by the domain rule', async () => {
    // A demo business with a site (about half have one, docs/decisions.md §31.12).
    const withSite = demoCatalogue().find((p) => p.placeId.startsWith('demo-madrid-') && p.website !== null && p.lat !== null)!;
    const { headers, keywordId } = await withKeyword('pro_starter', withSite.placeId, { lat: withSite.lat!, lng: withSite.lng! });
    const id = (await scan(headers, keywordId, { engines: ['google-ai-mode'], gridSize: 3, samples: 3 })).json<AiCreatedResponse>().id;
    const row = (await aiAnalysesRepository.findById(db, id))!;
    expect(row.target.domain).toBe(businessDomain(withSite.website));
    expect(row.target.domain).toMatch(/^[a-z0-9ñ]+\.(es|com)$/);
    // The process's own matcher (docs/decisions.md §31.3), not the tests' place-id one.
    expect(await runAiScan({ ...fastAiScanDeps(container, demoEngines), match: businessMatcher }, id)).toBe('completed');
    const named = (await aiAnalysesRepository.listAnswers(db, id)).filter((a) => a.named);
    expect(named.length).toBeGreaterThan(0);
    // AI Mode's answers carry domains, not place ids: the site is what recognises the business.
    expect(named.every((a) => a.matchRule === 'domain')).toBe(true);
  });

  it('when a keyword is analysed twice on the demo, then the answers differ and the second run names the business less, beyond the noise', async () => {
    const clinic = demoCatalogue().find((p) => p.placeId === 'demo-madrid-dentista-2')!;
    const { headers, keywordId } = await withKeyword('pro_starter', clinic.placeId, { lat: clinic.lat!, lng: clinic.lng! });
    const run = async () => {
      const id = (await scan(headers, keywordId, { engines: ['google-ai-mode', 'gemini-maps'], gridSize: 5, samples: 3 })).json<AiCreatedResponse>().id;
      expect(await runAiScan({ ...fastAiScanDeps(container, demoEngines), match: businessMatcher }, id)).toBe('completed');
      return id;
    };
    const first = await run();
    const second = await run();
    const texts = async (id: string) => (await aiAnalysesRepository.listAnswers(db, id)).map((a) => a.answerText).join('\n');
    expect(await texts(first)).not.toBe(await texts(second));
    const compare = (await get(headers, `/api/ai-visibility/${second}/compare/${first}`)).json<AiCompareResponse>();
    expect(compare.overall.shareOfVoice.change).toBeLessThan(0);
    expect(compare.overall.shareOfVoice.beyondNoise).toBe(true);
  });

  it("answers 404 for another workspace's analyses and keywords, and for ids that are not ids", async () => {
    const owner = await withKeyword('pro_starter', 'demo-madrid-gimnasio-1', MADRID);
    const { id } = (await scan(owner.headers, owner.keywordId, { engines: ['chatgpt'], gridSize: 3, samples: 1 })).json<AiCreatedResponse>();
    const { headers } = await signedIn('pro_starter');
    for (const url of [`/api/ai-visibility/${id}`, `/api/ai-visibility/${id}/points`, `/api/ai-visibility/${id}/compare/${id}`, `/api/ai-visibility/keyword/${owner.keywordId}`, '/api/ai-visibility/no-es-un-id']) {
      const res = await get(headers, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ error: string }>().error).toMatch(/no encontrad/i);
    }
    const stolen = await scan(headers, owner.keywordId, { engines: ['chatgpt'] });
    expect(stolen.statusCode).toBe(404);
    // The tag the vendor keeps names the analysis, the engine, the point and the sample.
    expect(callTag(id, { engine: 'chatgpt', pointIndex: -1, sample: 1 })).toBe(`ai:${id}:chatgpt:-1:1`);
    expect((await aiAnalysesRepository.findById(db, id))?.status).toBe('pending');
  });
});
