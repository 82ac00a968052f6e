import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { type FakeSmtpServer, freePort, startSmtpServer } from '../../test/fake-smtp';
import { checkInvariants } from '../../test/invariants';
import { createTestApp } from '../../test/test-app';
import type { Container } from '../container';
import { emails } from '../db/schema';
import { SEND_EMAIL_JOB } from '../jobs/definitions/send-email';
import { sweepMailOutbox } from '../modules/mail/outbox-sweep.service';
import { collectFatalErrors } from '../../test/fatal-errors';
import { uniqueEmail } from '../../test/factories';
import { signUpRequest } from '../../test/sessions';

/** The send job's own retries, shortened (the queue's setting): a try and one retry a second later. */
const SHORT_RETRIES = { retryLimit: 1, retryDelay: 1, retryBackoff: false };
/** Spacing of the sweep's re-queues, shortened: 1 to 2 s (production: 5 minutes to 6 hours). */
const SHORT_SPACING = { MAIL_REQUEUE_MIN_DELAY_SECONDS: '1', MAIL_REQUEUE_MAX_DELAY_SECONDS: '2' };

/**
 * The outbox sweep as the scheduled job runs it, in two worker processes at once and every
 * half second (production: every 5 minutes), until stopped.
 */
function keepSweeping(container: Container) {
  let stopped = false;
  const errors: unknown[] = [];
  const loop = (async () => {
    while (!stopped) {
      for (const r of await Promise.allSettled([sweepMailOutbox(container), sweepMailOutbox(container)]))
        if (r.status === 'rejected') errors.push(r.reason);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    errors,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

async function signUp(app: FastifyInstance, email: string) {
  const res = await signUpRequest(app, { name: 'Ana', email });
  // The sign-up does not depend on the mail server.
  expect(res.statusCode, res.body).toBe(201);
}

// Sign-ups while nothing listens on the mail server's port for longer than the send job
// retries; then it is back. The real send-email workers (pg-boss) and the outbox sweep run.
describe('drill: the mail server is down for longer than the send job retries', async () => {
  const port = await freePort();
  const { app, container } = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, ...SHORT_SPACING, MAIL_MAX_AGE_SECONDS: '60' },
    { workers: true },
  );
  const db = container.database.db;
  const fatal = collectFatalErrors();
  const stored = () => db.select().from(emails);

  it('when the retries run out during the outage, then the sweep queues the mails again, and each arrives exactly once when the server is back', async () => {
    await container.boss.updateQueue(SEND_EMAIL_JOB, { name: SEND_EMAIL_JOB, ...SHORT_RETRIES });
    const addresses = [uniqueEmail('larga-1'), uniqueEmail('larga-2'), uniqueEmail('larga-3')];
    for (const email of addresses) await signUp(app, email);
    const sweeper = keepSweeping(container);
    let smtp: FakeSmtpServer | undefined;
    try {
      // Two tries are all each job has: a third is the sweep's. None is given up.
      await expect.poll(async () => (await stored()).every((e) => e.attempts >= 3), { message: 'a try of each mail queued by the sweep', timeout: 20_000, interval: 100 }).toBe(true);
      for (const e of await stored())
        expect(e).toMatchObject({ status: 'queued', sentAt: null, lastError: expect.stringMatching(/\S/) as unknown });

      smtp = await startSmtpServer(port);
      await expect.poll(async () => (await stored()).every((e) => e.status === 'sent'), { message: 'every mail sent', timeout: 20_000, interval: 100 }).toBe(true);
      // More sweeps and retry periods, in which nothing may be sent again.
      await new Promise((r) => setTimeout(r, 3000));
    } finally {
      await sweeper.stop();
      await smtp?.close();
    }
    const received = smtp.received.flatMap((m) => m.to);
    expect(received.sort()).toEqual([...addresses].sort());
    for (const e of await stored()) expect(e).toMatchObject({ kind: 'confirm-email', status: 'sent', transport: 'smtp' });
    expect(sweeper.errors).toEqual([]);
    expect(await checkInvariants(db, { deliveredTo: received, mailMaxAgeSeconds: 60 })).toEqual([]);
    expect(fatal).toEqual([]);
  }, 60_000);
});

// A mail server that is up but refuses every mail, for longer than a mail's age limit
// (shortened to 6 s): the mail is tried again and again, then given up, loudly.
describe('drill: the mail server refuses mail for longer than the age limit', async () => {
  const port = await freePort();
  const { app, container } = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, ...SHORT_SPACING, MAIL_MAX_AGE_SECONDS: '6' },
    { workers: true },
  );
  const db = container.database.db;
  const fatal = collectFatalErrors();

  it('when the age limit passes, then the mail is marked failed for good with the reason kept and an error logged, and is never tried again', async () => {
    await container.boss.updateQueue(SEND_EMAIL_JOB, { name: SEND_EMAIL_JOB, ...SHORT_RETRIES });
    const refusing = await startSmtpServer(port, { refuse: true });
    const errors = vi.spyOn(container.log, 'error');
    const sweeper = keepSweeping(container);
    try {
      await signUp(app, uniqueEmail('rechazo'));
      await expect.poll(async () => (await db.select().from(emails))[0]?.status === 'failed', { message: 'the mail given up', timeout: 30_000, interval: 100 }).toBe(true);
      const [failed] = await db.select().from(emails);
      expect(Date.now() - failed!.createdAt.getTime()).toBeGreaterThanOrEqual(6000);
      // Tried past the job's two tries, then given up with the server's answer kept.
      expect(failed!.attempts).toBeGreaterThanOrEqual(3);
      expect(failed!.lastError).toMatch(/^No se pudo entregar en 6 s \(\d+ intentos\)\. Último error: .*Servicio no disponible/);
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ emailId: failed!.id, kind: 'confirm-email' }),
        'correo abandonado sin entregar',
      );

      // Sweeps go on: nothing tries it again.
      const connections = refusing.connections();
      await new Promise((r) => setTimeout(r, 3000));
      expect(refusing.connections()).toBe(connections);
      expect((await db.select().from(emails))[0]).toMatchObject({ status: 'failed', attempts: failed!.attempts });
    } finally {
      await sweeper.stop();
      await refusing.close();
    }
    expect(sweeper.errors).toEqual([]);
    expect(await checkInvariants(db, { deliveredTo: [], mailMaxAgeSeconds: 6 })).toEqual([]);
    expect(fatal).toEqual([]);
  }, 60_000);
});
