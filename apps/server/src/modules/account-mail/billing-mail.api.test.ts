import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pendingBillingMails } from '../../../test/emails';
import { type FakeStripe, signedDelivery } from '../../../test/fake-stripe';
import { startSmtpServer } from '../../../test/fake-smtp';
import { checkInvariants } from '../../../test/invariants';
import { sessions } from '../../../test/sessions';
import { checkoutSession, createStripeTestApp } from '../../../test/stripe-app';
import { emails } from '../../db/schema';
import { queueBillingMail } from './account-mail.service';

/** How long a mail may take to reach the mail server, looked at every 100 ms. */
const WAIT = { timeout: 15_000, interval: 100 };

type StripeEvent = ReturnType<FakeStripe['event']>;

// The receipt and the failed-payment mail from Stripe's own events: signed deliveries through
// POST /api/payment/webhook, each delivered twice (two at once, then a late third), with the
// workers running and a real SMTP server. The event only queues the billing-mail job; the job
// renders the mail into the outbox and the send job delivers it, once per invoice.
describe('receipt and failed-payment e-mails from Stripe webhooks', async () => {
  const smtp = await startSmtpServer();
  afterAll(smtp.close);
  const { app, container, fake, ids } = await createStripeTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'RankMaps <no-reply@rankmaps.test>' },
    { workers: true },
  );
  const db = container.database.db;
  const { signedIn } = sessions(app, container);

  const deliver = async (event: StripeEvent) => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/webhook', ...signedDelivery(JSON.stringify(event)) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: 'processed' | 'duplicate' }>().result;
  };
  /** Two deliveries at once, then Stripe's late retry. */
  const deliverThrice = async (event: StripeEvent) => [...(await Promise.all([deliver(event), deliver(event)])), await deliver(event)];
  const stored = (to: string, kind: string) => db.select().from(emails).where(and(eq(emails.to, to), eq(emails.kind, kind)));
  const smtpCount = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

  /** Everything the events asked for is in the outbox and has reached the mail server. */
  async function settled(to: string) {
    await expect.poll(() => pendingBillingMails(container), WAIT).toBe(0);
    await expect.poll(async () => (await db.select().from(emails).where(eq(emails.to, to))).every((m) => m.status === 'sent'), WAIT).toBe(true);
  }

  /** A Starter subscriber whose trial started through Stripe (its 0 € invoice paid at checkout). */
  async function subscriber() {
    const { user, headers } = await signedIn();
    const { session, subscription, invoice } = fake.completeCheckout(await checkoutSession(app, fake, headers, ids.pro_starter_monthly));
    for (const event of [fake.event('checkout.session.completed', session), fake.event('customer.subscription.created', subscription!), fake.event('invoice.paid', invoice!)]) {
      await deliver(event);
    }
    expect(invoice!.amount_paid).toBe(0);
    return { email: user.email, userId: user.id, subscription: subscription!, trialInvoice: invoice! };
  }

  it('when a renewal’s invoice.paid is delivered three times, then one receipt in Spanish reaches the mail server, and the trial’s 0 € invoice sent none', async () => {
    const { email, subscription } = await subscriber();
    const renewal = fake.renew(subscription.id, 'paid');
    expect(await deliverThrice(fake.event('customer.subscription.updated', renewal.subscription))).toContain('processed');
    const results = await deliverThrice(fake.event('invoice.paid', renewal.invoice));
    expect(results.filter((r) => r === 'processed')).toHaveLength(1);
    // While its job waits, the same invoice under a new event id (a resent event) adds no job.
    expect(await deliver(fake.event('invoice.paid', renewal.invoice))).toBe('processed');
    await settled(email);
    // After the mail went out, once more: the job runs again and finds the mail's key taken.
    expect(await deliver(fake.event('invoice.paid', renewal.invoice))).toBe('processed');
    await settled(email);
    const receipts = await stored(email, 'receipt');
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(receipt).toMatchObject({ status: 'sent', transport: 'smtp', subject: 'Recibo de tu pago en RankMaps: 49,00\u00a0€' });
    expect(receipt.text).toMatch(/Concepto: plan Starter \(mensual\). Período: del \d{1,2} de [a-z]+ de \d{4} al \d{1,2} de [a-z]+ de \d{4}\./);
    expect(receipt.text).toContain('Importe total cobrado, IVA incluido: 49,00\u00a0€.');
    expect(receipt.html).toContain('href="http://localhost:3000/profile"');
    expect(smtpCount(email)).toBe(1);
    // The message on the wire: the Spanish subject (MIME-encoded, so as Nodemailer words it) and the receipt's text.
    const onServer = smtp.received.find((m) => m.to.includes(email))!.raw;
    expect(onServer).toMatch(/^Subject: /m);
    expect(onServer.replace(/=\r?\n/g, '')).toContain('Importe total cobrado, IVA incluido: 49,00');
    expect(await checkInvariants(db, { deliveredTo: smtp.received.flatMap((m) => m.to) })).toEqual([]);
  });

  it('when a renewal’s invoice.payment_failed is delivered three times, and Stripe’s second attempt fails too, then one failed-payment e-mail in Spanish arrives, with the next attempt and the link to the profile', async () => {
    const { email, subscription } = await subscriber();
    const renewal = fake.renew(subscription.id, 'failed');
    const nextAttempt = Math.floor(Date.now() / 1000) + 3 * 86_400;
    Object.assign(renewal.invoice, { next_payment_attempt: nextAttempt });
    expect((await deliverThrice(fake.event('invoice.payment_failed', renewal.invoice))).filter((r) => r === 'processed')).toHaveLength(1);
    await deliverThrice(fake.event('customer.subscription.updated', renewal.subscription));
    await settled(email);
    // Stripe's second attempt, after the first warning went out: once per invoice, so nothing more.
    Object.assign(renewal.invoice, { attempt_count: 2, next_payment_attempt: nextAttempt + 2 * 86_400 });
    expect((await deliverThrice(fake.event('invoice.payment_failed', renewal.invoice))).filter((r) => r === 'processed')).toHaveLength(1);
    await settled(email);
    const failed = await stored(email, 'payment-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ status: 'sent', transport: 'smtp', subject: 'No hemos podido cobrar tu suscripción de RankMaps' });
    expect(failed[0]!.text).toContain('Hemos intentado cobrar 49,00\u00a0€ de tu plan Starter (mensual), pero el pago no se ha completado.');
    expect(failed[0]!.text).toMatch(/Volveremos a intentarlo el \d{1,2} de [a-z]+ de \d{4}\. Mientras tanto, tu plan sigue activo con todas sus funciones\./);
    expect(failed[0]!.text).toContain('Actualizar mi tarjeta: http://localhost:3000/profile');
    expect(await stored(email, 'receipt')).toHaveLength(0);
    expect(smtpCount(email)).toBe(1);
    expect(await checkInvariants(db, { deliveredTo: smtp.received.flatMap((m) => m.to) })).toEqual([]);
  });

  it('when a failed invoice was paid by Stripe’s retry and the failure’s event arrives after the payment’s, then the customer gets the receipt and no failure warning', async () => {
    const { email, userId, subscription, trialInvoice } = await subscriber();
    const renewal = fake.renew(subscription.id, 'failed');
    const failedEvent = fake.event('invoice.payment_failed', renewal.invoice);
    const paidAt = failedEvent.created + 60;
    Object.assign(renewal.invoice, { status: 'paid', amount_paid: renewal.invoice.amount_due, amount_remaining: 0, attempt_count: 2, next_payment_attempt: null });
    Object.assign(renewal.invoice.status_transitions as object, { paid_at: paidAt });
    await deliverThrice(fake.event('invoice.paid', renewal.invoice, paidAt));
    await deliverThrice(failedEvent);

    await settled(email);
    expect(await stored(email, 'receipt')).toHaveLength(1);
    expect(await stored(email, 'payment-failed')).toHaveLength(0);
    expect(smtpCount(email)).toBe(1);
    // The job itself, had it been queued before the payment: the invoice is paid now, so no warning;
    // and a receipt job for the trial's 0 € invoice queues nothing either.
    expect(await queueBillingMail(container, { kind: 'payment-failed', invoiceId: renewal.invoice.id, userId, priceId: ids.pro_starter_monthly })).toBe(false);
    expect(await queueBillingMail(container, { kind: 'receipt', invoiceId: trialInvoice.id, userId, priceId: ids.pro_starter_monthly })).toBe(false);
    expect(await stored(email, 'payment-failed')).toHaveLength(0);
    expect(await stored(email, 'receipt')).toHaveLength(1);
  });
});
