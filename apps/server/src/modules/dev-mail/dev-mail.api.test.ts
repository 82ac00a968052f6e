import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { signUpRequest } from '../../../test/sessions';
import { queueEmail } from '../mail/mail.service';
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

describe('GET /api/dev/mail with developer tools off', async () => {
  const { app } = await createTestApp({ DEV_TOOLS: 'false' });

  it('when developer tools are off, then the route does not exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Recurso no encontrado.');
    const docs = await app.inject({ method: 'GET', url: '/api/docs/internal/json' });
    expect(docs.json().paths).not.toHaveProperty('/api/dev/mail');
  });
});
