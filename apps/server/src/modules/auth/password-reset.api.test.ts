import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { emailTokens, users } from '../../db/schema';
import { PASSWORD, createConfirmedUser, logIn, refresh, sessionOf, signUpRequest } from '../../../test/sessions';
import { countEmails, latestEmail, tokenFromLink } from '../../../test/emails';
import { uniqueEmail } from '../../../test/factories';

const REQUESTED = { message: 'Si existe una cuenta con ese email, recibirás un enlace para restablecer tu contraseña.' };
const INVALID = 'Token inválido o expirado.';
const NEW_PASSWORD = 'NuevaClave9?';

describe('password reset', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;

  const requestReset = (email: string) => app.inject({ method: 'POST', url: '/api/auth/request-password-reset/user', payload: { email } });
  const validate = (token: string) => app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/user/${token}` });
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    app.inject({ method: 'POST', url: `/api/auth/reset-password/user/${token}`, payload: { newPassword } });

  async function resetLinkFor(email: string) {
    await requestReset(email);
    const mail = await latestEmail(container, email, 'password-reset');
    return tokenFromLink(mail!.text, '/reset-password/');
  }

  describe('POST /api/auth/request-password-reset/user', () => {
    it('when the account exists, then it answers 200 and queues a Spanish reset e-mail with a 1-hour link', async () => {
      const { email } = await createConfirmedUser(app, container, { name: 'Luis <b>' });
      const res = await requestReset(email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(REQUESTED);
      const mail = await latestEmail(container, email, 'password-reset');
      expect(mail?.subject).toBe('Restablece tu contraseña de RankMaps');
      expect(mail?.text).toMatch(/http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}/);
      expect(mail?.html).toContain('Luis &lt;b&gt;');
      const [user] = await db.select().from(users).where(eq(users.email, email));
      const [token] = await db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id)).orderBy(sql`${emailTokens.createdAt} desc`);
      expect(token?.purpose).toBe('reset');
      expect((token!.expiresAt.getTime() - token!.createdAt.getTime()) / 3_600_000).toBeCloseTo(1, 2);
    });

    it('when no account has the address, then the answer is identical and nothing is sent', async () => {
      const { email } = await createConfirmedUser(app, container);
      const known = await requestReset(email);
      const ghost = uniqueEmail('ghost');
      const unknown = await requestReset(ghost);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(await countEmails(container, ghost)).toBe(0);
    });

    it('when the e-mail is missing, then it answers 400 with the reset wording', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/request-password-reset/user', payload: { email: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Introduce tu email para restablecer la contraseña.');
    });
  });

  describe('GET /api/auth/validate-reset-token/user/:token', () => {
    it('when the link is live, then it answers {valid: true} without using it up', async () => {
      const { email } = await createConfirmedUser(app, container);
      const token = await resetLinkFor(email);
      for (let i = 0; i < 2; i++) {
        const res = await validate(token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ valid: true });
      }
    });

    it('when the token is unknown, then it answers 400', async () => {
      const res = await validate('C'.repeat(43));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(INVALID);
    });

    it('when the link has expired, then it answers 400', async () => {
      const { email } = await createConfirmedUser(app, container);
      const token = await resetLinkFor(email);
      await db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailTokens.purpose, 'reset'));
      expect((await validate(token)).statusCode).toBe(400);
      expect((await reset(token)).statusCode).toBe(400);
    });

    it('when a confirmation token is presented, then it is not a reset link', async () => {
      const email = uniqueEmail();
      await signUpRequest(app, { email });
      const mail = await latestEmail(container, email, 'confirm-email');
      expect((await validate(tokenFromLink(mail!.text, '/confirm-email/user/'))).statusCode).toBe(400);
    });
  });

  describe('POST /api/auth/reset-password/user/:token', () => {
    it('when the link is live, then the new password works, the old one does not, and the link is used up', async () => {
      const { email } = await createConfirmedUser(app, container);
      const token = await resetLinkFor(email);
      const res = await reset(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Contraseña actualizada correctamente.' });
      expect((await logIn(app, { email, password: PASSWORD })).statusCode).toBe(401);
      expect((await logIn(app, { email, password: NEW_PASSWORD })).statusCode).toBe(200);
      expect((await validate(token)).statusCode).toBe(400);
      const again = await reset(token, 'OtraMas7$');
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(INVALID);
    });

    it('when the password is reset, then every signed-in device is signed out', async () => {
      const { email, session: first } = await createConfirmedUser(app, container);
      const second = sessionOf(await logIn(app, { email, password: PASSWORD, remember: true }));
      await reset(await resetLinkFor(email));
      expect((await refresh(app, first)).statusCode).toBe(401);
      expect((await refresh(app, second)).statusCode).toBe(401);
    });

    it('when the account was unconfirmed, then the reset confirms it (the link proves the address)', async () => {
      const email = uniqueEmail();
      await signUpRequest(app, { email });
      await reset(await resetLinkFor(email));
      const [user] = await db.select().from(users).where(eq(users.email, email));
      expect(user?.mailConfirmed).toBe(true);
      expect((await logIn(app, { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('when two links were requested, then using one retires the other', async () => {
      const { email } = await createConfirmedUser(app, container);
      const older = await resetLinkFor(email);
      const newer = await resetLinkFor(email);
      expect((await reset(newer)).statusCode).toBe(200);
      expect((await reset(older, 'Distinta5%')).statusCode).toBe(400);
    });

    it('when the new password misses a rule, then it answers 400 and the link stays usable', async () => {
      const { email } = await createConfirmedUser(app, container);
      const token = await resetLinkFor(email);
      const res = await reset(token, 'corta');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('La contraseña no cumple todos los requisitos');
      expect((await validate(token)).statusCode).toBe(200);
    });

    it('when the token is unknown, then it answers 400 and changes nothing', async () => {
      const res = await reset('D'.repeat(43));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(INVALID);
    });

    it('when an account signed up with Google only resets, then it gains a working password', async () => {
      const email = uniqueEmail('google-only');
      await db.insert(users).values({ name: 'Sin Clave', email, googleSub: `sub-${email}`, mailConfirmed: true });
      await reset(await resetLinkFor(email));
      expect((await logIn(app, { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    });
  });
});
