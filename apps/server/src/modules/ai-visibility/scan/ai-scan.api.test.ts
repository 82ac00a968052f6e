import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { AiAnalysisResponse, AiCreatedResponse } from '@rankmaps/shared/schemas/ai-visibility';
import { beforeAll, describe, expect, it } from 'vitest';
import { fastAiScanDeps, scriptedAiEngines } from '../../../../test/ai-doubles';
import { GEO_TEST_DATA_DIR } from '../../../../test/geo-data-dir';
import { MADRID, rankmapFixtures } from '../../../../test/rankmap-fixtures';
import { createTestApp } from '../../../../test/test-app';
import { creditTransactions } from '../../../db/billing-schema';
import { AI_VISIBILITY_SCAN_JOB } from '../../../jobs/definitions/ai-visibility-scan';
import { aiAnalysesRepository } from '../ai-analyses.repository';
import { callTag } from '../ai-plan';
import { AI_FAILURE_REASONS, aiCreditReference } from './ai-billing.service';
import { runAiScan, sweepStaleAiScans } from './ai-scan.service';

describe('the AI-visibility scan job', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, balance } = rankmapFixtures(app, container);
  const db = container.database.db;

  const start = async (headers: Record<string, string>, keywordId: string, payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: `/api/ai-visibility/keyword/${keywordId}/scan`, headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AiCreatedResponse>();
  };
  const detail = async (headers: Record<string, string>, id: string) => (await app.inject({ method: 'GET', url: `/api/ai-visibility/${id}`, headers })).json<AiAnalysisResponse>();
  const ledger = (id: string) => db.select().from(creditTransactions).where(eq(creditTransactions.reference, aiCreditReference(id)));

  it('when a 3×3 × 3-sample scan on AI Mode and ChatGPT meets failures, then failures are stored as failures, excluded and refunded once', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const before = await balance(user.id);
    const { id, creditsReserved } = await start(headers, keywordId, { engines: ['google-ai-mode', 'chatgpt'], gridSize: 3, samples: 3 });
    // 9 points × 3 samples on AI Mode, 3 city samples on ChatGPT, 1 credit each.
    expect(creditsReserved).toBe(30);
    expect(await balance(user.id)).toBe(before - 30);
    const row = (await aiAnalysesRepository.findById(db, id))!;
    const alwaysFail = new Set([callTag(id, { engine: 'google-ai-mode', pointIndex: 4, sample: 2 }), callTag(id, { engine: 'chatgpt', pointIndex: -1, sample: 3 })]);
    const flaky = callTag(id, { engine: 'google-ai-mode', pointIndex: 0, sample: 1 });
    const fatal = callTag(id, { engine: 'google-ai-mode', pointIndex: 8, sample: 3 });
    const { catalogue, attempts } = scriptedAiEngines({
      fail: (req, attempt) => (alwaysFail.has(req.tag!) ? 'retryable' : req.tag === flaky && attempt <= 2 ? 'retryable' : req.tag === fatal ? 'fatal' : null),
    });

    expect(await runAiScan(fastAiScanDeps(container, catalogue), id)).toBe('completed');

    for (const tag of alwaysFail) expect(attempts.get(tag)).toBe(3);
    expect(attempts.get(flaky)).toBe(3);
    expect(attempts.get(fatal)).toBe(1);
    const answers = await aiAnalysesRepository.listAnswers(db, id);
    expect(answers).toHaveLength(30);
    const failed = answers.filter((a) => a.status === 'failed');
    expect(failed.map((a) => `${a.engine}:${a.pointIndex}:${a.sample}`).sort()).toEqual(['chatgpt:-1:3', 'google-ai-mode:4:2', 'google-ai-mode:8:3']);
    // A failure is never «not named»: no match, no businesses, its error kept.
    expect(failed.every((a) => !a.named && a.businesses.length === 0 && a.error !== null)).toBe(true);
    expect(answers.filter((a) => a.pointIndex === -1)).toHaveLength(3);
    expect(row.grid.points).toHaveLength(9);

    const body = await detail(headers, id);
    expect(body).toMatchObject({ status: 'completed', progress: 100, failedCalls: 3, creditsReserved: 30, creditsRefunded: 3, creditsCharged: 27, demo: false, demoLabel: null });
    expect(body.metrics!.overall.answers).toEqual({ ok: 27, failed: 3, namingAny: 27, naming: answers.filter((a) => a.named).length });
    // The scripted vendor names the business on odd samples: 2 of every 3 samples where nothing failed.
    expect(body.metrics!.overall.shareOfVoice.n).toBe(27);
    expect(body.metrics!.engines.chatgpt!.shareOfVoice).toMatchObject({ k: 1, n: 2 });
    expect(body.metrics!.competitors[0]).toMatchObject({ name: 'Clínica Dental Rival', isTarget: false, share: { value: 100, k: 27, n: 27 } });
    expect(body.metrics!.points).toHaveLength(9);
    expect(await balance(user.id)).toBe(before - 27);
    // One spend, with the person who started it, and one refund: the ledger's reference makes each once.
    const entries = await ledger(id);
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['refund', 3],
      ['spend', -30],
    ]);
    expect(entries.find((e) => e.kind === 'spend')?.actorId).toBe(user.id);
    // The vendor's cost: every successful call and every failed try it billed.
    expect(body.creditsCharged).toBe(27);
    const stored = (await aiAnalysesRepository.findById(db, id))!;
    expect(stored.vendorCostUsd).toBeCloseTo(27 * 0.004 + 2 * 3 * 0.001 + 2 * 0.001, 9);
  });

  it('when the job runs again after completing (a retried job), then nothing is asked, stored or charged again', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-2', MADRID);
    const { id } = await start(headers, keywordId, { engines: ['google-ai-mode'], gridSize: 3, samples: 1 });
    const first = scriptedAiEngines();
    expect(await runAiScan(fastAiScanDeps(container, first.catalogue), id)).toBe('completed');
    const after = await balance(user.id);
    const again = scriptedAiEngines();
    expect(await runAiScan(fastAiScanDeps(container, again.catalogue), id)).toBe('finished');
    expect(again.calls).toHaveLength(0);
    expect(await balance(user.id)).toBe(after);
    expect((await ledger(id)).map((e) => e.kind)).toEqual(['spend']);
  });

  it('when the worker crashes mid-scan, then the sweeper re-queues it and the next run asks only what is missing, charging nothing twice', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-3', MADRID);
    const before = await balance(user.id);
    const { id } = await start(headers, keywordId, { engines: ['google-ai-mode'], gridSize: 3, samples: 2 });
    // A first run stops after 6 answers: they stay stored.
    const stop = new AbortController();
    let seen = 0;
    const slow = scriptedAiEngines({
      delayMs: () => {
        seen++;
        if (seen === 6) stop.abort(new Error('kill -9'));
        return 0;
      },
    });
    // Shutting down stands in for the crash's effect on the rows: answers kept, lease left behind.
    expect(await runAiScan(fastAiScanDeps(container, slow.catalogue, { stopping: stop.signal, concurrency: 1 }), id)).toBe('handed-over');
    const storedBefore = (await aiAnalysesRepository.listAnswers(db, id)).length;
    expect(storedBefore).toBeGreaterThan(0);
    expect(storedBefore).toBeLessThan(18);
    // Now a true crash: a run holds the lease and dies without a word.
    await aiAnalysesRepository.update(db, id, { status: 'processing', runToken: randomUUID(), heartbeatAt: new Date(Date.now() - 3600_000) });
    const swept = await sweepStaleAiScans(container, { staleSeconds: 120, maxRuns: 5 });
    expect(swept.requeued).toBeGreaterThanOrEqual(1);
    const jobs = await container.boss.fetch(AI_VISIBILITY_SCAN_JOB, { batchSize: 10 });
    expect(jobs?.some((j) => (j.data as { analysisId: string }).analysisId === id)).toBe(true);

    const resumed = scriptedAiEngines();
    expect(await runAiScan(fastAiScanDeps(container, resumed.catalogue), id)).toBe('completed');
    expect(resumed.calls).toHaveLength(18 - storedBefore);
    expect(await aiAnalysesRepository.listAnswers(db, id)).toHaveLength(18);
    expect(await balance(user.id)).toBe(before - 18);
    expect((await ledger(id)).map((e) => e.kind)).toEqual(['spend']);
  });

  it('when two runs race (a duplicate job), then only one asks and stores the answers', async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-4', MADRID);
    const { id } = await start(headers, keywordId, { engines: ['google-ai-mode'], gridSize: 3, samples: 1 });
    const slow = scriptedAiEngines({ delayMs: 300 });
    const outcomes = await Promise.all([runAiScan(fastAiScanDeps(container, slow.catalogue), id), runAiScan(fastAiScanDeps(container, slow.catalogue), id)]);
    // One run does the work; the other finds its lease live or, if it looks later, the analysis done.
    expect(outcomes.filter((o) => o === 'completed')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'completed').every((o) => o === 'busy' || o === 'finished')).toBe(true);
    expect(slow.calls).toHaveLength(9);
    expect(await aiAnalysesRepository.listAnswers(db, id)).toHaveLength(9);
  });

  it('when a vendor answer is lost (a timeout), then the call is asked again under the same tag and the lost try counted at list price', async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-abogado-1', MADRID);
    const { id } = await start(headers, keywordId, { engines: ['google-ai-mode'], gridSize: 3, samples: 1 });
    const lostTag = callTag(id, { engine: 'google-ai-mode', pointIndex: 2, sample: 1 });
    const tags: string[] = [];
    let first = true;
    const { catalogue } = scriptedAiEngines({
      liveTimeoutMs: 50,
      delayMs: (req) => {
        if (req.tag !== lostTag) return 0;
        tags.push(req.tag);
        if (!first) return 0;
        first = false;
        return 10_000;
      },
    });
    expect(await runAiScan(fastAiScanDeps(container, catalogue, { retry: { maxAttempts: 3, backoffBaseMs: 1, maxBackoffMs: 5, requestTimeoutMs: 50 } }), id)).toBe('completed');
    expect(tags).toEqual([lostTag, lostTag]);
    const answer = (await aiAnalysesRepository.listAnswers(db, id)).find((a) => a.pointIndex === 2)!;
    expect(answer.status).toBe('ok');
    // The lost try may have been billed: the engine's live list price, plus the answer's own cost.
    expect(answer.costUsd).toBeCloseTo(0.004 + 0.004, 9);
  });

  it('when every call fails, then the analysis fails and every credit comes back', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-peluqueria-1', MADRID);
    const before = await balance(user.id);
    const { id } = await start(headers, keywordId, { engines: ['gemini-maps'], gridSize: 3, samples: 1 });
    expect(await balance(user.id)).toBe(before - 18);
    const { catalogue, calls } = scriptedAiEngines({ fail: () => 'fatal' });
    expect(await runAiScan(fastAiScanDeps(container, catalogue), id)).toBe('failed');
    // Three fatal refusals with no success: the vendor refuses us, the other calls are not sent.
    expect(calls.length).toBeLessThanOrEqual(3 + 8);
    const body = await detail(headers, id);
    expect(body).toMatchObject({ status: 'failed', failureReason: AI_FAILURE_REASONS.noAnswers, creditsRefunded: 18, creditsCharged: 0, metrics: null });
    expect(await balance(user.id)).toBe(before);
    const refunds = await db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.kind, 'refund'), like(creditTransactions.reference, `ai-visibility:${id}`)));
    expect(refunds).toHaveLength(1);
  });
});
