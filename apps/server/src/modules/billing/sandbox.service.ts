import { type BillingPeriod, type PlanId, priceKey } from '@rankmaps/shared/plans';
import type { SandboxCheckout } from '@rankmaps/shared/schemas/sandbox';
import type { Container } from '../../container';
import { notFound } from '../../errors';
import { SandboxPayments } from '../../providers/payments/sandbox';
import { billingRepository } from './billing.repository';
import { type BillingUser, startCheckout } from './billing.service';

/** A seeding process that died mid-way leaves its lease; another may take over after this. */
const SEED_LEASE_MS = 5 * 60_000;

export function sandboxOf(container: Pick<Container, 'payments'>): SandboxPayments {
  if (!(container.payments instanceof SandboxPayments)) throw notFound();
  return container.payments;
}

export async function describeSandboxCheckout(container: Pick<Container, 'payments' | 'prices'>, id: string): Promise<SandboxCheckout | undefined> {
  const sandbox = sandboxOf(container);
  const session = await sandbox.getCheckout(id);
  if (!session) return undefined;
  const target = container.prices.resolve(session.price);
  const quantity = session.quantity ?? 1;
  // Several packages read as one line with its quantity, as Stripe's checkout shows it: "2 × 500 créditos".
  const credits = `${target?.kind === 'credits' ? target.credits : 0} créditos`;
  const description = target?.kind === 'plan' ? `Plan ${target.plan.name} (${target.period === 'annual' ? 'Anual' : 'Mensual'})` : quantity > 1 ? `${quantity} × ${credits}` : credits;
  return {
    id: session.id,
    mode: session.mode,
    status: session.status,
    description,
    amount: (sandbox.amountOf(session.price) * quantity) / 100,
    currency: session.currency ?? 'eur',
    trialDays: session.trial_days,
    billingPeriod: target?.kind === 'plan' ? target.period : null,
    cancelUrl: session.cancel_url,
  };
}

export async function simulateSandboxRenewal(container: Pick<Container, 'database' | 'payments'>, userId: string, outcome?: 'success' | 'failure'): Promise<string> {
  const sub = await billingRepository.findCurrentSubscription(container.database.db, userId);
  if (!sub) throw notFound('No tienes ninguna suscripción activa.', 'NO_SUBSCRIPTION');
  const renewed = await sandboxOf(container).simulateRenewal(sub.id, outcome);
  return renewed.status;
}

export async function settleSandboxPastDue(container: Pick<Container, 'database' | 'payments'>, userId: string): Promise<void> {
  const customer = await billingRepository.findCustomerByUser(container.database.db, userId);
  if (!customer) throw notFound('No tienes ninguna suscripción activa.', 'NO_SUBSCRIPTION');
  await sandboxOf(container).settlePastDue(customer.customerId);
}

export type SandboxSubscribeResult = 'created' | 'exists' | 'busy' | 'unavailable';

/**
 * Gives a user a paid subscription through the sandbox's own flow (customer, checkout
 * without trial, "pay"), as if they had paid on the sandbox page; used for the demo
 * account. Skipped when the user already has a subscription (of any status, so a demo
 * user who cancelled stays cancelled), and safe when several processes run it at once:
 * a lease lets one of them do it, and the others skip.
 */
export async function subscribeInSandbox(container: Pick<Container, 'config' | 'database' | 'payments' | 'prices'>, user: BillingUser, plan: { planId: PlanId; period: BillingPeriod }): Promise<SandboxSubscribeResult> {
  // Never outside a sandbox set-up: the subscription would be one nobody paid for.
  if (!container.config.payments.sandboxEnabled || !(container.payments instanceof SandboxPayments)) return 'unavailable';
  const sandbox = container.payments;
  const db = container.database.db;
  const priceId = container.prices.priceId(priceKey(plan.planId, plan.period));
  if (!priceId) return 'unavailable';
  if (await billingRepository.hasAnySubscription(db, user.id)) return 'exists';
  const lease = `lease:sandbox-subscription:${user.id}`;
  if (!(await billingRepository.claimLease(db, lease, new Date(Date.now() - SEED_LEASE_MS)))) return 'busy';
  try {
    // The previous holder may have finished between the first check and the lease.
    if (await billingRepository.hasAnySubscription(db, user.id)) return 'exists';
    const session = await startCheckout(container, user, priceId, { trial: false });
    await sandbox.completeCheckout(session.id, 'pay');
    return 'created';
  } finally {
    // Released only once the subscription is stored: a later run then finds it.
    await billingRepository.releaseLease(db, lease);
  }
}
