import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpServer } from '../../test/fake-smtp';
import { checkInvariants } from '../../test/invariants';
import { createTestApp } from '../../test/test-app';
import { emails } from '../db/schema';
import { SEND_EMAIL_JOB, SEND_EMAIL_RETRY } from '../jobs/definitions/send-email';
import { uniqueEmail } from '../../test/factories';
import { signUpRequest } from '../../test/sessions';

// Sign-ups while the mail server is first not listening at all, then up but refusing mail,
// then healthy. The real send-email worker (pg-boss) retries from the outbox throughout.
describe('drill: the mail server is down when confirmations are sent', async () => {
  const port = await freePort();
  const { app, container } = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' },
    { workers: true },
  );
  const db = container.database.db;
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });
  const stored = () => db.select().from(emails);

  it('when the server is unreachable and then refuses, then the confirmations are retried, and each arrives exactly once when it is back', async () => {
    const addresses = [uniqueEmail('caida-1'), uniqueEmail('caida-2'), uniqueEmail('caida-3')];
    // Production waits 15 s, doubling; the drill retries every few seconds (the queue's setting,
    // not the code's). Not faster: each send worker takes one mail a second, the oldest ready
    // first, so mails retried sooner than that could keep the newest from ever being tried.
    expect(await container.boss.getQueue(SEND_EMAIL_JOB)).toMatchObject(SEND_EMAIL_RETRY);
    await container.boss.updateQueue(SEND_EMAIL_JOB, { name: SEND_EMAIL_JOB, retryDelay: addresses.length + 1, retryBackoff: false });
    for (const email of addresses) {
      const res = await signUpRequest(app, { name: 'Ana', email });
      // The sign-up does not depend on the mail server.
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await stored()).toHaveLength(3);

    // Nobody listens: each mail fails and is retried, and stays queued with the error kept.
    await expect.poll(async () => (await stored()).every((e) => e.attempts >= 2), { message: 'two failed tries of each mail', timeout: 20_000, interval: 100 }).toBe(true);
    for (const e of await stored())
      expect(e).toMatchObject({ status: 'queued', sentAt: null, lastError: expect.stringMatching(/\S/) as unknown });

    // Up, but refusing mail: the retries reach it and fail again.
    const refusing = await startSmtpServer(port, { refuse: true });
    servers.push(refusing);
    const before = new Map((await stored()).map((e) => [e.id, e.attempts]));
    await expect.poll(async () => (await stored()).every((e) => e.attempts > before.get(e.id)!), { message: 'a refused try of each mail', timeout: 20_000, interval: 100 }).toBe(true);
    expect(refusing.connections()).toBeGreaterThanOrEqual(3);
    expect(refusing.received).toHaveLength(0);
    expect((await stored()).every((e) => e.status === 'queued')).toBe(true);
    await refusing.close();
    servers.pop();

    // Healthy again: every confirmation goes out.
    const smtp = await startSmtpServer(port);
    servers.push(smtp);
    await expect.poll(async () => (await stored()).every((e) => e.status === 'sent'), { message: 'every mail sent', timeout: 20_000, interval: 100 }).toBe(true);
    // Another retry period, in which nothing may be sent twice.
    await new Promise((r) => setTimeout(r, (addresses.length + 2) * 1000));
    expect(smtp.received.map((m) => m.to).sort()).toEqual(addresses.map((a) => [a]).sort());
    for (const m of smtp.received) expect(m.raw.replace(/=\r?\n/g, '')).toContain('/confirm-email/user/');
    for (const e of await stored()) expect(e).toMatchObject({ kind: 'confirm-email', status: 'sent', transport: 'smtp' });
    expect(await checkInvariants(db, { deliveredTo: smtp.received.flatMap((m) => m.to) })).toEqual([]);
  }, 60_000);
});
