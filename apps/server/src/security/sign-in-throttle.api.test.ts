import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { rowsOf } from '../db/client';
import { buildUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { COOKIE_DEVICE } from '../modules/auth/device-cookie';
import { hashPassword } from '../modules/auth/password';
import { cookieOf } from '../../test/sessions';
import { latestEmail, tokenFromLink } from '../../test/emails';

const PASSWORD = 'Secreta123!';
const WRONG = 'Incorrecta1!';
const FIRST_DELAY = 30;

/** A client address never used before, so address buckets never mix between cases. */
let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `10.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

describe('brute-force slowdown of password sign-in', async () => {
  const { app, container } = await createTestApp({
    SIGN_IN_ACCOUNT_FREE_FAILURES: '3',
    SIGN_IN_ADDRESS_FREE_FAILURES: '6',
    SIGN_IN_FIRST_DELAY_SECONDS: String(FIRST_DELAY),
    SIGN_IN_MAX_DELAY_SECONDS: '100',
  });
  const db = container.database.db;
  // A second API process on the same database: it shares nothing with the first but the data.
  const secondProcess = await buildApp(container);
  await secondProcess.ready();
  afterAll(() => secondProcess.close());

  const passwordHash = await hashPassword(PASSWORD, container.config);
  const account = async () =>
    (await buildUser(container, { email: `titular-${randomUUID().slice(0, 8)}@example.com`, passwordHash })).email;

  const signIn = (email: string, password: string, opts: { from?: string; device?: string; via?: FastifyInstance } = {}) =>
    (opts.via ?? app).inject({
      method: 'POST',
      url: '/api/auth/login/user',
      remoteAddress: opts.from ?? newAddress(),
      headers: opts.device ? { cookie: `${COOKIE_DEVICE}=${opts.device}` } : {},
      payload: { email, password },
    });
  /** Fast-forwards the clock of every wait: "the wait has passed". */
  const endAllWaits = () =>
    db.execute(sql`update sign_in_throttles set blocked_until = now() - interval '1 second' where blocked_until is not null`);
  const expectThrottled = (res: LightMyRequestResponse, seconds: number) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      error: expect.stringMatching(/^Demasiados intentos de inicio de sesión fallidos\. Vuelve a intentarlo en \d+ (segundos|minutos?)\.$/),
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(seconds - 5);
    expect(retryAfter).toBeLessThanOrEqual(seconds);
  };

  it('when an account has had its free failures, then the next attempt must wait (429, Spanish, Retry-After) even with the right password', async () => {
    const email = await account();
    const from = newAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(email, WRONG, { from })).statusCode).toBe(401);
    const refused = await signIn(email, PASSWORD, { from });
    expectThrottled(refused, FIRST_DELAY);
    expect(refused.json().error).toBe('Demasiados intentos de inicio de sesión fallidos. Vuelve a intentarlo en 30 segundos.');
    expect(cookieOf(refused, 'rm_refresh')).toBeUndefined();
  });

  it('when the wait has passed, then one more attempt is checked, and each further failure waits twice as long, up to the cap', async () => {
    const email = await account();
    // Each attempt from a new address: what is measured here is the account's own wait.
    for (let i = 0; i < 3; i++) await signIn(email, WRONG, { from: newAddress() });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await endAllWaits();
      expect((await signIn(email, WRONG, { from: newAddress() })).statusCode).toBe(401);
      const refused = await signIn(email, WRONG, { from: newAddress() });
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
    }
    expect(waits[0]).toBeGreaterThan(2 * FIRST_DELAY - 5);
    expect(waits[0]).toBeLessThanOrEqual(2 * FIRST_DELAY);
    expect(waits[1]).toBe(100); // 4 × 30 s would pass the 100-second cap
    expect(waits[2]).toBe(100);
  });

  it('when attempts keep coming during a wait, then they are refused without making the wait longer', async () => {
    const email = await account();
    for (let i = 0; i < 3; i++) await signIn(email, WRONG, { from: newAddress() });
    for (let i = 0; i < 5; i++) expectThrottled(await signIn(email, WRONG, { from: newAddress() }), FIRST_DELAY);
    await endAllWaits();
    expect((await signIn(email, WRONG, { from: newAddress() })).statusCode).toBe(401);
    expectThrottled(await signIn(email, WRONG, { from: newAddress() }), 2 * FIRST_DELAY);
  });

  it('when the right password comes, then the account starts counting from zero again', async () => {
    const email = await account();
    const from = newAddress();
    expect((await signIn(email, WRONG, { from })).statusCode).toBe(401);
    expect((await signIn(email, WRONG, { from })).statusCode).toBe(401);
    expect((await signIn(email, PASSWORD, { from })).statusCode).toBe(200);
    // Three more failures are free again; only the fourth waits.
    for (let i = 0; i < 3; i++) expect((await signIn(email, WRONG, { from })).statusCode).toBe(401);
    expect((await signIn(email, WRONG, { from })).statusCode).toBe(429);
  });

  it('when many guesses at one account race from many addresses, then exactly the free ones get their password checked', async () => {
    const email = await account();
    const results = await Promise.all(Array.from({ length: 8 }, () => signIn(email, WRONG, { from: newAddress() })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('when the attempts reach another API process sharing the database, then the count and the wait hold there too', async () => {
    const email = await account();
    const from = newAddress();
    expect((await signIn(email, WRONG, { from })).statusCode).toBe(401);
    expect((await signIn(email, WRONG, { from, via: secondProcess })).statusCode).toBe(401);
    expect((await signIn(email, WRONG, { from })).statusCode).toBe(401);
    expectThrottled(await signIn(email, PASSWORD, { from, via: secondProcess }), FIRST_DELAY);
  });

  it('when an unknown e-mail is guessed, then it is slowed down exactly like a real account (nothing to enumerate)', async () => {
    const ghost = `nadie-${randomUUID().slice(0, 8)}@example.com`;
    const real = await account();
    const run = async (email: string) => {
      const from = newAddress();
      const out: (number | string)[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await signIn(email, WRONG, { from });
        out.push(res.statusCode, res.json().error as string);
      }
      return out;
    };
    expect(await run(ghost)).toEqual(await run(real));
  });

  it('when one address fails on many accounts, then that address waits too, and other addresses do not', async () => {
    const from = newAddress();
    for (let i = 0; i < 6; i++) expect((await signIn(await account(), WRONG, { from })).statusCode).toBe(401);
    const email = await account();
    expectThrottled(await signIn(email, PASSWORD, { from }), FIRST_DELAY);
    expect((await signIn(email, PASSWORD, { from: newAddress() })).statusCode).toBe(200);
  });

  it('when one address signs in successfully many times, then the right passwords never add up against it', async () => {
    const email = await account();
    const from = newAddress();
    for (let i = 0; i < 8; i++) expect((await signIn(email, PASSWORD, { from })).statusCode).toBe(200);
  });

  it('when a stranger keeps an account waiting, then its owner still signs in from a browser that signed in before (device cookie)', async () => {
    const email = await account();
    const home = newAddress();
    const first = await signIn(email, PASSWORD, { from: home });
    const device = cookieOf(first, COOKIE_DEVICE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });

    const stranger = newAddress();
    for (let i = 0; i < 3; i++) await signIn(email, WRONG, { from: stranger });
    expect((await signIn(email, PASSWORD, { from: stranger })).statusCode).toBe(429);
    // A new browser of the owner waits like everyone; the known one does not.
    expect((await signIn(email, PASSWORD, { from: home })).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, { from: home, device: device!.value })).statusCode).toBe(200);
  });

  it('when a device cookie is forged, altered or belongs to another account, then it does not lift the wait', async () => {
    const email = await account();
    const other = await account();
    const from = newAddress();
    const otherDevice = cookieOf(await signIn(other, PASSWORD, { from }), COOKIE_DEVICE)!.value;
    const ownDevice = cookieOf(await signIn(email, PASSWORD, { from }), COOKIE_DEVICE)!.value;
    for (let i = 0; i < 3; i++) await signIn(email, WRONG, { from: newAddress() });
    const [id, issuedAt, mac] = ownDevice.split('.');
    const forged = [
      otherDevice,
      `${id}.${Number(issuedAt) + 1}.${mac}`,
      `${id}.${issuedAt}.${'A'.repeat(mac!.length)}`,
      'garbage',
      `${id}.${issuedAt}`,
    ];
    for (const device of forged) expect((await signIn(email, PASSWORD, { from, device })).statusCode, device).toBe(429);
  });

  it('when a trusted device itself keeps failing, then it is slowed down on its own bucket', async () => {
    const email = await account();
    const from = newAddress();
    const device = cookieOf(await signIn(email, PASSWORD, { from }), COOKIE_DEVICE)!.value;
    for (let i = 0; i < 3; i++) expect((await signIn(email, WRONG, { from, device })).statusCode).toBe(401);
    expectThrottled(await signIn(email, PASSWORD, { from, device }), FIRST_DELAY);
    // Its failures were its own: the account, from a new browser, was never touched.
    expect((await signIn(email, PASSWORD, { from: newAddress() })).statusCode).toBe(200);
  });

  it('when the owner resets the password by e-mail, then the wait on the account is lifted', async () => {
    const email = await account();
    for (let i = 0; i < 3; i++) await signIn(email, WRONG, { from: newAddress() });
    const from = newAddress();
    expect((await signIn(email, PASSWORD, { from })).statusCode).toBe(429);
    await app.inject({ method: 'POST', url: '/api/auth/request-password-reset/user', payload: { email } });
    const token = tokenFromLink((await latestEmail(container, email, 'password-reset'))!.text, '/reset-password/');
    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/user/${token}`,
      payload: { newPassword: 'NuevaSecreta1!' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, 'NuevaSecreta1!', { from })).statusCode).toBe(200);
  });

  it('when the throttle stores its counts, then no e-mail or address is kept in clear', async () => {
    const email = await account();
    await signIn(email, WRONG, { from: '192.0.2.203' });
    const rows = await rowsOf<Record<string, unknown>>(db, sql`select * from sign_in_throttles`);
    const dump = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(dump).not.toContain(email);
    expect(dump).not.toContain('192.0.2.203');
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(String(r.bucket_hash)))).toBe(true);
  });
});
