import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { fastScanDeps, scriptedProvider } from '../../test/scan-doubles';
import { createTestApp } from '../../test/test-app';
import { MALAGA, rankmapFixtures } from '../../test/rankmap-fixtures';
import { rowsOf } from '../db/client';
import { notificationDeliveries, notifications } from '../db/notifications-schema';
import { emails } from '../db/schema';
import { NOTIFY_ANALYSIS_JOB } from '../jobs/definitions/notify-analysis';
import { handleNotifyAnalysis } from '../jobs/handlers/notify-analysis';
import { runScan } from '../modules/rankmaps/scan/scan.service';

// Drill: the alert job dies in the middle of its run (after it wrote its first notification
// and that notification's e-mail, when it queues the e-mail's delivery job), then runs again,
// and again. Every notification and every e-mail exists once.
describe('drill: the alert job killed mid-run and run again', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze } = rankmapFixtures(app, container);
  const db = container.database.db;

  it('when the job crashes mid-run, then nothing of that run is kept, and the runs after it create each notification and each e-mail once', { timeout: 180_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const ids: string[] = [];
    for (const query of ['dentista', 'clínica dental']) {
      const { rankMapId } = (await analyze(headers, keywordId, { query, maxResults: 20 })).json<AnalyzeResponse>();
      expect(await runScan(fastScanDeps(container, scriptedProvider().provider), rankMapId)).toBe('completed');
      ids.push(rankMapId);
    }
    const id = ids[1]!;
    // The completion queued the job, in its own transaction.
    const jobs = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where name = ${NOTIFY_ANALYSIS_JOB} and data->>'rankMapId' = ${id}`);
    expect(jobs[0]?.n).toBe(1);

    // The crash: the process dies when the job queues its first e-mail's delivery.
    let sends = 0;
    const dying = {
      ...container,
      boss: {
        send: (...args: Parameters<typeof container.boss.send>) => {
          if (++sends === 1) throw new Error('proceso terminado (SIGKILL) a mitad del trabajo');
          return container.boss.send(...args);
        },
      } as unknown as typeof container.boss,
    };
    await expect(handleNotifyAnalysis(dying, { rankMapId: id })).rejects.toThrow(/SIGKILL/);
    expect(sends).toBe(1);
    const forId = () => db.select().from(notifications).where(eq(notifications.rankMapId, id));
    const mails = () => db.select().from(emails).where(and(eq(emails.to, user.email), like(emails.kind, 'alert-%')));
    expect(await forId()).toHaveLength(0);
    expect(await mails()).toHaveLength(0);

    // pg-boss retries the job: this time it ends, and a duplicate run after it adds nothing.
    await handleNotifyAnalysis(container, { rankMapId: id });
    const created = await forId();
    expect(created.map((n) => n.kind)).toContain('scan-completed');
    await handleNotifyAnalysis(container, { rankMapId: id });
    expect(await forId()).toHaveLength(created.length);
    const sent = (await mails()).filter((m) => created.some((n) => m.kind === `alert-${n.kind}`));
    expect(sent).toHaveLength(created.length);
    const deliveries = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, user.id));
    expect(deliveries.filter((d) => created.some((n) => n.id === d.notificationId))).toHaveLength(created.length);
  });
});
