import { TRIAL_DAYS, annualTotal, getPlan } from '@rankmaps/shared/plans';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import type { PaymentWithInvoice } from '@rankmaps/shared/schemas/invoices';
import type { Container } from '../../container';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { applySubscription } from './billing-events.service';
import { type SubscriptionRow, billingRepository } from './billing.repository';
import { creditsService } from './credits.service';
import { invoicesOfPayments } from './invoices.service';
import { type PlanState, planStateOf } from './plan-state';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const noSubscription = () => notFound('No tienes ninguna suscripción activa.', 'NO_SUBSCRIPTION');

/** The answer while no payment provider is configured (production without Stripe keys). */
export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Los pagos no están disponibles en este momento. Inténtalo más tarde o escríbenos a soporte.';

/**
 * Refuses, with a 503 and before anything is read from the provider or written, an action that
 * needs the payment provider when there is none (config.payments.available; docs/operations.md).
 */
export function requirePaymentsProvider(container: Pick<Container, 'config'>): void {
  if (!container.config.payments.available) throw new AppError('PAYMENTS_UNAVAILABLE', PAYMENTS_UNAVAILABLE_MESSAGE, 503);
}

export interface BillingUser {
  id: string;
  email: string;
  name: string;
}

export type PlanStateWithCredits = PlanState & { subscriptionCredits: number; extraCredits: number };

/**
 * The plan and credits a user has now; the profile and the enforcement read this. While
 * developer tools are enabled, the development panel's plan limits apply on top of the
 * plan; otherwise a stored override is ignored.
 */
export async function getPlanState(container: Pick<Container, 'config' | 'database'>, userId: string): Promise<PlanStateWithCredits> {
  const [state, balances] = await Promise.all([getCurrentPlanState(container, userId), creditsService.balances(container.database.db, userId)]);
  return { ...state, subscriptionCredits: balances.subscription, extraCredits: balances.extra };
}

/** The plan alone, as getPlanState gives it, for callers that do not show credits: one query fewer. */
export async function getCurrentPlanState(container: Pick<Container, 'config' | 'database'>, userId: string): Promise<PlanState> {
  const db = container.database.db;
  const [sub, override] = await Promise.all([
    billingRepository.findCurrentSubscription(db, userId),
    container.config.devTools ? billingRepository.findDevOverride(db, userId) : undefined,
  ]);
  return planStateOf(sub, override);
}

export async function getSubscriptionInfo(container: Pick<Container, 'database' | 'payments' | 'prices'>, userId: string): Promise<SubscriptionInfo> {
  const db = container.database.db;
  const sub = await billingRepository.findCurrentSubscription(db, userId);
  const state = planStateOf(sub);
  const balances = await creditsService.balances(db, userId);
  return {
    hasActiveSubscription: Boolean(sub && state.plan),
    plan: {
      id: state.currentPlan,
      name: state.plan?.name ?? 'Free',
      type: state.planLimits.type,
      limits: { places: state.planLimits.places, keywords: state.planLimits.keywords, weeklyScans: state.planLimits.weeklyScans, gridSize: state.planLimits.gridSize },
    },
    subscription: sub
      ? {
          id: sub.id,
          status: sub.status,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          amount: sub.amount / 100,
          currency: sub.currency,
          billingPeriod: sub.billingPeriod === 'annual' ? 'anual' : 'mensual',
          currentPeriodStart: iso(sub.currentPeriodStart),
          currentPeriodEnd: iso(sub.currentPeriodEnd),
          trialEnd: iso(sub.trialEnd),
          lastPaymentDate: iso(sub.lastPaymentAt),
          lastPaymentFailure: sub.lastFailureAt
            ? { failedAt: sub.lastFailureAt.toISOString(), attemptCount: sub.lastFailureAttemptCount ?? 1, nextAttempt: iso(sub.nextPaymentAttempt) }
            : null,
          scheduledChange: scheduledChangeOf(container, sub),
        }
      : null,
    credits: { subscription: balances.subscription, extra: balances.extra, planMonthly: state.plan?.credits ?? 0 },
    provider: container.payments.name,
  };
}

/** The move down waiting for the end of the period, as the profile shows it. */
function scheduledChangeOf(container: Pick<Container, 'prices'>, sub: SubscriptionRow): NonNullable<SubscriptionInfo['subscription']>['scheduledChange'] {
  const target = sub.scheduledPriceId ? container.prices.resolve(sub.scheduledPriceId) : undefined;
  if (target?.kind !== 'plan' || !sub.scheduledAt) return null;
  return {
    planId: target.plan.id,
    planName: target.plan.name,
    billingPeriod: target.period === 'annual' ? 'anual' : 'mensual',
    priceId: sub.scheduledPriceId!,
    amount: target.period === 'annual' ? annualTotal(target.plan) : target.plan.monthlyPrice,
    effectiveAt: sub.scheduledAt.toISOString(),
  };
}

/** The last 20 payments, each with its invoice (docs/billing.md, "Invoices"). */
export async function getPaymentHistory(container: Pick<Container, 'database'>, userId: string): Promise<PaymentWithInvoice[]> {
  const rows = await billingRepository.listPayments(container.database.db, userId, 20);
  const invoices = await invoicesOfPayments(container, userId, rows.map((p) => p.id));
  return rows.map((p) => ({
    id: p.id,
    description: p.description,
    status: p.status,
    date: p.date.toISOString(),
    period: { start: iso(p.periodStart), end: iso(p.periodEnd) },
    amount: p.amount / 100,
    currency: p.currency,
    invoiceUrl: p.invoiceUrl,
    invoicePdf: p.invoicePdf,
    invoice: invoices.get(p.id) ?? null,
  }));
}

/** The user's customer at the payment provider, created on first use. */
async function ensureCustomer(container: Pick<Container, 'database' | 'payments'>, user: BillingUser): Promise<string> {
  const db = container.database.db;
  const existing = await billingRepository.findCustomerByUser(db, user.id);
  if (existing) return existing.customerId;
  const customerId = await container.payments.createCustomer({ userId: user.id, email: user.email, name: user.name, idempotencyKey: `customer-${user.id}` });
  const row = await billingRepository.insertCustomer(db, { userId: user.id, provider: container.payments.name, customerId });
  // Two first checkouts at once: the one stored first wins, and both use it.
  return row?.customerId ?? customerId;
}

/** Starts a checkout for a plan or the credit package. The first subscription gets the trial. */
export async function createCheckout(container: Pick<Container, 'config' | 'database' | 'payments' | 'prices'>, user: BillingUser, priceId: string, quantity = 1): Promise<{ url: string }> {
  const { url } = await startCheckout(container, user, priceId, { trial: true, quantity });
  return { url };
}

/**
 * The checkout behind createCheckout. `trial: false` skips the first subscription's trial
 * (the demo account starts on a paid plan). `quantity` buys several credit packages in one
 * checkout (one line, quantity N); a plan is bought once.
 */
export async function startCheckout(container: Pick<Container, 'config' | 'database' | 'payments' | 'prices'>, user: BillingUser, priceId: string, opts: { trial: boolean; quantity?: number }): Promise<{ id: string; url: string }> {
  requirePaymentsProvider(container);
  const target = container.prices.resolve(priceId);
  if (!target) throw badRequest('El precio seleccionado no existe.', 'UNKNOWN_PRICE');
  const quantity = opts.quantity ?? 1;
  if (target.kind === 'plan' && quantity !== 1) throw badRequest('Un plan se contrata una sola vez.', 'PLAN_QUANTITY');
  const db = container.database.db;
  const { appUrl } = container.config;
  if (target.kind === 'plan' && (await billingRepository.findCurrentSubscription(db, user.id))) {
    throw conflict('Ya tienes una suscripción activa. Puedes gestionarla desde tu perfil.', 'ALREADY_SUBSCRIBED');
  }
  const customerId = await ensureCustomer(container, user);
  const withTrial = opts.trial && target.kind === 'plan' && !(await billingRepository.hasAnySubscription(db, user.id));
  const minute = Math.floor(Date.now() / 60_000);
  return container.payments.createCheckoutSession({
    mode: target.kind === 'plan' ? 'subscription' : 'payment',
    priceId,
    quantity,
    customerId,
    userId: user.id,
    ...(withTrial ? { trialDays: TRIAL_DAYS } : {}),
    successUrl: `${appUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    // Back from a checkout left unpaid (a declined card, the back button), the page says so and
    // keeps the billing period chosen (docs/decisions.md §22).
    cancelUrl: `${appUrl}${target.kind === 'plan' ? `/subscription?checkout=cancelled&period=${target.period}` : '/buy-credits?checkout=cancelled'}`,
    // The credits to add are fixed here, N packages × 500: the webhook reads them back from the
    // session's metadata, which the customer cannot change on the payment page.
    metadata: target.kind === 'plan' ? { userId: user.id, planId: target.plan.id, period: target.period } : { userId: user.id, credits: String(target.credits * quantity), packs: String(quantity) },
    // A double click within the same minute gets the same session back. The trial is in
    // the key because Stripe refuses a key reused with other parameters.
    idempotencyKey: `checkout-${user.id}-${priceId}-${withTrial ? 'trial' : 'notrial'}${quantity > 1 ? `-x${quantity}` : ''}-${minute}`,
  });
}

export async function getCheckoutStatus(container: Pick<Container, 'config' | 'payments'>, userId: string, sessionId: string) {
  requirePaymentsProvider(container);
  const session = await container.payments.retrieveCheckoutSession(sessionId).catch(() => undefined);
  // Our sessions always name their user; one that names nobody is nobody's to read.
  if (!session || session.client_reference_id !== userId) {
    throw notFound('No se encontró información de la sesión', 'SESSION_NOT_FOUND');
  }
  return { id: session.id, mode: session.mode, status: session.status, paymentStatus: session.payment_status };
}

type SubscriptionAction = 'cancel' | 'reactivate' | 'cancelNow';

/** Cancel at period end, reactivate, or cancel now; the provider's answer is applied at once. */
export async function changeSubscription(container: Pick<Container, 'config' | 'database' | 'log' | 'payments' | 'prices'>, userId: string, action: SubscriptionAction): Promise<void> {
  requirePaymentsProvider(container);
  const db = container.database.db;
  const sub = await billingRepository.findCurrentSubscription(db, userId);
  if (!sub) throw noSubscription();
  if (action === 'reactivate' && !sub.cancelAtPeriodEnd) throw conflict('La suscripción no está pendiente de cancelación.', 'NOT_CANCELLING');
  if (action === 'cancel' && sub.cancelAtPeriodEnd) throw conflict('La suscripción ya se cancelará al final del período.', 'ALREADY_CANCELLING');
  // A subscription under a schedule takes its changes from the schedule (docs/decisions.md §22.1).
  if (action === 'cancel' && sub.scheduledPriceId) throw conflict('Tienes un cambio de plan programado. Cancélalo antes de cancelar la suscripción.', 'CHANGE_SCHEDULED');
  // Keyed by the state acted on: a double click repeats one change, while cancel, reactivate,
  // cancel again are three changes (a per-minute key made Stripe replay the first cancel).
  const key = `${action}-${sub.id}-${sub.updatedAt.getTime()}`;
  const updated =
    action === 'cancelNow'
      ? await container.payments.cancelNow(sub.id, key)
      : await container.payments.setCancelAtPeriodEnd(sub.id, action === 'cancel', key);
  await db.transaction((tx) => applySubscription(container, tx, updated, Math.floor(Date.now() / 1000)));
}

export async function createPortal(container: Pick<Container, 'config' | 'database' | 'payments'>, userId: string): Promise<{ url: string }> {
  requirePaymentsProvider(container);
  const customer = await billingRepository.findCustomerByUser(container.database.db, userId);
  if (!customer) throw new AppError('NO_CUSTOMER', 'Todavía no tienes datos de facturación en el proveedor de pagos.', 404);
  return container.payments.createPortalSession(customer.customerId, `${container.config.appUrl}/profile`);
}

export function planName(planId: string): string {
  return getPlan(planId)?.name ?? planId;
}
