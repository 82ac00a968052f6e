import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../test/invariants';
import { createTestApp } from '../../test/test-app';
import { emails } from '../db/schema';
import { SEND_EMAIL_JOB, SEND_EMAIL_RETRY } from '../jobs/send-email.job';
import { uniqueEmail } from '../modules/auth/test/auth-helpers';
import { until } from './drill-helpers';

interface Received {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1:`port`. `refuse` makes it answer every connection with
 * "421 service not available", as a mail server that is up but not accepting mail does.
 */
async function startSmtpServer(port: number, opts: { refuse?: boolean } = {}) {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      if (!opts.refuse) return callback();
      callback(Object.assign(new Error('Servicio no disponible, vuelva a intentarlo más tarde'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, connections: () => connections, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

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
    // not the code's). Not faster: the worker takes one mail a second, the oldest ready first, so
    // mails retried sooner than that would keep the newest from ever being tried.
    expect(await container.boss.getQueue(SEND_EMAIL_JOB)).toMatchObject(SEND_EMAIL_RETRY);
    await container.boss.updateQueue(SEND_EMAIL_JOB, { name: SEND_EMAIL_JOB, retryDelay: addresses.length + 1, retryBackoff: false });
    for (const email of addresses) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup/user',
        payload: { name: 'Ana', email, password: 'Secreta123!', confirmPassword: 'Secreta123!' },
      });
      // The sign-up does not depend on the mail server.
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await stored()).toHaveLength(3);

    // Nobody listens: each mail fails and is retried, and stays queued with the error kept.
    await until('two failed tries of each mail', async () => (await stored()).every((e) => e.attempts >= 2), 20_000);
    for (const e of await stored())
      expect(e).toMatchObject({ status: 'queued', sentAt: null, lastError: expect.stringMatching(/\S/) as unknown });

    // Up, but refusing mail: the retries reach it and fail again.
    const refusing = await startSmtpServer(port, { refuse: true });
    servers.push(refusing);
    const before = new Map((await stored()).map((e) => [e.id, e.attempts]));
    await until('a refused try of each mail', async () => (await stored()).every((e) => e.attempts > before.get(e.id)!), 20_000);
    expect(refusing.connections()).toBeGreaterThanOrEqual(3);
    expect(refusing.received).toHaveLength(0);
    expect((await stored()).every((e) => e.status === 'queued')).toBe(true);
    await refusing.close();
    servers.pop();

    // Healthy again: every confirmation goes out.
    const smtp = await startSmtpServer(port);
    servers.push(smtp);
    await until('every mail sent', async () => (await stored()).every((e) => e.status === 'sent'), 20_000);
    // Another retry period, in which nothing may be sent twice.
    await new Promise((r) => setTimeout(r, (addresses.length + 2) * 1000));
    expect(smtp.received.map((m) => m.to).sort()).toEqual(addresses.map((a) => [a]).sort());
    for (const m of smtp.received) expect(m.raw.replace(/=\r?\n/g, '')).toContain('/confirm-email/user/');
    for (const e of await stored()) expect(e).toMatchObject({ kind: 'confirm-email', status: 'sent', transport: 'smtp' });
    expect(await checkInvariants(db, { deliveredTo: smtp.received.flatMap((m) => m.to) })).toEqual([]);
  }, 60_000);
});
