import { desc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { solvedToken } from '../../test/altcha';
import { multipartBody } from '../../test/multipart';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { createTestApp } from '../../test/test-app';
import { emails } from '../db/schema';
import { createConfirmedUser } from '../../test/sessions';
import { rankmapFixtures } from '../../test/rankmap-fixtures';
import { uniqueEmail } from '../../test/factories';
import { grantOperator } from '../modules/operator/operator.service';

// Stored XSS on the server's side. Every text a user types is stored and given back as it
// was typed, in JSON that no browser renders as a page; escaping is the renderer's job: the
// SPA (e2e/security.spec.ts) and the e-mail templates, which are checked here by sweeping
// every e-mail the flows below queue.

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '"><script>window.__xss=1</script>';
const payload = (label: string) => `${label} ${IMG} ${SCRIPT}`;
/** Each payload as the HTML of an e-mail must show it: every markup character escaped. */
const ESCAPED = ['&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;', '&quot;&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;'];
/** What would make a payload live in HTML: a tag opened by user text, an event handler attribute. */
const LIVE_MARKUP = [/<img\b/i, /<script\b/i, /\son[a-z]+\s*=\s*"window/i, /"><script/i];

function expectJsonVerbatim(res: LightMyRequestResponse, text: string) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.body).toContain(JSON.stringify(text).slice(1, -1));
}

describe('stored XSS: user text in API answers and e-mails', async () => {
  // The shared geo folder keeps the sea index between runs (creating a place needs it).
  const { app, container } = await createTestApp({ SUPPORT_EMAIL: 'soporte@rankmaps.es', DATA_DIR: GEO_TEST_DATA_DIR });
  const { signedIn, createPlace } = rankmapFixtures(app, container);

  // Many flows in one test (a sign-up, two subscriptions, a place, a ticket thread, a video call): more than the default 20 s on a busy machine.
  it('when every user-typed text holds markup, then the API gives each back verbatim as JSON, and no e-mail carries it as live HTML', { timeout: 60_000 }, async () => {
    // Sign-up (the confirmation e-mail greets the name) and a password reset (greets it too).
    const { email, accessToken } = await createConfirmedUser(app, container, { name: payload('Nombre') });
    const headers = { authorization: `Bearer ${accessToken}` };
    await app.inject({ method: 'POST', url: '/api/auth/request-password-reset/user', payload: { email } });

    // Profile name (its options are closed lists: age and gender).
    const form = multipartBody([{ name: 'name', value: payload('Perfil') }]);
    const profile = await app.inject({ method: 'PUT', url: '/api/user', headers: { ...headers, ...form.headers }, payload: form.payload });
    expect(profile.statusCode, profile.body).toBe(200);
    expectJsonVerbatim(profile, payload('Perfil'));

    // Billing data: every free-text field.
    const billingData = {
      type: 'business',
      fiscalName: payload('Razón'),
      taxId: 'B29123456',
      address: payload('Calle'),
      postalCode: '29005',
      city: payload('Ciudad'),
      province: payload('Provincia'),
      country: payload('País'),
    };
    const billing = await app.inject({ method: 'PUT', url: '/api/user/billing', headers, payload: { billingData } });
    expect(billing.statusCode, billing.body).toBe(200);
    for (const field of ['Razón', 'Calle', 'Ciudad', 'Provincia', 'País']) expectJsonVerbatim(billing, payload(field));

    // Support ticket (an e-mail to support and a receipt to the user).
    const ticket = {
      category: 'tecnico',
      priority: 'alta',
      subject: payload('Asunto').slice(0, 150),
      message: `${payload('Mensaje')}\n${IMG}`,
    };
    const sent = await app.inject({
      method: 'POST',
      url: '/api/general/support',
      headers,
      payload: { ...ticket, recaptcha: await solvedToken(app) },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    // The ticket's thread: the customer's reply and an operator's answer (e-mailed to the customer).
    const { reference } = sent.json<{ reference: string }>();
    const reply = await app.inject({ method: 'POST', url: `/api/general/support/tickets/${reference}/messages`, headers, payload: { body: payload('Réplica') } });
    expect(reply.statusCode, reply.body).toBe(200);
    expectJsonVerbatim(reply, payload('Réplica'));
    const operator = await createConfirmedUser(app, container, { name: payload('Operadora') });
    expect((await grantOperator(container.database, operator.email)).ok).toBe(true);
    const operatorHeaders = { authorization: `Bearer ${operator.accessToken}` };
    const answer = await app.inject({ method: 'POST', url: `/api/operator/tickets/${reference}/messages`, headers: operatorHeaders, payload: { body: payload('Respuesta') } });
    expect(answer.statusCode, answer.body).toBe(200);
    for (const text of [payload('Respuesta'), payload('Réplica'), ticket.subject]) expectJsonVerbatim(answer, text);
    const inbox = await app.inject({ method: 'GET', url: '/api/operator/tickets', headers: operatorHeaders });
    expectJsonVerbatim(inbox, ticket.subject);

    // Contact form (an e-mail to support).
    const contact = {
      name: payload('Contacto'),
      email: uniqueEmail('contacto'),
      message: payload('Consulta'),
      recaptcha: await solvedToken(app),
    };
    expect((await app.inject({ method: 'POST', url: '/api/general/contactform', payload: contact })).statusCode).toBe(200);

    // Keyword and followed competitor of a paying user's place.
    const paying = await signedIn('basico');
    const placeId = await createPlace(paying.headers);
    const keyword = await app.inject({
      method: 'POST',
      url: '/api/keyword',
      headers: paying.headers,
      payload: { name: `kw ${IMG}`.slice(0, 100), placeId },
    });
    expect(keyword.statusCode, keyword.body).toBe(201);
    expectJsonVerbatim(keyword, `kw ${IMG}`);
    const competitor = await app.inject({
      method: 'POST',
      url: `/api/place/${placeId}/competitors`,
      headers: paying.headers,
      payload: { placeId: 'demo-malaga-dentista-2', name: payload('Rival') },
    });
    expect(competitor.statusCode, competitor.body).toBe(201);
    expectJsonVerbatim(competitor, payload('Rival'));
    expectJsonVerbatim(
      await app.inject({ method: 'GET', url: `/api/place/${placeId}?withKeywords=true`, headers: paying.headers }),
      `kw ${IMG}`,
    );

    // A video call's topic (docs/support.md «Videollamada»): back verbatim to the user and in the
    // operator's list, escaped in both invitations (the user's and the support team's).
    const caller = await signedIn('premium');
    const slots = (await app.inject({ method: 'GET', url: '/api/general/support/video/slots', headers: caller.headers })).json<{ slots: { start: string }[] }>().slots;
    const call = await app.inject({ method: 'POST', url: '/api/general/support/video/bookings', headers: caller.headers, payload: { start: slots.at(-1)!.start, topic: payload('Tema') } });
    expect(call.statusCode, call.body).toBe(201);
    expectJsonVerbatim(call, payload('Tema'));
    expectJsonVerbatim(await app.inject({ method: 'GET', url: '/api/general/support/video/bookings', headers: caller.headers }), payload('Tema'));
    expectJsonVerbatim(await app.inject({ method: 'GET', url: '/api/operator/video-bookings', headers: operatorHeaders }), payload('Tema'));

    // The sweep: every e-mail those flows queued.
    const queued = await container.database.db.select().from(emails).orderBy(desc(emails.createdAt));
    const withUserText = ['confirm-email', 'contact', 'password-reset', 'support-answer', 'support-confirmation', 'support-ticket', 'video-booked'];
    expect(queued.map((m) => m.kind)).toEqual(expect.arrayContaining(withUserText));
    for (const mail of queued) {
      for (const live of LIVE_MARKUP) expect(mail.html, `${mail.kind}: ${live}`).not.toMatch(live);
      // A subject is one header line: user text cannot add headers (Bcc:...) to the message.
      expect(mail.subject, mail.kind).not.toMatch(/[\r\n]/);
      if (!withUserText.includes(mail.kind)) continue;
      // The user's text is there, shown as text: escaped in the HTML, as typed in the plain part.
      for (const escaped of ESCAPED) expect(mail.html, `${mail.kind} shows the text escaped`).toContain(escaped);
      expect(mail.text, mail.kind).toContain(IMG);
    }
  });

  it('when a support subject tries to inject a mail header, then the e-mail subjects stay on one line', async () => {
    const { accessToken } = await createConfirmedUser(app, container);
    const headers = { authorization: `Bearer ${accessToken}` };
    const subject = 'Factura\r\nBcc: victima@example.com\r\nX-Inyectada: si';
    const res = await app.inject({
      method: 'POST',
      url: '/api/general/support',
      headers,
      payload: { category: 'otro', priority: 'baja', subject, message: 'Hola', recaptcha: await solvedToken(app) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const queued = await container.database.db.select().from(emails).orderBy(desc(emails.createdAt)).limit(2);
    expect(queued.map((m) => m.kind).sort()).toEqual(['support-confirmation', 'support-ticket']);
    for (const mail of queued) {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.to).not.toContain('victima');
    }
  });
});

describe('stored XSS: the live chat', async () => {
  // Always open, so the messages go to the chat; the operator is online through an open stream.
  const { app, container } = await createTestApp({ SUPPORT_EMAIL: 'soporte@rankmaps.es', CHAT_OPEN_DAYS: '1-7', CHAT_OPEN_HOURS: '00:00-24:00' });
  const { signedIn } = rankmapFixtures(app, container);

  it('when chat messages hold markup, then customer and operator get them back verbatim as JSON, and a message turned into a ticket is escaped in its e-mails', async () => {
    const customer = await signedIn('premium');
    const operator = await createConfirmedUser(app, container, { name: payload('Operadora') });
    expect((await grantOperator(container.database, operator.email)).ok).toBe(true);
    const operatorHeaders = { authorization: `Bearer ${operator.accessToken}` };

    // No operator online: the message becomes a ticket, and its e-mails show the text escaped.
    const asTicket = await app.inject({ method: 'POST', url: '/api/chat/messages', headers: customer.headers, payload: { body: payload('Ticket') } });
    expect(asTicket.json()).toMatchObject({ delivered: 'ticket' });
    const mails = await container.database.db.select().from(emails).orderBy(desc(emails.createdAt)).limit(2);
    expect(mails.map((m) => m.kind).sort()).toEqual(['support-confirmation', 'support-ticket']);
    for (const mail of mails) {
      for (const live of LIVE_MARKUP) expect(mail.html, `${mail.kind}: ${live}`).not.toMatch(live);
    }
    const inboxMail = mails.find((m) => m.kind === 'support-ticket')!;
    for (const escaped of ESCAPED) expect(inboxMail.html).toContain(escaped);

    // The operator's answer in the chat (operators write whether or not anyone is online), read by both sides.
    const conversation = (await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json<{ conversationId: string }>().conversationId;
    const sent = await app.inject({ method: 'POST', url: `/api/operator/chat/conversations/${conversation}/messages`, headers: operatorHeaders, payload: { body: payload('Operador') } });
    expect(sent.statusCode, sent.body).toBe(200);
    expectJsonVerbatim(sent, payload('Operador'));
    expectJsonVerbatim(await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers }), payload('Operador'));
    expectJsonVerbatim(await app.inject({ method: 'GET', url: `/api/operator/chat/conversations/${conversation}`, headers: operatorHeaders }), payload('Operador'));
    expectJsonVerbatim(await app.inject({ method: 'GET', url: '/api/operator/chat/conversations', headers: operatorHeaders }), payload('Operador'));
    expectJsonVerbatim(await app.inject({ method: 'GET', url: '/api/chat/stream?after=0', headers: customer.headers }), payload('Operador'));
  });
});
