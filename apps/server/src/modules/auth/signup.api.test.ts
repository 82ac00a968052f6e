import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { emailTokens, users } from '../../db/schema';
import { PASSWORD, signUpRequest } from '../../../test/sessions';
import { countEmails, latestEmail, tokenFromLink } from '../../../test/emails';
import { uniqueEmail } from '../../../test/factories';

describe('POST /api/auth/signup/user', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

  it('when the data is valid, then it creates an unconfirmed account with an argon2id hash and answers 201', async () => {
    const email = uniqueEmail();
    const res = await signUpRequest(app, { email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Cuenta creada. Te hemos enviado un email para confirmar tu dirección.', email });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ name: 'Ana Pérez', mailConfirmed: false, googleSub: null });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(PASSWORD);
  });

  it('when an account is created, then a Spanish confirmation e-mail with a single link is queued, and only its hash is stored', async () => {
    const email = uniqueEmail();
    await signUpRequest(app, { email });
    const mail = await latestEmail(container, email, 'confirm-email');
    expect(mail).toMatchObject({ status: expect.stringMatching(/queued|sent/), subject: 'Confirma tu email en RankMaps' });
    expect(mail?.text).toContain('http://localhost:3000/confirm-email/user/');
    expect(mail?.text).toContain('?redirect=%2Fprofile');
    expect(mail?.html).toContain('Confirmar mi email');
    expect(`${mail?.text} ${mail?.html}`).not.toMatch(/evento|entrada|ticket/i);
    const token = tokenFromLink(mail!.text, '/confirm-email/user/');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = await userByEmail(email);
    const [stored] = await db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    expect(stored?.purpose).toBe('confirm');
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const hoursValid = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000;
    expect(hoursValid).toBeCloseTo(24, 1);
  });

  it('when a redirect target is given, then the confirmation link carries it encoded', async () => {
    const email = uniqueEmail();
    await signUpRequest(app, { email, redirectTo: '/rankmap?x=1&y=2' });
    const mail = await latestEmail(container, email, 'confirm-email');
    expect(mail?.text).toContain(`?redirect=${encodeURIComponent('/rankmap?x=1&y=2')}`);
  });

  it('when the redirect target points to another site, then it answers 400', async () => {
    const res = await signUpRequest(app, { redirectTo: '//evil.example.com/' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('when the name contains HTML, then the e-mail shows it escaped', async () => {
    const email = uniqueEmail();
    await signUpRequest(app, { email, name: '<img src=x onerror=alert(1)>' });
    const mail = await latestEmail(container, email, 'confirm-email');
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail?.html).not.toContain('<img src=x');
  });

  it('when the e-mail is taken, in any letter case, then it answers 409 and keeps one account', async () => {
    const email = uniqueEmail();
    expect((await signUpRequest(app, { email })).statusCode).toBe(201);
    const res = await signUpRequest(app, { email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Ya existe una cuenta con este email.');
    expect((await db.select().from(users).where(eq(users.email, email))).length).toBe(1);
    expect(await countEmails(container, email)).toBe(1);
  });

  it('when two sign-ups with the same e-mail arrive together, then exactly one account is created', async () => {
    const email = uniqueEmail();
    const results = await Promise.all([
      signUpRequest(app, { email }),
      signUpRequest(app, { email: email.toUpperCase() }),
      signUpRequest(app, { email }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect((await db.select().from(users).where(eq(users.email, email))).length).toBe(1);
    expect(await countEmails(container, email)).toBe(1);
  });

  it('when the passwords differ, then it answers 400 with the Spanish message', async () => {
    const res = await signUpRequest(app, { confirmPassword: 'Otra1234!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Las contraseñas no coinciden');
  });

  it('when the password misses a rule, then it answers 400 and creates nothing', async () => {
    const email = uniqueEmail();
    const res = await signUpRequest(app, { email, password: 'sinmayus1!', confirmPassword: 'sinmayus1!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('La contraseña no cumple todos los requisitos');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('when the e-mail is not an address, then it answers 400', async () => {
    const res = await signUpRequest(app, { email: 'no-es-un-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Introduce un email válido');
  });
});
