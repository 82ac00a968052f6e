import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COOKIE_REFRESH, COOKIE_XSRF } from '@rankmaps/shared/constants';
import { createTestApp } from '../../../test/test-app';
import { emailCooldowns, emailTokens, users } from '../../db/schema';
import { cookieOf, createConfirmedUser, signUpRequest } from '../../../test/sessions';
import { countEmails, latestEmail, tokenFromLink } from '../../../test/emails';
import { uniqueEmail } from '../../../test/factories';

const INVALID = { error: 'Token inválido o expirado.' };

describe('e-mail confirmation', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;

  async function signedUpWithLink() {
    const email = uniqueEmail();
    await signUpRequest(app, { email });
    const mail = await latestEmail(container, email, 'confirm-email');
    return { email, token: tokenFromLink(mail!.text, '/confirm-email/user/') };
  }
  const confirm = (token: string, type = 'user') => app.inject({ method: 'GET', url: `/api/auth/confirm-email/${type}/${token}` });

  describe('GET /api/auth/confirm-email/:type/:token', () => {
    it('when the link is fresh, then it confirms the e-mail and signs in with a session (not remembered) cookie', async () => {
      const { email, token } = await signedUpWithLink();
      const res = await confirm(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Email confirmado correctamente.', accessToken: expect.any(String) });
      const [user] = await db.select().from(users).where(eq(users.email, email));
      expect(user?.mailConfirmed).toBe(true);
      const refresh = cookieOf(res, COOKIE_REFRESH);
      expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(refresh?.maxAge).toBeUndefined();
      expect(cookieOf(res, COOKIE_XSRF)?.httpOnly).toBeUndefined();

      const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${res.json().accessToken}` } });
      expect(profile.json()).toMatchObject({ email, mail_confirmed: true });
    });

    it('when the link was already used, then it answers 400', async () => {
      const { token } = await signedUpWithLink();
      expect((await confirm(token)).statusCode).toBe(200);
      const again = await confirm(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject(INVALID);
    });

    it('when the link has expired, then it answers 400 and the e-mail stays unconfirmed', async () => {
      const { email, token } = await signedUpWithLink();
      const [user] = await db.select().from(users).where(eq(users.email, email));
      await db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailTokens.userId, user!.id));
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(INVALID);
      const [after] = await db.select().from(users).where(eq(users.email, email));
      expect(after?.mailConfirmed).toBe(false);
    });

    it('when the token is unknown, then it answers 400', async () => {
      const res = await confirm('A'.repeat(43));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(INVALID);
    });

    it('when the type is not "user", then it answers 400 and the link stays usable', async () => {
      const { token } = await signedUpWithLink();
      const res = await confirm(token, 'admin');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
      expect((await confirm(token)).statusCode).toBe(200);
    });

    it('when a password-reset token is used as a confirmation link, then it answers 400', async () => {
      const { email } = await createConfirmedUser(app, container);
      await app.inject({ method: 'POST', url: '/api/auth/request-password-reset/user', payload: { email } });
      const mail = await latestEmail(container, email, 'password-reset');
      const res = await confirm(tokenFromLink(mail!.text, '/reset-password/'));
      expect(res.statusCode).toBe(400);
    });
  });

  describe('POST /api/auth/send-confirmation-email/user', () => {
    const resend = (email: string) => app.inject({ method: 'POST', url: '/api/auth/send-confirmation-email/user', payload: { email } });
    const SENT = { message: 'Enlace de verificación enviado correctamente' };
    const COOLDOWN = 'Espera un minuto antes de pedir otro enlace.';

    it('when the account is unconfirmed, then it sends a new working link', async () => {
      const { email } = await signedUpWithLink();
      const res = await resend(email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
      expect(await countEmails(container, email)).toBe(2);
      const mail = await latestEmail(container, email, 'confirm-email');
      expect((await confirm(tokenFromLink(mail!.text, '/confirm-email/user/'))).statusCode).toBe(200);
    });

    it('when no account has the address, then it answers the same and sends nothing', async () => {
      const email = uniqueEmail('nobody');
      const res = await resend(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
      expect(await countEmails(container, email)).toBe(0);
    });

    it('when the account is already confirmed, then it answers the same and sends nothing', async () => {
      const { email } = await createConfirmedUser(app, container);
      const before = await countEmails(container, email);
      const res = await resend(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
      expect(await countEmails(container, email)).toBe(before);
    });

    it('when asked again within a minute, then it answers 429 for existing and unknown addresses alike', async () => {
      const { email } = await signedUpWithLink();
      const unknown = uniqueEmail('nobody');
      expect((await resend(email)).statusCode).toBe(200);
      expect((await resend(unknown)).statusCode).toBe(200);
      const again = await resend(email);
      const againUnknown = await resend(unknown);
      expect(again.statusCode).toBe(429);
      expect(again.json().error).toBe(COOLDOWN);
      expect(againUnknown.statusCode).toBe(429);
      expect(againUnknown.json().error).toBe(COOLDOWN);
      expect(await countEmails(container, email)).toBe(2);
    });

    it('when concurrent requests race for one address, then only one link is sent', async () => {
      const { email } = await signedUpWithLink();
      const results = await Promise.all([resend(email), resend(email), resend(email)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
      expect(await countEmails(container, email)).toBe(2);
    });

    it('when the minute has passed, then a new link can be requested', async () => {
      const { email } = await signedUpWithLink();
      expect((await resend(email)).statusCode).toBe(200);
      await db.update(emailCooldowns).set({ until: sql`now() - interval '1 second'` });
      expect((await resend(email)).statusCode).toBe(200);
      expect(await countEmails(container, email)).toBe(3);
    });

    it('when the cooldown row is inspected, then it does not hold the address in clear', async () => {
      const email = uniqueEmail('privacy');
      await resend(email);
      const rows = await db.select().from(emailCooldowns);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => !r.keyHash.includes('@'))).toBe(true);
    });
  });
});
