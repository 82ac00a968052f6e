import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '@rankmaps/shared/schemas/support';
import { solvedToken } from '../../../test/altcha';
import { buildUser, uniqueEmail } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { sessions, signUpRequest } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { emails } from '../../db/schema';
import { operatorAuditLog, operators, supportTicketMessages, supportTickets } from '../../db/support-schema';
import { seedDemoData } from '../../seed';
import { SEND_EMAIL_JOB } from '../../jobs/definitions/send-email';
import { CUSTOMER_LOOK, grantOperator, revokeOperator } from './operator.service';

type Headers = Record<string, string>;
const XSS = '<script>alert("xss")</script><img src=x onerror=alert(1)>';

describe('the operator role and the operator inbox', async () => {
  const { app, container, databaseUrl } = await createTestApp({ DEMO_USER: 'true' });
  const db = container.database.db;
  const { signedIn } = sessions(app, container);

  const customer = await signedIn('premium', { name: 'Lucía Cliente', email: uniqueEmail('cliente') });
  const other = await signedIn('basico');
  const operatorUser = await signedIn(undefined, { name: 'Olga Operadora', email: uniqueEmail('operadora') });

  const send = async (h: Headers, subject: string, message = 'No carga el mapa.') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/general/support',
      headers: h,
      payload: { category: 'tecnico', priority: 'media', subject, message, recaptcha: await solvedToken(app) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ reference: string }>().reference;
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, h: Headers, payload?: object) =>
    app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
  const isOperator = async (userId: string) =>
    (await db.select({ n: count() }).from(operators).where(eq(operators.userId, userId)))[0]!.n === 1;
  const tableCounts = async () => ({
    messages: (await db.select({ n: count() }).from(supportTicketMessages))[0]!.n,
    mails: (await db.select({ n: count() }).from(emails))[0]!.n,
    audit: (await db.select({ n: count() }).from(operatorAuditLog))[0]!.n,
  });

  it('when the app starts with the demo seed, then nobody is an operator', async () => {
    await seedDemoData(container);
    expect((await db.select({ n: count() }).from(operators))[0]!.n).toBe(0);
  });

  it('when the command grants and removes the role, then the table follows it, twice is harmless and an unknown e-mail is refused', async () => {
    const add = await grantOperator(container.database, `  ${operatorUser.user.email.toUpperCase()} `);
    expect(add).toEqual({ ok: true, message: `${operatorUser.user.email} ya es operador de soporte.` });
    expect(await isOperator(operatorUser.user.id)).toBe(true);
    expect((await grantOperator(container.database, operatorUser.user.email)).message).toContain('ya era operador');

    const unknown = await grantOperator(container.database, 'nadie@example.com');
    expect(unknown).toMatchObject({ ok: false, message: expect.stringContaining('No hay ninguna cuenta con el email nadie@example.com') });

    const spare = await buildUser(container);
    await grantOperator(container.database, spare.email);
    expect(await isOperator(spare.id)).toBe(true);
    expect(await revokeOperator(container.database, spare.email)).toEqual({
      ok: true,
      message: `${spare.email} ya no es operador de soporte.`,
    });
    expect(await isOperator(spare.id)).toBe(false);
    expect((await revokeOperator(container.database, spare.email)).message).toContain('no era operador');
  });

  it('when the command is run without an action or an e-mail, then it prints the usage and exits 2 without opening the database', () => {
    for (const args of [[], ['add'], ['grant', 'a@b.es'], ['add', 'sin-arroba']]) {
      const res = spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../../operator-cli.ts', import.meta.url)), ...args],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(res.status, args.join(' ')).toBe(2);
      expect(res.stderr).toContain('npm run operator:add -- email@ejemplo.es');
    }
    // Four processes that each compile the command through tsx: on a loaded CI machine one
    // start can take over 5 s, so the default 20 s is too short for the four.
  }, 240_000);

  it('when the command itself runs against a database, then it grants and removes the role there, and refuses an e-mail without an account with exit 1', () => {
    const cli = fileURLToPath(new URL('../../operator-cli.ts', import.meta.url));
    const run = (env: Record<string, string>, ...args: string[]) => {
      const { DATABASE_URL: _ignored, ...inherited } = process.env;
      return spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...inherited, LOG_LEVEL: 'warn', ...env },
      });
    };
    // A fresh embedded database: the command migrates it like the server, then finds no account.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rankmaps-operator-cli-'));
    try {
      const unknown = run({ DATA_DIR: dataDir }, 'add', 'nadie@example.com');
      expect(unknown.status, unknown.stderr).toBe(1);
      expect(unknown.stderr).toContain('No hay ninguna cuenta con el email nadie@example.com');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // On PostgreSQL, the test's own database, which the command can open beside the app.
    if (databaseUrl) {
      const email = operatorUser.user.email;
      const removed = run({ DATABASE_URL: databaseUrl }, 'remove', email);
      expect(removed.status, removed.stderr).toBe(0);
      expect(removed.stdout).toContain(`${email} ya no es operador de soporte.`);
      const added = run({ DATABASE_URL: databaseUrl }, 'add', email);
      expect(added.status, added.stderr).toBe(0);
      expect(added.stdout).toContain(`${email} ya es operador de soporte.`);
    }
  }, 240_000);

  it('when a user sends role fields in the profile update, the sign-up or the development parameters, then they are ignored and nobody becomes an operator', async () => {
    const form = multipartBody([
      { name: 'name', value: 'Lucía Cliente' },
      { name: 'role', value: 'operator' },
      { name: 'isOperator', value: 'true' },
    ]);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...customer.headers, ...form.headers },
      payload: form.payload,
    });
    expect(put.statusCode, put.body).toBeLessThan(500);
    const dev = await call('PUT', '/api/user/dev-params', customer.headers, {
      role: 'operator',
      operator: true,
      planLimits: { type: 'pro', places: -1, keywords: 10, credits: 500 },
      subscriptionCredits: 1,
      extraCredits: 0,
    });
    expect(dev.statusCode, dev.body).toBeLessThan(500);
    const email = uniqueEmail('rol');
    expect((await signUpRequest(app, { email, role: 'operator', isOperator: true })).statusCode).toBe(201);
    const signedUp = await db.query.users.findFirst({ where: (u, { eq: same }) => same(u.email, email) });

    expect(await isOperator(customer.user.id)).toBe(false);
    expect(await isOperator(signedUp!.id)).toBe(false);
    expect((await call('GET', '/api/operator/tickets', customer.headers)).statusCode).toBe(404);
  });

  it('when anyone but an operator calls /api/operator/*, then anonymous gets 401 and a signed-in user 404, and nothing changes', async () => {
    const reference = await send(customer.headers, 'Pregunta privada');
    const routes: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', '/api/operator/tickets'],
      ['GET', `/api/operator/tickets/${reference}`],
      ['POST', `/api/operator/tickets/${reference}/messages`, { body: 'Respuesta falsa' }],
      ['PUT', `/api/operator/tickets/${reference}/state`, { state: 'cerrado' }],
      ['GET', `/api/operator/tickets/${reference}/customer`],
    ];
    const before = await tableCounts();
    for (const [method, url, body] of routes) {
      for (const h of [{}, { authorization: 'Bearer inventado' }] as Headers[]) {
        const res = await call(method, url, h, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
      // The customer, another user, and a user with no plan: the area does not exist for them.
      for (const h of [customer.headers, other.headers]) {
        const res = await call(method, url, h, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ error: 'Recurso no encontrado.' });
        expect(res.body).not.toContain('Pregunta privada');
      }
    }
    expect(await tableCounts()).toEqual(before);
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.reference, reference));
    expect(ticket!.state).toBe('abierto');
  });

  it('when the customer writes and the operator answers, then the thread is ordered, the states move, the answer is e-mailed and the customer reads it in /support', async () => {
    const reference = await send(customer.headers, 'No veo mis análisis', 'Desde ayer no veo nada.');
    const ownList = (await call('GET', '/api/general/support/tickets', customer.headers)).json<{ reference: string; state: string }[]>();
    expect(ownList[0]).toMatchObject({ reference, state: 'abierto' });

    // The inbox lists it first (newest activity), filterable by state.
    const inbox = await call('GET', '/api/operator/tickets', operatorUser.headers);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json()[0]).toMatchObject({
      reference,
      subject: 'No veo mis análisis',
      state: 'abierto',
      customerName: 'Lucía Cliente',
      customerEmail: customer.user.email,
    });
    const waiting = (await call('GET', '/api/operator/tickets?state=esperando', operatorUser.headers)).json<{ reference: string }[]>();
    expect(waiting.map((t) => t.reference)).not.toContain(reference);

    const answer = await call('POST', `/api/operator/tickets/${reference.toLowerCase()}/messages`, operatorUser.headers, {
      body: '  Hola Lucía, ya está arreglado.  ',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ reference, state: 'esperando' });

    const mail = await db
      .select()
      .from(emails)
      .where(and(eq(emails.kind, 'support-answer'), eq(emails.to, customer.user.email)));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: `Re: [${reference}] No veo mis análisis`, status: 'queued' });
    expect(mail[0]!.text).toContain('Hola Lucía, ya está arreglado.');
    expect(mail[0]!.text).toContain('/support');
    const jobs = await container.boss.fetch(SEND_EMAIL_JOB, { batchSize: 50 });
    expect(jobs?.map((j) => j.data)).toEqual(expect.arrayContaining([{ emailId: mail[0]!.id }]));

    const nowWaiting = (await call('GET', '/api/operator/tickets?state=esperando', operatorUser.headers)).json<{ reference: string }[]>();
    expect(nowWaiting.map((t) => t.reference)).toContain(reference);

    // The customer reads the answer in /support and replies: the ticket reopens.
    const thread = await call('GET', `/api/general/support/tickets/${reference}`, customer.headers);
    expect(thread.statusCode).toBe(200);
    expect(thread.json()).toMatchObject({ reference, state: 'esperando' });
    expect(thread.json().messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['cliente', 'Desde ayer no veo nada.'],
      ['operador', 'Hola Lucía, ya está arreglado.'],
    ]);
    const reply = await call('POST', `/api/general/support/tickets/${reference}/messages`, customer.headers, { body: 'Sigue sin verse.' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().state).toBe('abierto');
    expect(reply.json().messages.map((m: { author: string }) => m.author)).toEqual(['cliente', 'operador', 'cliente']);
    const times = reply.json().messages.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The operator closes it; the customer's list says so.
    const closed = await call('PUT', `/api/operator/tickets/${reference}/state`, operatorUser.headers, { state: 'cerrado' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().state).toBe('cerrado');
    const mine = (await call('GET', '/api/general/support/tickets', customer.headers)).json<{ reference: string; state: string }[]>();
    expect(mine.find((t) => t.reference === reference)?.state).toBe('cerrado');
    const operatorView = (await call('GET', `/api/operator/tickets/${reference}`, operatorUser.headers)).json();
    expect(operatorView.messages).toHaveLength(3);
  });

  it('when another user asks for or replies to someone else’s ticket, then 404 as for a missing one, and nothing is stored', async () => {
    const reference = await send(customer.headers, 'Ticket de Lucía');
    const before = await tableCounts();
    for (const ref of [reference, 'TK-00000000']) {
      const read = await call('GET', `/api/general/support/tickets/${ref}`, other.headers);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ error: 'Ticket no encontrado.', code: expect.any(String) });
      const write = await call('POST', `/api/general/support/tickets/${ref}/messages`, other.headers, { body: 'Me cuelo' });
      expect(write.statusCode).toBe(404);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('when the operator opens the customer panel, then it shows plan and places read-only and every look is written to the audit log', async () => {
    const reference = await send(customer.headers, 'Mi plan');
    const before = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.customerId, customer.user.id));
    for (let look = 1; look <= 2; look++) {
      const res = await call('GET', `/api/operator/tickets/${reference}/customer`, operatorUser.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Lucía Cliente',
        email: customer.user.email,
        plan: { id: 'premium', name: 'Premium', liveSupport: true },
        places: [],
      });
      const log = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.customerId, customer.user.id));
      expect(log).toHaveLength(before.length + look);
      const last = log.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!;
      expect(last).toMatchObject({
        operatorId: operatorUser.user.id,
        operatorEmail: operatorUser.user.email,
        customerId: customer.user.id,
        ticketReference: reference,
        what: CUSTOMER_LOOK,
      });
      expect(Date.now() - last.createdAt.getTime()).toBeLessThan(60_000);
    }
    const basic = await send(other.headers, 'Plan básico');
    const panel = await call('GET', `/api/operator/tickets/${basic}/customer`, operatorUser.headers);
    expect(panel.json().plan).toEqual({ id: 'basico', name: 'Básico', liveSupport: false });
  });

  it('when a message carries script markup, then it is stored and answered as the same text, and the e-mail shows it escaped', async () => {
    const reference = await send(customer.headers, 'Marcado');
    const reply = await call('POST', `/api/general/support/tickets/${reference}/messages`, customer.headers, { body: XSS });
    expect(reply.json().messages.at(-1).body).toBe(XSS);
    const answer = await call('POST', `/api/operator/tickets/${reference}/messages`, operatorUser.headers, { body: `Respuesta ${XSS}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    const [mail] = await db
      .select()
      .from(emails)
      .where(eq(emails.subject, `Re: [${reference}] Marcado`));
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;');
  });

  it.each([
    ['an empty body', { body: '' }, 'El mensaje es obligatorio'],
    ['only spaces', { body: '   \n ' }, 'El mensaje es obligatorio'],
    ['no body field', {}, 'El mensaje es obligatorio'],
    ['a number', { body: 42 }, 'El mensaje es obligatorio'],
    ['a body too long', { body: 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) }, 'El mensaje no puede tener más de 5000 caracteres'],
  ])(
    'when a reply has %s, then the customer and the operator get 400 in Spanish and nothing is stored or sent',
    async (_case, payload, error) => {
      const reference = await send(customer.headers, 'Entrada inválida');
      const before = await tableCounts();
      for (const [url, h] of [
        [`/api/general/support/tickets/${reference}/messages`, customer.headers],
        [`/api/operator/tickets/${reference}/messages`, operatorUser.headers],
      ] as const) {
        const res = await call('POST', url, h, payload);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ error });
      }
      expect(await tableCounts()).toEqual(before);
    },
  );

  it('when a reply is exactly 5000 characters, then it is accepted', async () => {
    const reference = await send(customer.headers, 'Largo');
    const res = await call('POST', `/api/general/support/tickets/${reference}/messages`, customer.headers, {
      body: 'm'.repeat(SUPPORT_MESSAGE_MAX_LENGTH),
    });
    expect(res.statusCode).toBe(200);
  });

  it('when the operator sends an unknown state or filter, then 400 in Spanish and the ticket keeps its state', async () => {
    const reference = await send(customer.headers, 'Estado raro');
    const expected = 'Elige un estado: abierto, esperando tu respuesta o cerrado';
    const put = await call('PUT', `/api/operator/tickets/${reference}/state`, operatorUser.headers, { state: 'borrado' });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ error: expected });
    const answer = await call('POST', `/api/operator/tickets/${reference}/messages`, operatorUser.headers, {
      body: 'Hola',
      state: 'resuelto',
    });
    expect(answer.statusCode).toBe(400);
    const list = await call('GET', '/api/operator/tickets?state=todos', operatorUser.headers);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ error: expected });
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.reference, reference));
    expect(ticket!.state).toBe('abierto');
    const missing = await call('GET', '/api/operator/tickets/TK-FFFFFFFF', operatorUser.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Ticket no encontrado.' });
  });

  it('when the role is removed, then the same session is refused at once', async () => {
    const spare = await signedIn();
    await grantOperator(container.database, spare.user.email);
    expect((await call('GET', '/api/operator/tickets', spare.headers)).statusCode).toBe(200);
    await revokeOperator(container.database, spare.user.email);
    expect((await call('GET', '/api/operator/tickets', spare.headers)).statusCode).toBe(404);
  });
});
