import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, startSmtpServer } from '../../../test/fake-smtp';
import { createTestApp } from '../../../test/test-app';
import { emails } from '../../db/schema';
import { handleSendEmail } from '../../jobs/handlers/send-email';
import { mailRepository } from '../../modules/mail/mail.repository';
import { queueEmail } from '../../modules/mail/mail.service';
import { uniqueEmail } from '../../../test/factories';
import { signUpRequest } from '../../../test/sessions';

/** Undoes quoted-printable soft line breaks and escapes, so a long link can be read whole. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** How long a mail may take to reach the server, or to be marked sent, looked at every 100 ms. */
const WAIT = { timeout: 15_000, interval: 100 };

describe('SMTP delivery with the workers running', async () => {
  // Slow to accept mail for "lento…" recipients, as a mail server under load can be.
  const smtp = await startSmtpServer(0, { answerDelayMs: (to) => (to.some((a) => a.startsWith('lento')) ? 4000 : 0) });
  afterAll(smtp.close);
  const { app, container } = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' }, { workers: true });

  it('when SMTP_URL is set, then health reports the smtp adapter', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().adapters.email).toBe('smtp');
  });

  it('when someone signs up, then the SMTP server receives the confirmation e-mail with its link', async () => {
    const email = uniqueEmail('smtp');
    const res = await signUpRequest(app, { name: 'Ana', email });
    expect(res.statusCode).toBe(201);
    const message = await vi.waitUntil(() => smtp.received.find((m) => m.to.includes(email)), WAIT);
    expect(message.from).toBe('no-reply@rankmaps.test');
    const body = decodeQuotedPrintable(message.raw);
    expect(body).toContain('Subject: Confirma tu email en RankMaps');
    expect(body).toMatch(/http:\/\/localhost:3000\/confirm-email\/user\/[A-Za-z0-9_-]{43}\?redirect=%2Fprofile/);

    const stored = await vi.waitUntil(async () => {
      const [row] = await container.database.db.select().from(emails).where(eq(emails.to, email));
      return row?.status === 'sent' ? row : undefined;
    }, WAIT);
    expect(stored).toMatchObject({ transport: 'smtp', attempts: 0, lastError: null });
  });

  it('when one conversation with the mail server is slow, then the mails queued after it go out meanwhile', async () => {
    const db = container.database.db;
    const mail = (to: string) => queueEmail(container, { to, subject: 'Prueba', html: '<p>Hola</p>', text: 'Hola', kind: 'test' });
    const slowId = await mail(uniqueEmail('lento'));
    await expect.poll(async () => (await mailRepository.findById(db, slowId))?.status, WAIT).toBe('sending');
    const fast = [uniqueEmail('rapido-1'), uniqueEmail('rapido-2'), uniqueEmail('rapido-3')];
    for (const to of fast) await mail(to);
    await expect.poll(() => fast.every((to) => smtp.received.some((m) => m.to.includes(to))), { ...WAIT, timeout: 3500 }).toBe(true);
    // The slow one is still in its conversation: the others did not wait behind it.
    expect((await mailRepository.findById(db, slowId))?.status).toBe('sending');
    await expect.poll(async () => (await mailRepository.findById(db, slowId))?.status, WAIT).toBe('sent');
  });
});

describe('SMTP delivery when the mail server is down at first', async () => {
  const port = await freePort();
  const { app, container } = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  const db = container.database.db;

  it('when the server is unreachable, then the mail stays queued with the failed attempt recorded, and goes out once it is up', async () => {
    const email = uniqueEmail('later');
    const res = await signUpRequest(app, { name: 'Ana', email });
    // The sign-up does not depend on the mail server.
    expect(res.statusCode).toBe(201);
    const [queued] = await db.select().from(emails).where(eq(emails.to, email));
    expect(queued?.status).toBe('queued');

    // What the send-email job does on each attempt (pg-boss would retry with backoff).
    await expect(handleSendEmail(container, { emailId: queued!.id })).rejects.toThrow();
    const [failed] = await db.select().from(emails).where(eq(emails.id, queued!.id));
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(failed?.lastError).toEqual(expect.stringMatching(/\S/));

    const smtp = await startSmtpServer(port);
    try {
      await handleSendEmail(container, { emailId: queued!.id });
      const [sent] = await db.select().from(emails).where(eq(emails.id, queued!.id));
      expect(sent).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([email]);
      expect(decodeQuotedPrintable(smtp.received[0]!.raw)).toContain('/confirm-email/user/');

      // A retry of an already delivered mail sends nothing twice.
      await handleSendEmail(container, { emailId: queued!.id });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
