import { annualTotal, isUpgrade } from '@rankmaps/shared/plans';
import type { PlanChangePreview } from '@rankmaps/shared/schemas/billing';
import type { Container } from '../../container';
import { badRequest, conflict, notFound } from '../../errors';
import { applySubscription } from './billing-events.service';
import { billingRepository } from './billing.repository';
import { requirePaymentsProvider } from './billing.service';

type Deps = Pick<Container, 'config' | 'database' | 'log' | 'payments' | 'prices'>;

const periodName = (period: 'monthly' | 'annual') => (period === 'annual' ? 'anual' : 'mensual');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Checks a move of the user's subscription to `priceId` and returns what is needed for it.
 * Only upgrades are offered (docs/decisions.md §22.1): a lower plan, or annual to monthly,
 * is refused until moves at period end exist.
 */
async function planChangeFor(container: Deps, userId: string, priceId: string) {
  requirePaymentsProvider(container);
  const target = container.prices.resolve(priceId);
  if (target?.kind !== 'plan') throw badRequest('El plan seleccionado no existe.', 'UNKNOWN_PRICE');
  const sub = await billingRepository.findCurrentSubscription(container.database.db, userId);
  const current = sub ? container.prices.resolve(sub.priceId) : undefined;
  if (!sub || current?.kind !== 'plan') throw notFound('No tienes ninguna suscripción activa.', 'NO_SUBSCRIPTION');
  if (sub.priceId === priceId) throw conflict('Ya tienes este plan.', 'SAME_PLAN');
  if (sub.status === 'past_due') throw conflict('Tienes un pago pendiente. Actualiza tu tarjeta antes de cambiar de plan.', 'PAYMENT_PENDING');
  if (sub.cancelAtPeriodEnd) throw conflict('Tu suscripción se cancelará al final del período. Reactívala antes de cambiar de plan.', 'CANCELLING');
  if (!isUpgrade(current, target)) {
    throw conflict('Por ahora solo puedes cambiar a un plan superior o pasar de mensual a anual. Para bajar de plan, escríbenos a soporte.', 'DOWNGRADE_NOT_AVAILABLE');
  }
  return { sub, current, target };
}

/** What an upgrade would charge now, pro rata, and what changes; nothing is changed. */
export async function previewPlanChange(container: Deps, userId: string, priceId: string): Promise<PlanChangePreview> {
  const { sub, current, target } = await planChangeFor(container, userId, priceId);
  const quote = await container.payments.previewPlanChange({ subscriptionId: sub.id, priceId, prorationDate: nowSeconds() });
  return {
    kind: 'upgrade',
    from: { planId: current.plan.id, planName: current.plan.name, billingPeriod: periodName(current.period) },
    to: { planId: target.plan.id, planName: target.plan.name, billingPeriod: periodName(target.period) },
    amountDue: quote.amountDue / 100,
    currency: quote.currency,
    effectiveAt: new Date().toISOString(),
    nextRenewalAt: new Date(quote.periodEnd * 1000).toISOString(),
    // The catalogue amount: a month, or a whole year paid upfront.
    nextRenewalAmount: target.period === 'annual' ? annualTotal(target.plan) : target.plan.monthlyPrice,
  };
}

/**
 * Moves up at once, charging the prorated difference; the provider's answer is applied at
 * once so the new limits hold before the webhook. Keyed by the state acted on and the price:
 * a double click or a second tab repeats one change and one charge.
 */
export async function changePlan(container: Deps, userId: string, priceId: string): Promise<void> {
  const { sub } = await planChangeFor(container, userId, priceId);
  const updated = await container.payments.changePlan({
    subscriptionId: sub.id,
    priceId,
    prorationDate: nowSeconds(),
    idempotencyKey: `change-plan-${sub.id}-${priceId}-${sub.updatedAt.getTime()}`,
  });
  await container.database.db.transaction((tx) => applySubscription(container, tx, updated, nowSeconds()));
}
