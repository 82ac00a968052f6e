import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpServer } from '../../../test/fake-smtp';
import { pendingBillingMails } from '../../../test/emails';
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
// cause (the link used again, a webhook delivered again, the scheduler running again) sends
// nothing more. The same mails through Stripe's signed webhooks: billing-mail.api.test.ts.
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
  const mailsOfKind = async (to: string, kind: string) => (await db.select().from(emails).where(and(eq(emails.to, to), eq(emails.kind, kind)))).length;

  /** The user's renewal invoice, as the provider holds it (not the trial's 0 € one, which may share its second). */
  async function renewalInvoice(userId: string) {
    const customer = await billingRepository.findCustomerByUser(db, userId);
    const invoice = (await container.payments.listInvoices(customer!.customerId, 10)).find((i) => i.amount_due > 0);
    expect(invoice).toBeDefined();
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

  it('when a renewal is paid, then a receipt with the plan, the period and the amount arrives once; the trial’s 0 € start sends none, and the invoice reported again sends nothing more', async () => {
    const client = await signedIn('basico');
    const email = client.user.email;
    const renewal = await client.inject({ method: 'POST', url: '/api/sandbox/renewal', payload: { outcome: 'success' } });
    expect(renewal.statusCode).toBe(200);
    const receipt = await deliveredOnce(email, 'receipt');
    expect(receipt.subject).toBe('Recibo de tu pago en RankMaps: 29,00\u00a0€');
    expect(receipt.text).toContain('Hola, ');
    expect(receipt.text).toMatch(/Concepto: plan Básico \(mensual\). Período: del \d{1,2} de [a-z]+ de \d{4} al \d{1,2} de [a-z]+ de \d{4}\./);
    expect(receipt.text).toMatch(/Importe total cobrado, IVA incluido: 29,00\u00a0€\. Fecha del pago: \d{1,2} de [a-z]+ de \d{4}\./);
    expect(receipt.text).toContain('Ver mis pagos: http://localhost:3000/profile');
    expect(receipt.html).toContain('lang="es"');
    // The same invoice reported again under another event id (a retried webhook).
    const invoice = await renewalInvoice(client.user.id);
    expect(invoice.amount_paid).toBe(2900);
    expect(await processBillingEvent(container, { id: `evt_again_${invoice.id}`, type: 'invoice.paid', created: invoice.created, data: { object: invoice } })).toBe('processed');
    // Only the renewal's receipt: none for the trial's start, none again.
    await expect.poll(() => pendingBillingMails(container), WAIT).toBe(0);
    expect(await mailsOfKind(email, 'receipt')).toBe(1);
    await expect.poll(() => smtpCount(email), WAIT).toBe(1);
  });

  it('when a renewal cannot be charged, then an e-mail says so, when it is tried again and that the plan stays active meanwhile, once per invoice', async () => {
    const client = await signedIn('basico');
    const email = client.user.email;
    expect((await client.inject({ method: 'POST', url: '/api/sandbox/renewal', payload: { outcome: 'failure' } })).statusCode).toBe(200);
    const failed = await deliveredOnce(email, 'payment-failed');
    expect(failed.subject).toBe('No hemos podido cobrar tu suscripción de RankMaps');
    expect(failed.text).toContain('Hemos intentado cobrar 29,00\u00a0€ de tu plan Básico (mensual), pero el pago no se ha completado.');
    expect(failed.text).toMatch(/Volveremos a intentarlo el \d{1,2} de [a-z]+ de \d{4}\. Mientras tanto, tu plan sigue activo con todas sus funciones\./);
    expect(failed.text).toContain('Actualizar mi tarjeta: http://localhost:3000/profile');
    // What the mail promises: past due, and the plan still in force.
    const info = (await client.inject({ method: 'GET', url: '/api/payment/subscription-info' })).json<{ hasActiveSubscription: boolean; plan: { id: string }; subscription: { status: string } }>();
    expect(info).toMatchObject({ hasActiveSubscription: true, plan: { id: 'basico' }, subscription: { status: 'past_due' } });
    // The failure reported again under another event id, and Stripe's second attempt of the same invoice.
    const invoice = await renewalInvoice(client.user.id);
    await processBillingEvent(container, { id: `evt_again_${invoice.id}`, type: 'invoice.payment_failed', created: invoice.created, data: { object: invoice } });
    await processBillingEvent(container, { id: `evt_second_${invoice.id}`, type: 'invoice.payment_failed', created: invoice.created + 60, data: { object: { ...invoice, attempt_count: 2 } } });
    await expect.poll(() => pendingBillingMails(container), WAIT).toBe(0);
    expect(await mailsOfKind(email, 'payment-failed')).toBe(1);
    await expect.poll(() => smtpCount(email), WAIT).toBe(1);
    expect(await mailsOfKind(email, 'receipt')).toBe(0);
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
    expect(reminder.text).toContain('empezaremos a cobrarte 59,00\u00a0€ al mes (IVA incluido)');
    await expect.poll(() => smtpCount(trial.user.email), WAIT).toBe(1);
    expect(await kindsTo(cancelled.user.email)).toBe(0);
  });
});
