import { type Plan, annualTotal, isUnlimited, isUpgrade } from '@rankmaps/shared/plans';
import type { PlanChangePreview, PlanLimitExcess } from '@rankmaps/shared/schemas/billing';
import type { Container } from '../../container';
import { badRequest, conflict, notFound } from '../../errors';
import { applySubscription } from './billing-events.service';
import { type SubscriptionRow, billingRepository } from './billing.repository';
import { requirePaymentsProvider } from './billing.service';
import { grantUpgradeCredits, upgradeCreditsNow } from './upgrade-credits';
import { seatsOverMessage } from '../team/seats';

type Deps = Pick<Container, 'config' | 'database' | 'log' | 'payments' | 'prices'>;

const periodName = (period: 'monthly' | 'annual'): 'anual' | 'mensual' => (period === 'annual' ? 'anual' : 'mensual');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const longDate = (d: Date) => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' }).format(d);
const catalogueAmount = (plan: Plan, period: 'monthly' | 'annual') => (period === 'annual' ? annualTotal(plan) : plan.monthlyPrice);

/** "Básico (mensual)": how a scheduled change is named in messages. */
export function scheduledPlanName(container: Pick<Container, 'prices'>, priceId: string): string {
  const target = container.prices.resolve(priceId);
  return target?.kind === 'plan' ? `${target.plan.name} (${periodName(target.period)})` : priceId;
}

/**
 * What a move to `plan` leaves over its limits: businesses beyond the plan's number, and, on a
 * plan that counts keywords per business (business-owner plans), keywords beyond it on each.
 */
async function limitExcess(container: Pick<Container, 'database'>, userId: string, plan: Plan): Promise<PlanLimitExcess[]> {
  return excessOf(await billingRepository.placesWithKeywordCounts(container.database.db, userId), plan);
}

type OwnedPlace = Awaited<ReturnType<typeof billingRepository.placesWithKeywordCounts>>[number];

/** Businesses whose grid is larger than `plan` allows: not a block, but their next analyses need a smaller grid. */
function gridsOverLimit(owned: OwnedPlace[], plan: Plan): PlanChangePreview['gridsOverLimit'] {
  return owned.filter((p) => p.gridSize > plan.limits.gridSize).map((p) => ({ placeId: p.id, placeName: p.name, gridSize: p.gridSize, limit: plan.limits.gridSize }));
}

function excessOf(owned: OwnedPlace[], plan: Plan): PlanLimitExcess[] {
  const out: PlanLimitExcess[] = [];
  const places = plan.limits.places;
  if (!isUnlimited(places) && owned.length > places) {
    out.push({ kind: 'places', placeId: null, placeName: null, count: owned.length, limit: places, excess: owned.length - places });
  }
  const perPlace = plan.limits.keywords;
  if (plan.type === 'basic' && !isUnlimited(perPlace)) {
    for (const p of owned) {
      if (p.keywords > perPlace) out.push({ kind: 'keywords', placeId: p.id, placeName: p.name, count: p.keywords, limit: perPlace, excess: p.keywords - perPlace });
    }
  }
  return out;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One Spanish sentence naming everything to remove before the move, or null when nothing is over. */
export function excessMessage(planName: string, excess: PlanLimitExcess[]): string | null {
  if (excess.length === 0) return null;
  const parts = excess.map((e) =>
    e.kind === 'places'
      ? `${plural(e.excess, 'negocio', 'negocios')} (tienes ${e.count} y el plan permite ${e.limit})`
      : `${plural(e.excess, 'keyword', 'keywords')} de «${e.placeName ?? ''}» (tiene ${e.count} y el plan permite ${e.limit})`,
  );
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)!}`;
  return `Para pasar a ${planName} tienes que eliminar antes ${list}.`;
}

const joinReasons = (...reasons: (string | null)[]) => reasons.filter(Boolean).join(' ') || null;

const scheduledConflict = (container: Pick<Container, 'prices'>, sub: SubscriptionRow) =>
  conflict(
    `Ya tienes programado el cambio a ${scheduledPlanName(container, sub.scheduledPriceId!)} para el ${longDate(sub.scheduledAt ?? new Date())}. Cancélalo antes de elegir otro plan.`,
    'CHANGE_SCHEDULED',
  );

/**
 * Checks a move of the user's subscription to `priceId` and returns what is needed for it.
 * A move up applies at once; a move down (a lower plan, or annual to monthly) at the end of
 * the period (docs/decisions.md §22.1). While a move down is scheduled, any other change is
 * refused until it is cancelled.
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
  if (sub.scheduledPriceId === priceId) throw conflict(`Ya tienes programado este cambio para el ${longDate(sub.scheduledAt ?? new Date())}.`, 'ALREADY_SCHEDULED');
  if (sub.scheduledPriceId) throw scheduledConflict(container, sub);
  return { sub, current, target, upgrade: isUpgrade(current, target) };
}

/** What a change would charge now and what changes; nothing is changed. */
export async function previewPlanChange(container: Deps, userId: string, priceId: string): Promise<PlanChangePreview> {
  const { sub, current, target, upgrade } = await planChangeFor(container, userId, priceId);
  const common = {
    from: { planId: current.plan.id, planName: current.plan.name, billingPeriod: periodName(current.period) },
    to: { planId: target.plan.id, planName: target.plan.name, billingPeriod: periodName(target.period) },
    // The catalogue amount: a month, or a whole year paid upfront.
    nextRenewalAmount: catalogueAmount(target.plan, target.period),
  };
  if (!upgrade) {
    const owned = await billingRepository.placesWithKeywordCounts(container.database.db, userId);
    const excess = excessOf(owned, target.plan);
    const at = (sub.currentPeriodEnd ?? new Date()).toISOString();
    const overGrid = gridsOverLimit(owned, target.plan);
    const blockedReason = joinReasons(excessMessage(target.plan.name, excess), await seatsOverMessage(container.database.db, userId, target.plan));
    return { ...common, kind: 'downgrade', amountDue: 0, currency: sub.currency, effectiveAt: at, nextRenewalAt: at, mustRemove: excess, blockedReason, gridsOverLimit: overGrid, creditsNow: 0, trialEndsAt: trialEndOf(sub) };
  }
  const seatsBlocked = await seatsOverMessage(container.database.db, userId, target.plan);
  const quote = await container.payments.previewPlanChange({ subscriptionId: sub.id, priceId, prorationDate: nowSeconds() });
  return {
    ...common,
    kind: 'upgrade',
    amountDue: quote.amountDue / 100,
    currency: quote.currency,
    effectiveAt: new Date().toISOString(),
    nextRenewalAt: new Date(quote.periodEnd * 1000).toISOString(),
    mustRemove: [],
    blockedReason: seatsBlocked,
    gridsOverLimit: [],
    creditsNow: upgradeCreditsNow(sub, current, target, new Date()),
    trialEndsAt: trialEndOf(sub),
  };
}

const trialEndOf = (sub: SubscriptionRow) => (sub.status === 'trialing' && sub.trialEnd ? sub.trialEnd.toISOString() : null);

/**
 * Moves up at once, charging the prorated difference, or schedules a move down for the end of
 * the period. The provider's answer is applied at once, so new limits (or the scheduled change)
 * show before the webhook. Keyed by the state acted on and the price: a double click or a second
 * tab repeats one change and one charge (or one schedule).
 */
export async function changePlan(container: Deps, userId: string, priceId: string): Promise<{ kind: 'upgrade' | 'downgrade'; effectiveAt: Date }> {
  const { sub, current, target, upgrade } = await planChangeFor(container, userId, priceId);
  const idempotencyKey = `change-plan-${sub.id}-${priceId}-${sub.updatedAt.getTime()}`;
  // A plan with fewer seats than the team takes (either way: Starter → Profesional is a move up by price).
  const seatsBlocked = await seatsOverMessage(container.database.db, userId, target.plan);
  if (seatsBlocked) throw conflict(seatsBlocked, 'OVER_NEW_PLAN_SEATS');
  if (!upgrade) {
    const message = excessMessage(target.plan.name, await limitExcess(container, userId, target.plan));
    if (message) throw conflict(message, 'OVER_NEW_PLAN_LIMITS');
    const scheduled = await container.payments.scheduleChange({ subscriptionId: sub.id, priceId, interval: target.period === 'annual' ? 'year' : 'month', idempotencyKey });
    const at = new Date(scheduled.effectiveAt * 1000);
    await container.database.db.transaction((tx) => billingRepository.setScheduledChange(tx, sub.id, { priceId, at, scheduleId: scheduled.scheduleId }));
    return { kind: 'downgrade', effectiveAt: at };
  }
  const updated = await container.payments.changePlan({ subscriptionId: sub.id, priceId, prorationDate: nowSeconds(), idempotencyKey });
  await container.database.db.transaction(async (tx) => {
    await applySubscription(container, tx, updated, nowSeconds());
    await grantUpgradeCredits(tx, { userId, sub, from: current, to: target, updated, changeKey: idempotencyKey, at: new Date() });
  });
  return { kind: 'upgrade', effectiveAt: new Date() };
}

/** The confirmation of a change, in Spanish. */
export function changePlanMessage(result: { kind: 'upgrade' | 'downgrade'; effectiveAt: Date }, planName: string): string {
  return result.kind === 'upgrade'
    ? 'Plan cambiado. Los nuevos límites ya se aplican.'
    : `Cambio programado. Pasarás a ${planName} el ${longDate(result.effectiveAt)}; hasta entonces sigues con tu plan actual.`;
}

/**
 * Cancels the scheduled move down: released at the provider (Stripe releases the schedule, the
 * subscription goes on as it is) and cleared here. Nothing is left behind.
 */
export async function cancelScheduledChange(container: Deps, userId: string): Promise<void> {
  requirePaymentsProvider(container);
  const sub = await billingRepository.findCurrentSubscription(container.database.db, userId);
  if (!sub) throw notFound('No tienes ninguna suscripción activa.', 'NO_SUBSCRIPTION');
  if (!sub.scheduledPriceId || !sub.scheduleId) throw notFound('No tienes ningún cambio de plan programado.', 'NO_SCHEDULED_CHANGE');
  await container.payments.releaseSchedule(sub.scheduleId, `release-schedule-${sub.scheduleId}`);
  await container.database.db.transaction((tx) => billingRepository.clearScheduledChange(tx, sub.id, sub.scheduleId!));
}
