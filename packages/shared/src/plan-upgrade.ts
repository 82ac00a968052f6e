// Which plan an upgrade prompt names (docs/decisions.md §22). No plan is called "Pro": a prompt
// names the cheapest plan of the user's own audience that allows the action ("Disponible desde
// Premium"), and when none of that audience does, the other audience as a whole ("Disponible en
// planes para agencias"). Prices are compared within one audience only: Starter costs less than
// Profesional, but a business owner asking for a 9×9 grid needs Profesional, not an agency plan.
import { DEFAULT_RADIUS_M, PLANS, type Plan, type PlanCategory, getPlan, isUnlimited } from './plans';

/** Something a plan may or may not allow. */
export type PlanAction =
  /** A grid of `size`×`size` points. */
  | { kind: 'gridSize'; size: number }
  /** A radius other than the fixed 1500 m of basic-type plans. */
  | { kind: 'radius'; radius: number }
  /** Owning `count` businesses. */
  | { kind: 'places'; count: number }
  /** `count` keywords in one business. */
  | { kind: 'keywords'; count: number }
  /** `count` manual (or scheduled) scans in one calendar month. */
  | { kind: 'manualScans'; count: number }
  /** Turning the weekly scans off and on. */
  | { kind: 'weeklyScansToggle' }
  /** Signing reports with the agency's own brand (white-label, docs/decisions.md §24.5). */
  | { kind: 'whiteLabel' }
  /** Removing the «Hecho con RankMaps» line from white-label reports. */
  | { kind: 'hidePoweredBy' }
  /** Live chat and video call with the support team (docs/decisions.md §27.1). */
  | { kind: 'liveSupport' }
  /** Campaigns and the 30-day credit forecast (docs/decisions.md §25.3): plans that pay scans in credits. */
  | { kind: 'campaigns' }
  /** API keys and the /api/v1 surface (docs/decisions.md §26.1): pro-type plans, like campaigns. */
  | { kind: 'apiKeys' };

const within = (limit: number, n: number) => isUnlimited(limit) || n <= limit;

/** Whether `plan` allows `action` (docs/decisions.md §1: only pro-type plans choose the radius or switch weekly scans). */
export function planAllows(plan: Plan, action: PlanAction): boolean {
  switch (action.kind) {
    case 'gridSize':
      return action.size <= plan.limits.gridSize;
    case 'radius':
      return plan.type === 'pro' || action.radius === DEFAULT_RADIUS_M;
    case 'places':
      return within(plan.limits.places, action.count);
    case 'keywords':
      return within(plan.limits.keywords, action.count);
    case 'manualScans':
      return within(plan.limits.manualScans, action.count);
    case 'weeklyScansToggle':
      return plan.type === 'pro';
    case 'whiteLabel':
      return plan.category === 'professional';
    case 'hidePoweredBy':
      return plan.id === 'pro_enterprise';
    case 'liveSupport':
      return plan.liveSupport;
    case 'campaigns':
    case 'apiKeys':
      return plan.type === 'pro';
  }
}

/**
 * Where an upgrade prompt points: one plan of the user's audience (`plan`), or the other
 * audience's plans (`audience`); `none` when no plan allows the action.
 */
export type UpgradeTarget = { kind: 'plan'; plan: Plan } | { kind: 'audience'; category: PlanCategory; plan: Plan } | { kind: 'none' };

/** The audience a user belongs to: their plan's, or the business owners' when they have none. */
export function audienceOf(planId: string | null | undefined): PlanCategory {
  return getPlan(planId ?? '')?.category ?? 'basic';
}

const byMonthlyPrice = (a: Plan, b: Plan) => a.monthlyPrice - b.monthlyPrice;

/**
 * The cheapest plan that allows `action`, for a user on `currentPlanId` (or none): first among
 * their audience's plans, then among the other audience's. `plan` in an `audience` answer is
 * that audience's cheapest plan allowing it.
 */
export function cheapestPlanFor(action: PlanAction, currentPlanId?: string | null): UpgradeTarget {
  const audience = audienceOf(currentPlanId);
  const cheapestIn = (category: PlanCategory) =>
    PLANS.filter((p) => p.category === category && planAllows(p, action)).sort(byMonthlyPrice)[0];
  const own = cheapestIn(audience);
  if (own) return { kind: 'plan', plan: own };
  const otherCategory: PlanCategory = audience === 'basic' ? 'professional' : 'basic';
  const other = cheapestIn(otherCategory);
  return other ? { kind: 'audience', category: otherCategory, plan: other } : { kind: 'none' };
}

/** The catalogue's words for an audience in a prompt: "planes para agencias" or "planes para negocios". */
const AUDIENCE_ES: Record<PlanCategory, string> = { basic: 'planes para negocios', professional: 'planes para agencias' };

/**
 * The label of an option a plan does not allow, in Spanish (the server's messages; the web
 * has the same texts in its catalogue): "Disponible desde Premium", "Disponible en planes para
 * agencias"; null when no plan allows it.
 */
export function availabilityLabelEs(target: UpgradeTarget): string | null {
  if (target.kind === 'plan') return `Disponible desde ${target.plan.name}`;
  if (target.kind === 'audience') return `Disponible en ${AUDIENCE_ES[target.category]}`;
  return null;
}

/** What an upgrade needs, for the end of a Spanish sentence: "el plan Premium", "un plan para agencias". */
export function upgradeNeedEs(target: UpgradeTarget): string | null {
  if (target.kind === 'plan') return `el plan ${target.plan.name}`;
  if (target.kind === 'audience') return target.category === 'professional' ? 'un plan para agencias' : 'un plan para negocios';
  return null;
}
