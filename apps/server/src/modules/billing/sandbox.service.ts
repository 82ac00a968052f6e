import type { SandboxCheckout } from '@rankmaps/shared/schemas/sandbox';
import type { Container } from '../../container';
import { notFound } from '../../errors';
import { SandboxPayments } from '../../providers/payments/sandbox';
import { billingRepository } from './billing.repository';

export function sandboxOf(container: Container): SandboxPayments {
  if (!(container.payments instanceof SandboxPayments)) throw notFound();
  return container.payments;
}

export async function describeSandboxCheckout(container: Container, id: string): Promise<SandboxCheckout | undefined> {
  const sandbox = sandboxOf(container);
  const session = await sandbox.getCheckout(id);
  if (!session) return undefined;
  const target = container.prices.resolve(session.price);
  const description =
    target?.kind === 'plan' ? `Plan ${target.plan.name} (${target.period === 'annual' ? 'Anual' : 'Mensual'})` : `${target?.credits ?? 0} créditos`;
  return {
    id: session.id,
    mode: session.mode,
    status: session.status,
    description,
    amount: sandbox.amountOf(session.price) / 100,
    currency: session.currency ?? 'eur',
    trialDays: session.trial_days,
    billingPeriod: target?.kind === 'plan' ? target.period : null,
    cancelUrl: session.cancel_url,
  };
}

export async function simulateSandboxRenewal(container: Container, userId: string): Promise<string> {
  const sub = await billingRepository.findCurrentSubscription(container.database.db, userId);
  if (!sub) throw notFound('No tienes ninguna suscripción activa.', 'NO_SUBSCRIPTION');
  const renewed = await sandboxOf(container).simulateRenewal(sub.id);
  return renewed.status;
}

export async function settleSandboxPastDue(container: Container, userId: string): Promise<void> {
  const customer = await billingRepository.findCustomerByUser(container.database.db, userId);
  if (!customer) throw notFound('No tienes ninguna suscripción activa.', 'NO_SUBSCRIPTION');
  await sandboxOf(container).settlePastDue(customer.customerId);
}
