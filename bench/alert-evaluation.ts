import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { sendNotifyAnalysisJob } from '../apps/server/src/jobs/definitions/notify-analysis';
import { evaluateAnalysis } from '../apps/server/src/modules/notifications/notifications.service';
import { round, runWhenAlone } from './lib';
import { latencyStats } from './http-timing';
import { openScanEnv, proUserWithGrid, scanNow, UNLIMITED_SCANS } from './scan-env';

const WARM_UP = 20;
const CALLS = 300;
const EVALUATIONS = 30;

/**
 * What alerts add to a scan's completion (issue 16: ≤ 10 ms of database time): the completion
 * transaction queues the notify-analysis job through itself, one insert into pg-boss's table.
 * Timed inside a transaction that also updates an analysis row, as the completion does; the
 * same transaction without the insert is the baseline. The evaluation itself runs in its own
 * job, off the completion: its time for two 25×25 analyses is given for information.
 */
export async function benchAlertEvaluation(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: UNLIMITED_SCANS });
  try {
    const { headers, keywordId } = await proUserWithGrid(env);
    const ids = [await scanNow(env, headers, keywordId, 'dentista'), await scanNow(env, headers, keywordId, 'clínica dental')];
    const db = env.container.database.db;
    const target = ids[1]!;

    const enqueue: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < WARM_UP + CALLS; i++) {
      const withJob = i % 2 === 0;
      let took = 0;
      await db.transaction(async (tx) => {
        await tx.execute(sql`update rank_maps set updated_at = now() where id = ${target}`);
        const t0 = performance.now();
        // A fresh id each time: the singleton key of a real analysis is its own id.
        if (withJob) await sendNotifyAnalysisJob(env.container.boss, tx, randomUUID());
        else await tx.execute(sql`select 1`);
        took = performance.now() - t0;
      });
      if (i >= WARM_UP) (withJob ? enqueue : baseline).push(took);
    }

    const t0 = performance.now();
    const created = await evaluateAnalysis(env.container, target);
    const firstEvaluationMs = performance.now() - t0;
    const again: number[] = [];
    for (let i = 0; i < EVALUATIONS; i++) {
      const t = performance.now();
      await evaluateAnalysis(env.container, target);
      again.push(performance.now() - t);
    }
    return {
      name: `Alerts: the notify-analysis job queued in a scan's completion transaction (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      enqueueInCompletion: latencyStats(enqueue, 2),
      baselineStatement: latencyStats(baseline, 2),
      evaluation: { notificationsCreated: created, firstRunMs: round(firstEvaluationMs, 1), rerun: latencyStats(again, 2) },
      goal: 'enqueue ≤ 10 ms of database time (p95)',
    };
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchAlertEvaluation);
