import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { NotificationList, NotificationSettings } from '@rankmaps/shared/schemas/notifications';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../test/fake-smtp';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { emails } from '../../db/schema';
import { rankMapsRepository } from '../rankmaps/rankmaps.repository';

// The whole chain with the real workers and a real SMTP server: a scan completes, its
// notify-analysis job (queued with the completion) creates the notification and queues its
// e-mail, the send-email job delivers it with the unsubscribe headers, and the link works.
describe('alert e-mails through SMTP', async () => {
  const smtp = await startSmtpServer();
  const { app, container } = await createTestApp(
    { DATA_DIR: GEO_TEST_DATA_DIR, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' },
    { workers: true },
  );
  beforeAll(() => container.seaIndex.ready(), 300_000);
  afterAll(() => smtp.close());
  const { withKeyword, analyze } = rankmapFixtures(app, container);
  const db = container.database.db;

  const scanned = async (headers: Record<string, string>, keywordId: string, query: string) => {
    const res = await analyze(headers, keywordId, { query, maxResults: 20 });
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    await expect.poll(async () => (await rankMapsRepository.findById(db, rankMapId))?.status, { timeout: 60_000, interval: 200 }).toBe('completed');
    return rankMapId;
  };
  const sentTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));

  it('when a scan completes, then its e-mail arrives once with List-Unsubscribe and List-Unsubscribe-Post, and the one-click link turns that alert’s e-mails off', { timeout: 180_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const first = await scanned(headers, keywordId, 'dentista');

    await expect.poll(() => sentTo(user.email).length, { message: 'the scan-completed e-mail', timeout: 30_000, interval: 200 }).toBe(1);
    const raw = sentTo(user.email)[0]!.raw;
    // Headers are folded at 78 characters: unfold them before reading.
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const url = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(unfolded)?.[1];
    expect(url).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    // The server accepted it a moment before the job records it as sent.
    const stored = async () => (await db.select().from(emails).where(and(eq(emails.to, user.email), eq(emails.kind, 'alert-scan-completed'))))[0];
    await expect.poll(async () => (await stored())?.status, { timeout: 10_000, interval: 100 }).toBe('sent');
    const row = await stored();
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp' });
    expect(row!.text).toContain(`?analysis=${first}`);

    // The mail client's one-click POST.
    const path = url!.slice(container.config.appUrl.length);
    const res = await app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode, res.body).toBe(200);
    const settings = (await app.inject({ method: 'GET', url: '/api/notifications/settings', headers })).json<NotificationSettings>();
    expect(settings.switches['scan-completed']).toEqual({ inApp: true, email: false, slack: true });

    // The next scan still shows in the bell, but sends no e-mail of that kind.
    const second = await scanned(headers, keywordId, 'clínica dental');
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/notifications', headers })).json<NotificationList>().notifications.some((n) => n.rankMapId === second && n.kind === 'scan-completed'), {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(true);
    const completedMails = await db.select().from(emails).where(and(eq(emails.to, user.email), like(emails.kind, 'alert-scan-completed')));
    expect(completedMails).toHaveLength(1);
  });
});
