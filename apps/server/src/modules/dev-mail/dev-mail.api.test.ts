import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { signUpRequest } from '../../../test/sessions';
import { queueEmail } from '../mail/mail.service';
import { listRecentEmails } from './dev-mail.service';
import { uniqueEmail } from '../../../test/factories';

describe('GET /api/dev/mail with developer tools on', async () => {
  const { app, container } = await createTestApp({ DEV_TOOLS: 'true' });

  it('when mail was sent, then it lists it newest first with its content and status', async () => {
    const email = uniqueEmail();
    await signUpRequest(app, { email });
    const res = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.statusCode).toBe(200);
    const [first] = res.json().emails;
    expect(first).toEqual({
      id: expect.any(String),
      to: email,
      subject: 'Confirma tu email en RankMaps',
      text: expect.stringContaining('/confirm-email/user/'),
      html: expect.stringContaining('<html'),
      kind: 'confirm-email',
      status: 'queued',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('when more than 50 e-mails exist, then it returns the newest 50', async () => {
    for (let i = 0; i < 55; i++) {
      await queueEmail(container, { to: `bulk-${i}@example.com`, subject: `n${i}`, html: '<p>x</p>', text: 'x', kind: 'test' });
    }
    const res = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    const list = res.json().emails as { to: string; createdAt: string }[];
    expect(list).toHaveLength(50);
    expect(list[0]!.to).toBe('bulk-54@example.com');
    const times = list.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('GET /api/dev/mail with developer tools on, from another machine', async () => {
  const { app, container } = await createTestApp({ DEV_TOOLS: 'true' });
  const email = uniqueEmail();
  await signUpRequest(app, { email });
  const [stored] = await listRecentEmails(container);

  // The socket's address decides, never a header the client (or a proxy) wrote.
  const outsiders: { name: string; remoteAddress: string; headers?: Record<string, string> }[] = [
    { name: 'a public IPv4 address', remoteAddress: '203.0.113.9' },
    { name: 'a private address on the same network', remoteAddress: '192.168.1.20' },
    { name: 'a public IPv6 address', remoteAddress: '2001:db8::9' },
    {
      name: 'a distant client that claims 127.0.0.1 in X-Forwarded-For',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    },
    {
      name: 'a reverse proxy on this machine relaying a client (X-Forwarded-For)',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    },
    {
      name: 'a reverse proxy on this machine relaying a client (Forwarded)',
      remoteAddress: '::1',
      headers: { forwarded: 'for=203.0.113.9' },
    },
    {
      name: 'a reverse proxy on this machine relaying a client (X-Real-IP)',
      remoteAddress: '::ffff:127.0.0.1',
      headers: { 'x-real-ip': '203.0.113.9' },
    },
  ];

  it.each(outsiders)(
    'when $name asks for the outbox or an attachment, then it gets the plain 404 of a path that does not exist',
    async ({ remoteAddress, headers }) => {
      for (const url of ['/api/dev/mail', `/api/dev/mail/${stored!.id}/attachments/0`]) {
        const res = await app.inject({ method: 'GET', url, remoteAddress, ...(headers ? { headers } : {}) });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
        expect(res.body).not.toContain(email);
      }
    },
  );

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])(
    'when the client is this machine (%s), then the outbox answers (the refusals above are not vacuous)',
    async (remoteAddress) => {
      const res = await app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ emails: { to: string }[] }>().emails.map((e) => e.to)).toContain(email);
    },
  );
});

describe('GET /api/dev/mail with developer tools off', () => {
  const cases = [
    { name: 'DEV_TOOLS=false', env: { DEV_TOOLS: 'false' } },
    ...['development', 'test', 'production'].map((nodeEnv) => ({
      name: `DEV_TOOLS unset, NODE_ENV=${nodeEnv}`,
      env: {
        DEV_TOOLS: '',
        NODE_ENV: nodeEnv,
        ...(nodeEnv === 'production' ? { JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://unused.invalid/db' } : {}),
      },
    })),
  ];
  it.each(cases)('when $name, then the route does not exist, even for this machine, nor in the API reference', async ({ env }) => {
    const { app, close } = await createTestApp(env);
    try {
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const res = await app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('Recurso no encontrado.');
      }
      const docs = await app.inject({ method: 'GET', url: '/api/docs/internal/json' });
      expect(docs.json().paths).not.toHaveProperty('/api/dev/mail');
    } finally {
      await close();
    }
  });
});
