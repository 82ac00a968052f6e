import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { NotificationSettings } from '@rankmaps/shared/schemas/notifications';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpServer } from '../../test/fake-smtp';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { checkInvariants } from '../../test/invariants';
import { scriptedProvider } from '../../test/scan-doubles';
import { createTestApp } from '../../test/test-app';
import { MALAGA, rankmapFixtures } from '../../test/rankmap-fixtures';
import { notificationDeliveries, notifications } from '../db/notifications-schema';
import { emails } from '../db/schema';
import { SEND_EMAIL_JOB, SEND_EMAIL_RETRY } from '../jobs/definitions/send-email';
import { rankMapsRepository } from '../modules/rankmaps/rankmaps.repository';

/** The Subject header of a raw message, unfolded and with its MIME encoded words decoded. */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const value = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

// Alert e-mails while the mail server is down: the real workers scan two analyses of a
// keyword, the notify-analysis job creates the alerts (scan completed, and a rank change with
// the thresholds at their lowest) and queues their e-mails in the outbox; the send-email job
// fails and retries while nobody listens on the SMTP port, then the server comes up.
describe('drill: the mail server is down when alert e-mails are sent', async () => {
  const port = await freePort();
  // The demo simulation at fixed moments, a week apart, so the second analysis differs from
  // the first the same way whatever today's date is (its rankings drift by week and hour).
  const weeks = [new Date('2026-11-02T10:00:00Z'), new Date('2026-11-09T10:00:00Z')];
  let scanAt = weeks[0]!;
  const { app, container } = await createTestApp(
    { DATA_DIR: GEO_TEST_DATA_DIR, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' },
    { workers: true, mapsSearch: scriptedProvider({ at: () => scanAt }).provider },
  );
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });
  const { withKeyword, analyze } = rankmapFixtures(app, container);
  const db = container.database.db;

  it('when alerts are made while the server is unreachable, then their e-mails stay queued and are retried, and each arrives exactly once when it is back', { timeout: 180_000 }, async () => {
    // Production waits 15 s, doubling; the drill retries every few seconds (the queue's
    // setting, set before any mail is queued). Not faster than the mails waiting (one a second
    // per send worker, oldest first), so that every mail is tried.
    const retryDelay = 6;
    expect(await container.boss.getQueue(SEND_EMAIL_JOB)).toMatchObject(SEND_EMAIL_RETRY);
    await container.boss.updateQueue(SEND_EMAIL_JOB, { name: SEND_EMAIL_JOB, retryDelay, retryBackoff: false });

    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const current = (await app.inject({ method: 'GET', url: '/api/notifications/settings', headers })).json<NotificationSettings>();
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers,
      payload: { ...current, geoRankDropPoints: 1, geoRankGainPoints: 1, localPackLostPercent: 1, localPackGainedPercent: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Two analyses, one after the other, so the second is compared with the first.
    const ids: string[] = [];
    for (const [i, query] of ['dentista', 'clínica dental'].entries()) {
      scanAt = weeks[i]!;
      const res = await analyze(headers, keywordId, { query, maxResults: 20 });
      expect(res.statusCode, res.body).toBe(201);
      const { rankMapId } = res.json<AnalyzeResponse>();
      await expect.poll(async () => (await rankMapsRepository.findById(db, rankMapId))?.status, { timeout: 60_000, interval: 200 }).toBe('completed');
      ids.push(rankMapId);
    }
    const made = () => db.select().from(notifications).where(inArray(notifications.rankMapId, ids));
    const alertMails = () => db.select().from(emails).where(and(eq(emails.to, user.email), like(emails.kind, 'alert-%')));
    // The second analysis's evaluation made its alerts: scan completed and a rank change.
    await expect
      .poll(async () => (await made()).filter((n) => n.rankMapId === ids[1]).map((n) => n.kind), { message: 'the second analysis’s alerts', timeout: 30_000, interval: 200 })
      .toEqual(expect.arrayContaining(['scan-completed', expect.stringMatching(/^rank-(drop|gain)$/)]));
    const created = await made();
    expect(created.filter((n) => n.rankMapId === ids[0]).map((n) => n.kind)).toContain('scan-completed');
    expect(created.length).toBeGreaterThanOrEqual(3);

    // Nobody listens: each alert e-mail fails and is retried, and stays queued with the error kept.
    await expect
      .poll(
        async () => {
          const rows = await alertMails();
          return rows.length === created.length && rows.every((e) => e.attempts >= 2);
        },
        { message: 'two failed tries of each alert e-mail', timeout: 60_000, interval: 200 },
      )
      .toBe(true);
    for (const e of await alertMails()) expect(e).toMatchObject({ status: 'queued', sentAt: null, lastError: expect.stringMatching(/\S/) as unknown });

    // Back up: every alert e-mail goes out.
    const smtp = await startSmtpServer(port);
    servers.push(smtp);
    await expect.poll(async () => (await alertMails()).every((e) => e.status === 'sent'), { message: 'every alert e-mail sent', timeout: 60_000, interval: 200 }).toBe(true);
    // Another retry period, in which nothing may be sent twice.
    await new Promise((r) => setTimeout(r, (retryDelay + 2) * 1000));

    const sent = await alertMails();
    expect(sent).toHaveLength(created.length);
    // `attempts` counts the failed tries: the ones made while the server was down.
    for (const e of sent) expect(e).toMatchObject({ status: 'sent', transport: 'smtp', sentAt: expect.any(Date) as unknown, attempts: expect.any(Number) as unknown });
    expect(sent.every((e) => e.attempts >= 2)).toBe(true);
    // Per recipient and subject, the server received exactly as many as the outbox sent, each once.
    const key = (to: string, subject: string) => `${to.toLowerCase()}|${subject}`;
    const expected = new Map<string, number>();
    for (const e of sent) expected.set(key(e.to, e.subject), (expected.get(key(e.to, e.subject)) ?? 0) + 1);
    const received = new Map<string, number>();
    for (const m of smtp.received) for (const to of m.to) received.set(key(to, subjectOf(m.raw)), (received.get(key(to, subjectOf(m.raw))) ?? 0) + 1);
    expect(received).toEqual(expected);
    expect(smtp.received).toHaveLength(created.length);

    // The notifications and their e-mail deliveries exist once.
    const after = await made();
    expect(after).toHaveLength(created.length);
    expect(new Set(after.map((n) => n.dedupeKey)).size).toBe(after.length);
    const deliveries = await db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.userId, user.id), eq(notificationDeliveries.channel, 'email')));
    expect(deliveries.map((d) => d.notificationId).sort()).toEqual(after.map((n) => n.id).sort());
    expect(new Set(deliveries.map((d) => d.emailId)).size).toBe(after.length);
    expect(await checkInvariants(db, { deliveredTo: smtp.received.flatMap((m) => m.to) })).toEqual([]);
  });
});
