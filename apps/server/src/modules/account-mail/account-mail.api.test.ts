import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpServer } from '../../../test/fake-smtp';
import { createTestApp } from '../../../test/test-app';
import { createConfirmedUser, sessions } from '../../../test/sessions';
import { subscriptions } from '../../db/billing-schema';
import { emails } from '../../db/schema';
import { queueTrialEndingMails } from './account-mail.service';

/** How long a mail may take to reach the mail server, looked at every 100 ms. */
const WAIT = { timeout: 15_000, interval: 100 };
const DAY = 86_400_000;

// The account's life-cycle e-mails, from the event that causes each one to the real SMTP
// test server, with the workers running: each arrives once, in Spanish, and a repeat of its
// cause (the link used again, the scheduler running again) sends nothing more.
describe('welcome and trial-ending e-mails', async () => {
  const smtp = await startSmtpServer();
  afterAll(smtp.close);
  const { app, container } = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' }, { workers: true });
  const { signedIn } = sessions(app, container);
  const db = container.database.db;

  /** The stored mails of one kind to the address, once every one of them reached the SMTP server. */
  async function deliveredOnce(to: string, kind: string) {
    const rows = await vi.waitUntil(async () => {
      const found = await db.select().from(emails).where(and(eq(emails.to, to), eq(emails.kind, kind)));
      return found.length > 0 && found.every((r) => r.status === 'sent') ? found : undefined;
    }, WAIT);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transport: 'smtp' });
    return rows[0]!;
  }
  const smtpCount = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

  it('when a new user confirms the e-mail, then a welcome that says what to do first arrives once, even if the link is used again', async () => {
    const { email } = await createConfirmedUser(app, container, { name: 'Lucía' });
    const welcome = await deliveredOnce(email, 'welcome');
    expect(welcome.subject).toBe('¡Te damos la bienvenida a RankMaps!');
    expect(welcome.text).toContain('Hola, Lucía:');
    expect(welcome.text).toContain('14 días de prueba gratis');
    expect(welcome.text).toContain('Añade tu primer negocio');
    expect(welcome.text).toContain('http://localhost:3000/subscription');
    expect(welcome.html).toContain('lang="es"');
    // Confirmation and welcome, both on the mail server, nothing else.
    await expect.poll(() => smtpCount(email), WAIT).toBe(2);
    const confirmMail = (await db.select().from(emails).where(and(eq(emails.to, email), eq(emails.kind, 'confirm-email'))))[0]!;
    const token = /confirm-email\/user\/([A-Za-z0-9_-]+)/.exec(confirmMail.text)![1];
    const again = await app.inject({ method: 'GET', url: `/api/auth/confirm-email/user/${token}` });
    expect(again.statusCode).toBe(400);
    expect(await db.select().from(emails).where(and(eq(emails.to, email), eq(emails.kind, 'welcome')))).toHaveLength(1);
  });

  it('when a trial comes within 3 days of its end, then one reminder arrives with the date and the price; not before, never twice, and not for a cancelled trial', async () => {
    const trial = await signedIn('profesional');
    const cancelled = await signedIn('profesional');
    expect((await cancelled.inject({ method: 'POST', url: '/api/payment/cancel-subscription' })).statusCode).toBe(200);
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, trial.user.id));
    expect(sub?.status).toBe('trialing');
    const trialEnd = sub!.trialEnd!;
    const kindsTo = async (to: string) => (await db.select().from(emails).where(and(eq(emails.to, to), eq(emails.kind, 'trial-ending')))).length;

    await queueTrialEndingMails(container, new Date(trialEnd.getTime() - 4 * DAY));
    expect(await kindsTo(trial.user.email)).toBe(0);
    await queueTrialEndingMails(container, new Date(trialEnd.getTime() - 2.9 * DAY));
    // The hourly job runs again: nothing more.
    await queueTrialEndingMails(container, new Date(trialEnd.getTime() - 2.8 * DAY));
    const reminder = await deliveredOnce(trial.user.email, 'trial-ending');
    expect(reminder.subject).toBe('Tu prueba de RankMaps termina en 3 días');
    expect(reminder.text).toContain('Tu prueba gratis del plan Profesional termina el');
    expect(reminder.text).toContain('empezaremos a cobrarte 59,00\u00a0€ al mes (IVA no incluido)');
    await expect.poll(() => smtpCount(trial.user.email), WAIT).toBe(1);
    expect(await kindsTo(cancelled.user.email)).toBe(0);
  });
});
