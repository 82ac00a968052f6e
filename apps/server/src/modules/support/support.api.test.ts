import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '@rankmaps/shared/schemas/support';
import { solvedToken } from '../../../test/altcha';
import { buildUser } from '../../../test/factories';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { emails } from '../../db/schema';
import { supportTickets } from '../../db/support-schema';
import { SEND_EMAIL_JOB } from '../../jobs/definitions/send-email';

const CAPTCHA_FAILED = 'La verificación de seguridad ha fallado. Recarga la página e inténtalo de nuevo.';
const SUPPORT = 'soporte@rankmaps.es';
const URL = '/api/general/support';
const valid = { category: 'facturacion', priority: 'alta', subject: '  No me llega la factura  ', message: 'Hola, no encuentro la factura <b>de marzo</b> & la necesito.' };

describe('POST /api/general/support', async () => {
  const { app, container } = await createTestApp({ SUPPORT_EMAIL: SUPPORT });
  const db = container.database.db;
  const { injectAs, signedIn } = sessions(app, container);
  const { user, headers } = await signedIn(undefined, { name: 'Lucía Fernández', email: 'lucia@ejemplo.es' });
  const post = (payload: unknown, h: Record<string, string> = headers) => app.inject({ method: 'POST', url: URL, headers: h, payload: payload as object });
  const ticketCount = async () => (await db.select({ n: count() }).from(supportTickets))[0]!.n;
  const mailCount = async () => (await db.select({ n: count() }).from(emails))[0]!.n;

  it('when a signed-in user sends a valid ticket, then it answers 200, stores it and queues the support and confirmation e-mails', async () => {
    const res = await post({ ...valid, recaptcha: await solvedToken(app) });
    expect(res.statusCode).toBe(200);
    const [ticket] = await db.select().from(supportTickets);
    // The spec's message, and the reference the confirmation on screen shows.
    expect(res.json()).toEqual({ message: 'Ticket creado', reference: ticket!.reference });
    expect(ticket).toMatchObject({ userId: user.id, userEmail: 'lucia@ejemplo.es', userName: 'Lucía Fernández', category: 'facturacion', priority: 'alta', subject: 'No me llega la factura', message: valid.message });
    expect(ticket!.reference).toMatch(/^TK-[0-9A-F]{8}$/);
    expect(ticket!.reference).toBe(`TK-${ticket!.id.slice(0, 8).toUpperCase()}`);

    const [inbox] = await db.select().from(emails).where(eq(emails.kind, 'support-ticket'));
    expect(inbox).toMatchObject({ to: SUPPORT, status: 'queued', subject: `[${ticket!.reference}] [Alta] No me llega la factura` });
    for (const part of ['Lucía Fernández', 'lucia@ejemplo.es', user.id, 'Plan: Free', 'Categoría: Facturación y pagos', 'Prioridad: Alta', valid.message]) expect(inbox!.text).toContain(part);
    expect(inbox!.html).toContain('&lt;b&gt;de marzo&lt;/b&gt; &amp; la necesito.');
    expect(inbox!.html).not.toContain('<b>de marzo');
    // The reply link: the user's address, with the reference already in the subject.
    const replyLink = `mailto:lucia@ejemplo.es?subject=${encodeURIComponent(`Re: [${ticket!.reference}] No me llega la factura`)}`;
    expect(inbox!.html).toContain(`<a href="${replyLink}"`);
    expect(inbox!.text).toContain(replyLink);

    const [receipt] = await db.select().from(emails).where(eq(emails.kind, 'support-confirmation'));
    expect(receipt).toMatchObject({ to: 'lucia@ejemplo.es', subject: `Hemos recibido tu ticket ${ticket!.reference}` });
    expect(receipt!.text).toContain(`Su referencia es ${ticket!.reference}`);
    expect(receipt!.text).toContain('Asunto: No me llega la factura');
    expect(receipt!.text).toContain('24 horas, de lunes a viernes de 9:00 a 18:00');

    const jobs = await container.boss.fetch(SEND_EMAIL_JOB, { batchSize: 10 });
    expect(jobs?.map((j) => j.data)).toEqual(expect.arrayContaining([{ emailId: inbox!.id }, { emailId: receipt!.id }]));
  });

  it('when the body names another user, then the ticket and the confirmation still go to the session user', async () => {
    const res = await post({ ...valid, subject: 'Suplantación', recaptcha: await solvedToken(app), userId: '00000000-0000-4000-8000-000000000000', userEmail: 'victima@example.com', userName: 'Otra Persona' });
    expect(res.statusCode).toBe(200);
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.subject, 'Suplantación'));
    expect(ticket).toMatchObject({ userId: user.id, userEmail: 'lucia@ejemplo.es', userName: 'Lucía Fernández' });
    expect(await db.select().from(emails).where(eq(emails.to, 'victima@example.com'))).toEqual([]);
    const [inbox] = await db.select().from(emails).where(eq(emails.subject, `[${ticket!.reference}] [Alta] Suplantación`));
    expect(inbox!.text).not.toContain('victima@example.com');
    expect(inbox!.text).not.toContain('Otra Persona');
  });

  it('when nobody is signed in or the token is bad, then it answers 401 and stores nothing', async () => {
    const before = await ticketCount();
    for (const h of [{}, { authorization: 'Bearer inventado' }] as Record<string, string>[]) {
      const res = await post({ ...valid, recaptcha: 'x' }, h);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBeTruthy();
    }
    expect(await ticketCount()).toBe(before);
  });

  it.each([
    ['the category is missing', { category: undefined }, 'Elige una categoría'],
    ['the category is unknown', { category: 'ventas' }, 'Elige una categoría'],
    ['the priority is missing', { priority: undefined }, 'Elige una prioridad'],
    ['the priority is unknown', { priority: 'critica' }, 'Elige una prioridad'],
    ['the subject is missing', { subject: undefined }, 'El asunto es obligatorio'],
    ['the subject is only spaces', { subject: '   ' }, 'El asunto es obligatorio'],
    ['the subject is too long', { subject: 'x'.repeat(SUPPORT_SUBJECT_MAX_LENGTH + 1) }, 'El asunto no puede tener más de 150 caracteres'],
    ['the message is missing', { message: undefined }, 'El mensaje es obligatorio'],
    ['the message is a number', { message: 42 }, 'El mensaje es obligatorio'],
    ['the message is too long', { message: 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) }, 'El mensaje no puede tener más de 5000 caracteres'],
    ['the captcha token is missing', { recaptcha: undefined }, 'reCAPTCHA no está disponible en este momento'],
  ])('when %s, then it answers 400 with a Spanish message and stores nothing', async (_case, change, error) => {
    const [tickets, mails] = [await ticketCount(), await mailCount()];
    const res = await post({ ...valid, recaptcha: 'no-se-llega-a-verificar', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error });
    expect(await ticketCount()).toBe(tickets);
    expect(await mailCount()).toBe(mails);
  });

  it('when subject and message are exactly at their maximum, then the ticket is accepted', async () => {
    const res = await post({ ...valid, subject: 's'.repeat(SUPPORT_SUBJECT_MAX_LENGTH), message: 'm'.repeat(SUPPORT_MESSAGE_MAX_LENGTH), recaptcha: await solvedToken(app) });
    expect(res.statusCode).toBe(200);
  });

  it('when the captcha is wrong or reused, then it answers 400 with the security message and nothing is stored or sent', async () => {
    const recaptcha = await solvedToken(app);
    expect((await post({ ...valid, recaptcha })).statusCode).toBe(200);
    const [tickets, mails] = [await ticketCount(), await mailCount()];
    for (const token of [recaptcha, 'token-inventado']) {
      const res = await post({ ...valid, recaptcha: token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: CAPTCHA_FAILED });
    }
    expect(await ticketCount()).toBe(tickets);
    expect(await mailCount()).toBe(mails);
  });

  it('when the body is malformed JSON, empty or not an object, then it answers 400 in Spanish, never 500', async () => {
    const raw = (payload: string) => app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload });
    const broken = await raw('{category:');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'El cuerpo de la petición no es un JSON válido.' });
    for (const payload of ['', '[]', '"hola"', 'null']) {
      const res = await raw(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('when the account has not confirmed its e-mail, then it answers 403 and sends nothing', async () => {
    const unconfirmed = await buildUser(container, { mailConfirmed: false });
    const { headers: h } = await injectAs(unconfirmed);
    const mails = await mailCount();
    const res = await post({ ...valid, recaptcha: await solvedToken(app) }, h);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'email_not_confirmed' });
    expect(await mailCount()).toBe(mails);
  });
});

describe('GET /api/general/support/tickets', async () => {
  const { app, container } = await createTestApp();
  const { signedIn } = sessions(app, container);
  const list = (h: Record<string, string>) => app.inject({ method: 'GET', url: `${URL}/tickets`, headers: h });
  const send = async (h: Record<string, string>, subject: string, category = 'tecnico') => {
    const res = await app.inject({ method: 'POST', url: URL, headers: h, payload: { ...valid, category, subject, recaptcha: await solvedToken(app) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ reference: string }>().reference;
  };

  it('when a user has sent tickets, then it lists only theirs, newest first, with reference, subject, date and state (open until answered)', async () => {
    const ana = await signedIn();
    const otro = await signedIn();
    expect((await list(ana.headers)).json()).toEqual([]);
    const first = await send(ana.headers, 'No carga el mapa');
    const second = await send(ana.headers, '  Factura de marzo  ', 'facturacion');
    await send(otro.headers, 'Ticket de otra persona');

    const res = await list(ana.headers);
    expect(res.statusCode).toBe(200);
    const tickets = res.json<{ reference: string; subject: string; category: string; priority: string; createdAt: string; state: string }[]>();
    expect(tickets.map((t) => [t.reference, t.subject, t.category, t.priority, t.state])).toEqual([
      [second, 'Factura de marzo', 'facturacion', 'alta', 'abierto'],
      [first, 'No carga el mapa', 'tecnico', 'alta', 'abierto'],
    ]);
    for (const t of tickets) expect(Date.now() - Date.parse(t.createdAt)).toBeLessThan(60_000);
    expect(tickets.some((t) => t.subject === 'Ticket de otra persona')).toBe(false);
  });

  it('when nobody is signed in or the token is bad, then it answers 401 in Spanish', async () => {
    for (const h of [{}, { authorization: 'Bearer inventado' }] as Record<string, string>[]) {
      const res = await list(h);
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().error).toBe('string');
    }
  });
});

describe('POST /api/general/support rate limit', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_AUTH_MAX: '2' });
  const { headers } = await sessions(app, container).signedIn();

  it('when one IP sends more than the limit in 15 minutes, then it answers 429 in Spanish', async () => {
    const send = () => app.inject({ method: 'POST', url: URL, headers, payload: { ...valid, recaptcha: 'x' } });
    expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(400);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'Demasiadas peticiones. Inténtalo de nuevo en unos minutos.' });
  });
});
