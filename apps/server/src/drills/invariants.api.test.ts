import { randomUUID } from 'node:crypto';
import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { checkInvariants } from '../../test/invariants';
import { createTestApp } from '../../test/test-app';
import { creditLots } from '../db/billing-schema';
import { rankMaps } from '../db/rankmaps-schema';
import { emails } from '../db/schema';
import { RANKMAP_SCAN_JOB } from '../jobs/definitions/rankmap-scan';
import { mailRepository } from '../modules/mail/mail.repository';
import { queueEmail } from '../modules/mail/mail.service';
import { rankMapsRepository } from '../modules/rankmaps/rankmaps.repository';
import { runScan } from '../modules/rankmaps/scan/scan.service';
import { MADRID, rankmapFixtures } from '../../test/rankmap-fixtures';
import { fastScanDeps, scriptedProvider } from '../../test/scan-doubles';

// The checker the drills rely on: it must say nothing of a sound state, and name each break.
// Each test breaks one thing on purpose, checks it is reported, and repairs it.
describe("the drills' invariant checker", async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze } = rankmapFixtures(app, container);
  const db = container.database.db;
  const start = async (googlePlaceId: string) => {
    const { headers, keywordId } = await withKeyword('pro_starter', googlePlaceId, MADRID);
    const res = await analyze(headers, keywordId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AnalyzeResponse>().rankMapId;
  };

  it('when a credit-billed analysis is queued and another has completed, then nothing is reported', async () => {
    await start('demo-madrid-dentista-1');
    const done = await start('demo-madrid-dentista-2');
    expect(await runScan(fastScanDeps(container, scriptedProvider().provider), done)).toBe('completed');
    expect(await checkInvariants(db)).toEqual([]);
  });

  it('when an analysis is pending with its job gone, or processing with a dead lease and no job, then each is reported', async () => {
    const pending = await start('demo-madrid-dentista-3');
    await container.boss.cancel(RANKMAP_SCAN_JOB, (await rankMapsRepository.findById(db, pending))!.jobId!);
    expect(await checkInvariants(db)).toEqual([`analysis ${pending}: pending with no job to run it`]);
    await rankMapsRepository.update(db, pending, {
      status: 'processing',
      runToken: randomUUID(),
      heartbeatAt: new Date(Date.now() - 600_000),
    });
    expect(await checkInvariants(db)).toEqual([`analysis ${pending}: processing with neither a live lease nor a job to resume it`]);
    // A live lease is a run in progress.
    await rankMapsRepository.update(db, pending, { heartbeatAt: new Date() });
    expect(await checkInvariants(db)).toEqual([]);
    await db.delete(rankMaps).where(eq(rankMaps.id, pending));
  });

  it('when an analysis failed without a reason, or was charged twice its points, then it is reported', async () => {
    const id = await start('demo-madrid-dentista-4');
    expect(await runScan(fastScanDeps(container, scriptedProvider().provider), id)).toBe('completed');
    await rankMapsRepository.update(db, id, { creditsCharged: 98 });
    expect(await checkInvariants(db)).toEqual([`analysis ${id}: creditsCharged 98, the ledger charged 49`]);
    await rankMapsRepository.update(db, id, { creditsCharged: 49, status: 'failed', failureReason: null });
    const found = await checkInvariants(db);
    expect(found).toContain(`analysis ${id}: failed without a reason`);
    expect(found).toContain(`analysis ${id}: failed, charged 49 and refunded 0`);
    await db.delete(rankMaps).where(eq(rankMaps.id, id));
  });

  it('when a lot holds credits its ledger does not explain, then the lot and the user are reported', async () => {
    const [lot] = await db.select().from(creditLots).limit(1);
    await db
      .update(creditLots)
      .set({ remaining: sql`${creditLots.remaining} + 7` })
      .where(eq(creditLots.id, lot!.id));
    const found = await checkInvariants(db);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(new RegExp(`^lot ${lot!.id}: holds \\d+, its ledger entries add up to \\d+$`));
    expect(found[1]).toMatch(new RegExp(`^user ${lot!.userId}: lots hold \\d+ credits, the ledger adds up to \\d+$`));
    await db.update(creditLots).set({ remaining: lot!.remaining }).where(eq(creditLots.id, lot!.id));
    expect(await checkInvariants(db)).toEqual([]);
  });

  it('when a mail is given up early or without a reason, left without a job, or received twice, then it is reported', async () => {
    const mail = { to: 'ana@example.com', subject: 'Prueba', html: '<p>Hola</p>', text: 'Hola', kind: 'test' };
    const queued = await queueEmail(container, mail);
    expect(await checkInvariants(db)).toEqual([]);
    await db.execute(sql`delete from pgboss.job where name = 'send-email'`);
    expect(await checkInvariants(db)).toEqual([`e-mail ${queued} to ana@example.com: queued with no job to send it`]);
    await mailRepository.claimForSending(db, queued);
    expect(await checkInvariants(db)).toEqual([`e-mail ${queued} to ana@example.com: sending with no job to send it`]);
    await mailRepository.markGivenUp(db, queued, 'SMTP caído');
    expect(await checkInvariants(db)).toEqual([`e-mail ${queued} to ana@example.com: given up before its age limit`]);
    // Past its age limit, a mail given up with its reason is what the outbox sweep does.
    expect(await checkInvariants(db, { mailMaxAgeSeconds: 0 })).toEqual([]);
    await db.update(emails).set({ lastError: null }).where(eq(emails.id, queued));
    expect(await checkInvariants(db, { mailMaxAgeSeconds: 0 })).toEqual([`e-mail ${queued} to ana@example.com: given up without a reason`]);
    await mailRepository.markSent(db, queued, 'smtp');
    expect(await checkInvariants(db, { deliveredTo: ['ana@example.com'] })).toEqual([]);
    expect(await checkInvariants(db, { deliveredTo: ['ana@example.com', 'Ana@example.com'] })).toEqual([
      'ana@example.com: 1 e-mails sent, 2 received',
    ]);
    await db.delete(emails).where(eq(emails.id, queued));
  });
});
