import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpServer } from '../../../test/fake-smtp';
import { uniqueEmail } from '../../../test/factories';
import { sessions } from '../../../test/sessions';
import { acceptAsNewPerson, invitationToken, invite, joinAsNewPerson } from '../../../test/team';
import { createTestApp } from '../../../test/test-app';
import { emails } from '../../db/schema';
import { apiKeysRepository } from '../api-keys/api-keys.repository';
import { generateApiKey, hashApiKey } from '../api-keys/api-keys.service';

// The team's e-mails (docs/decisions.md §30.3) through the real SMTP test server, with the
// workers running: the invitation with its link, a resend, and the owner's list of revoked keys.

const WAIT = { timeout: 15_000, interval: 100 };

describe('team e-mails over SMTP', async () => {
  const smtp = await startSmtpServer();
  afterAll(smtp.close);
  const { app, container } = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' }, { workers: true });
  const { signedIn } = sessions(app, container);
  const db = container.database.db;
  const received = (to: string) => smtp.received.filter((m) => m.to.includes(to));
  const sent = (to: string, kind: string) =>
    vi.waitUntil(async () => {
      const rows = await db.select().from(emails).where(and(eq(emails.to, to), eq(emails.kind, kind)));
      return rows.length > 0 && rows.every((r) => r.status === 'sent') ? rows : undefined;
    }, WAIT);

  it('when someone is invited and the invitation resent, then each e-mail reaches the mail server with its own link, and the resent link is the one that works', async () => {
    const owner = await signedIn('pro_starter', { name: 'Marta Agencia' });
    const email = uniqueEmail('smtp');
    const created = await invite(app, owner.headers, { email, role: 'admin' });
    expect(created.statusCode).toBe(201);
    const [first] = await sent(email, 'team-invitation');
    expect(first).toMatchObject({ transport: 'smtp', subject: 'Marta Agencia te invita a «Marta Agencia» en RankMaps' });
    expect(first!.text).toContain('con el rol de Administrador');
    expect(first!.text).toContain('caduca en 7 días');
    await expect.poll(() => received(email).length, WAIT).toBe(1);
    // Quoted-printable: soft line breaks and '=' written as =3D.
    const raw = received(email)[0]!.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(raw).toContain(`/invitacion?token=${await invitationToken(container, email)}`);
    const oldToken = await invitationToken(container, email);

    expect((await app.inject({ method: 'POST', url: `/api/team/invitations/${created.json().id}/resend`, headers: owner.headers })).statusCode).toBe(200);
    await expect.poll(() => received(email).length, WAIT).toBe(2);
    const newToken = await invitationToken(container, email);
    expect((await acceptAsNewPerson(app, oldToken)).statusCode).toBe(410);
    expect((await acceptAsNewPerson(app, newToken)).statusCode).toBe(200);
  });

  it('when a member who made API keys is removed, then the owner receives one e-mail listing them', async () => {
    const owner = await signedIn('pro_starter', { name: 'Marta Agencia' });
    const admin = await joinAsNewPerson(app, container, owner.headers, { role: 'admin', name: 'Pablo Admin' });
    for (const name of ['Zapier', 'Make']) {
      const key = generateApiKey();
      await apiKeysRepository.insert(db, { userId: owner.user.id, name, scopes: ['read'], prefix: key.slice(0, 12), keyHash: hashApiKey(key), createdBy: admin.user.id });
    }
    expect((await app.inject({ method: 'DELETE', url: `/api/team/members/${admin.user.id}`, headers: owner.headers })).statusCode).toBe(204);
    const rows = await sent(owner.user.email, 'team-keys-revoked');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toContain('Pablo Admin ya no es miembro del espacio de trabajo «Marta Agencia»');
    expect(rows[0]!.text).toMatch(/«Zapier» \(rmk_.{8}…\), «Make» \(rmk_.{8}…\)|«Make» \(rmk_.{8}…\), «Zapier» \(rmk_.{8}…\)/);
    await expect.poll(() => received(owner.user.email).length, WAIT).toBe(1);
  });
});
