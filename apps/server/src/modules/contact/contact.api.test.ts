import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX_LENGTH } from '@rankmaps/shared/constants';
import { altchaToken, fetchChallenge, solveAltcha, solvedToken } from '../../../test/altcha';
import { googleLikeAnswer, startFakeSiteverify } from '../../../test/fake-recaptcha';
import { createTestApp } from '../../../test/test-app';
import { contactMessages, emails } from '../../db/schema';
import { SEND_EMAIL_JOB } from '../../jobs/definitions/send-email';

const CAPTCHA_FAILED = 'La verificación de seguridad ha fallado. Recarga la página e inténtalo de nuevo.';
const SUPPORT = 'soporte@rankmaps.es';
const valid = { name: 'Lucía Fernández', email: 'Lucia@Ejemplo.es', message: 'Hola, ¿podéis ayudarme con mi cuenta?' };

describe('POST /api/general/contactform with ALTCHA', async () => {
  const { app, container } = await createTestApp({ SUPPORT_EMAIL: SUPPORT });
  const db = container.database.db;
  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/api/general/contactform', payload: payload as object });
  const storedCount = async () => (await db.select({ n: count() }).from(contactMessages))[0]!.n;
  const mailCount = async () => (await db.select({ n: count() }).from(emails))[0]!.n;

  it('when a solved ALTCHA challenge comes with a valid message, then it answers 200, stores it and queues the e-mail to support', async () => {
    const message = 'Tengo una duda <script>alert(1)</script> & otra más.\nSegunda línea.';
    const res = await post({ ...valid, message, recaptcha: await solvedToken(app) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Mensaje enviado' });

    const rows = await db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: valid.name, email: 'lucia@ejemplo.es', message });

    const [mail] = await db.select().from(emails).where(eq(emails.kind, 'contact'));
    expect(mail).toMatchObject({ to: SUPPORT, status: 'queued' });
    expect(mail!.subject).toBe('Nuevo mensaje de contacto de Lucía Fernández');
    expect(mail!.text).toContain(message);
    expect(mail!.text).toContain('Para responder, escribe a lucia@ejemplo.es');
    expect(mail!.html).toContain('Tengo una duda &lt;script&gt;alert(1)&lt;/script&gt; &amp; otra más.');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('mailto:lucia@ejemplo.es');

    const jobs = await container.boss.fetch(SEND_EMAIL_JOB, { batchSize: 10 });
    expect(jobs?.map((j) => j.data)).toContainEqual({ emailId: mail!.id });
  });

  it('when the same solution is sent again, then it answers 400 with the security message and stores nothing', async () => {
    const recaptcha = await solvedToken(app);
    expect((await post({ ...valid, recaptcha })).statusCode).toBe(200);
    const [messagesBefore, mailsBefore] = [await storedCount(), await mailCount()];
    const replay = await post({ ...valid, message: 'Otra vez', recaptcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: CAPTCHA_FAILED });
    expect(await storedCount()).toBe(messagesBefore);
    expect(await mailCount()).toBe(mailsBefore);
  });

  it('when the token is wrong, then it answers 400 with the security message and stores nothing', async () => {
    const before = await storedCount();
    const c = await fetchChallenge(app);
    const wrongNumber = altchaToken(c, solveAltcha(c) + 1);
    const forgedSignature = altchaToken(c, solveAltcha(c), { signature: 'a'.repeat(64) });
    for (const recaptcha of [wrongNumber, forgedSignature, 'token-inventado', Buffer.from('{}').toString('base64')]) {
      const res = await post({ ...valid, recaptcha });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: CAPTCHA_FAILED });
    }
    expect(await storedCount()).toBe(before);
  });

  it('when the token is absent or empty, then it answers 400 in Spanish and stores nothing', async () => {
    const before = await storedCount();
    for (const recaptcha of [undefined, '']) {
      const res = await post({ ...valid, recaptcha });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'reCAPTCHA no está disponible en este momento' });
    }
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['the name is missing', { name: undefined }, 'El nombre es obligatorio'],
    ['the name is only spaces', { name: '   ' }, 'El nombre es obligatorio'],
    ['the e-mail is missing', { email: undefined }, 'El email es obligatorio'],
    ['the e-mail is not an address', { email: 'no-es-un-email' }, 'Introduce un email válido'],
    ['the message is missing', { message: undefined }, 'El mensaje es obligatorio'],
    ['the message is a number', { message: 42 }, 'El mensaje es obligatorio'],
    ['the name is an object', { name: { first: 'Ana' } }, 'El nombre es obligatorio'],
    ['the message is too long', { message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) }, 'El texto es demasiado largo'],
  ])('when %s, then it answers 400 with a Spanish message and stores nothing', async (_case, change, error) => {
    const before = await storedCount();
    const res = await post({ ...valid, ...change, recaptcha: 'no-se-llega-a-verificar' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error });
    expect(await storedCount()).toBe(before);
  });

  it('when the body is not JSON, then it answers 400 in Spanish', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/general/contactform', headers: { 'content-type': 'application/json' }, payload: '{name:' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'El cuerpo de la petición no es un JSON válido.' });
  });

  it('when the input is invalid, then the solved challenge is not spent and can send the corrected message', async () => {
    const recaptcha = await solvedToken(app);
    expect((await post({ ...valid, email: 'mal', recaptcha })).statusCode).toBe(400);
    expect((await post({ ...valid, recaptcha })).statusCode).toBe(200);
  });

  it('when the message is exactly the maximum length, then it is accepted', async () => {
    const res = await post({ ...valid, message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH), recaptcha: await solvedToken(app) });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/general/contactform rate limit', async () => {
  const { app } = await createTestApp({ RATE_LIMIT_AUTH_MAX: '2' });

  it('when one IP sends more than the limit in 15 minutes, then it answers 429 in Spanish', async () => {
    const send = () => app.inject({ method: 'POST', url: '/api/general/contactform', payload: { ...valid, recaptcha: 'x' } });
    expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(400);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'Demasiadas peticiones. Inténtalo de nuevo en unos minutos.' });
    const other = await app.inject({ method: 'POST', url: '/api/general/contactform', remoteAddress: '198.51.100.9', payload: { ...valid, recaptcha: 'x' } });
    expect(other.statusCode).toBe(400);
  });
});

describe('POST /api/general/contactform with reCAPTCHA', async () => {
  const fake = await startFakeSiteverify(googleLikeAnswer);
  const { app, container } = await createTestApp({ RECAPTCHA_SITE_KEY: 'clave-publica', RECAPTCHA_SECRET: 'clave-secreta', RECAPTCHA_VERIFY_URL: fake.url });
  const db = container.database.db;

  it('when Google accepts the token, then the message is stored and siteverify got secret, token and the client IP', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/general/contactform', remoteAddress: '203.0.113.5', payload: { ...valid, recaptcha: 'token-ok' } });
    expect(res.statusCode).toBe(200);
    expect(fake.requests.at(-1)?.form).toEqual({ secret: 'clave-secreta', response: 'token-ok', remoteip: '203.0.113.5' });
    expect(await db.select().from(contactMessages)).toHaveLength(1);
  });

  it('when Google refuses the token, then it answers 400 with the security message and stores nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/general/contactform', payload: { ...valid, recaptcha: 'token-falso' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: CAPTCHA_FAILED });
    expect(await db.select().from(contactMessages)).toHaveLength(1);
  });
});
