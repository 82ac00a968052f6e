import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpServer } from '../../../test/fake-smtp';
import { createTestApp } from '../../../test/test-app';
import { createConfirmedUser, sessions } from '../../../test/sessions';
import { subscriptions } from '../../db/billing-schema';
import { emails } from '../../db/schema';
import { processBillingEvent } from '../billing/billing-events.service';
import { billingRepository } from '../billing/billing.repository';
import { queueTrialEndingMails } from './account-mail.service';

/** How long a mail may take to reach the mail server, looked at every 100 ms. */
const WAIT = { timeout: 15_000, interval: 100 };
const DAY = 86_400_000;

// The account's life-cycle e-mails, from the event that causes each one to the real SMTP
// test server, with the workers running: each arrives once, in Spanish, and a repeat of its
// cause (a duplicate webhook, the scheduler running again) sends nothing more.
describe('welcome, receipt, failed payment and trial-ending e-mails', async () => {
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
  const sentCount = async (to: string) => (await db.select().from(emails).where(and(eq(emails.to, to), eq(emails.status, 'sent')))).length;

  /** The newest invoice of the user, as the provider holds it. */
  async function latestInvoice(userId: string) {
    const customer = await billingRepository.findCustomerByUser(db, userId);
    const [invoice] = await container.payments.listInvoices(customer!.customerId, 1);
    return invoice!;
  }

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

  it('when a renewal is paid, then a receipt with the amount arrives once; the trial’s 0 € start sends none, and a repeated invoice.paid sends nothing more', async () => {
    const client = await signedIn('basico');
    const email = client.user.email;
    const renewal = await client.inject({ method: 'POST', url: '/api/sandbox/renewal', payload: { outcome: 'success' } });
    expect(renewal.statusCode).toBe(200);
    const receipt = await deliveredOnce(email, 'payment-receipt');
    expect(receipt.subject).toBe('Recibo de tu pago en RankMaps: 29,00\u00a0€');
    expect(receipt.text).toContain('Concepto: plan Básico (mensual). Importe: 29,00\u00a0€.');
    // The same invoice reported again under another event id (a retried webhook).
    const invoice = await latestInvoice(client.user.id);
    expect(await processBillingEvent(container, { id: `evt_again_${invoice.id}`, type: 'invoice.paid', created: invoice.created, data: { object: invoice } })).toBe('processed');
    await expect.poll(() => smtpCount(email), WAIT).toBe(1);
    expect(await sentCount(email)).toBe(1);
    expect(await db.select().from(emails).where(and(eq(emails.to, email), eq(emails.kind, 'payment-receipt')))).toHaveLength(1);
  });

  it('when a renewal cannot be charged, then an e-mail says so with the next attempt, once per attempt', async () => {
    const client = await signedIn('basico');
    const email = client.user.email;
    await client.inject({ method: 'POST', url: '/api/sandbox/renewal', payload: { outcome: 'failure' } });
    const failed = await deliveredOnce(email, 'payment-failed');
    expect(failed.subject).toBe('No hemos podido cobrar tu suscripción de RankMaps');
    expect(failed.text).toContain('No hemos podido cobrar 29,00\u00a0€ de tu plan Básico (mensual).');
    expect(failed.text).toMatch(/Volveremos a intentarlo el \d{1,2} de [a-z]+ de \d{4}\./);
    expect(failed.text).toContain('http://localhost:3000/profile');
    const invoice = await latestInvoice(client.user.id);
    await processBillingEvent(container, { id: `evt_again_${invoice.id}`, type: 'invoice.payment_failed', created: invoice.created, data: { object: invoice } });
    await expect.poll(() => smtpCount(email), WAIT).toBe(1);
    expect(await db.select().from(emails).where(and(eq(emails.to, email), eq(emails.kind, 'payment-failed')))).toHaveLength(1);
    expect(await db.select().from(emails).where(and(eq(emails.to, email), eq(emails.kind, 'payment-receipt')))).toHaveLength(0);
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
    expect(reminder.text).toContain('empezaremos a cobrarte 59,00\u00a0€ al mes');
    await expect.poll(() => smtpCount(trial.user.email), WAIT).toBe(1);
    expect(await kindsTo(cancelled.user.email)).toBe(0);
  });
});
