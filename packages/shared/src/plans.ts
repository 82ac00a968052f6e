// The one plan catalogue (docs/decisions.md §1). The pricing page, the FAQ, the limits panel,
// server-side enforcement and checkout all read from here; no page states a limit of its own.

export type PlanId = 'basico' | 'profesional' | 'premium' | 'pro_starter' | 'pro_agency' | 'pro_enterprise';
export type PlanCategory = 'basic' | 'professional';
export type BillingPeriod = 'monthly' | 'annual';

/** -1 means unlimited. */
export const UNLIMITED = -1;

export interface PlanLimitsDef {
  places: number;
  keywords: number;
  weeklyScans: number;
  manualScans: number;
  gridSize: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  category: PlanCategory;
  type: 'basic' | 'pro';
  monthlyPrice: number;
  annualPrice: number;
  popular: boolean;
  limits: PlanLimitsDef;
  /** Subscription credits granted each billing period (professional plans). */
  credits: number;
  /**
   * Live support: chat in the app and video calls with the support team, besides the tickets by
   * e-mail every plan has. Premium and the professional plans (docs/decisions.md §27.1).
   */
  liveSupport: boolean;
  /**
   * Member seats: people who sign in to the workspace besides its owner; null is unlimited
   * (docs/decisions.md §30.3: business plans 1, Starter 3, Agency 10, Enterprise unlimited).
   * Cliente viewers take none on the agency plans (permissions.ts, takesSeat).
   */
  seats: number | null;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'basico', name: 'Básico', category: 'basic', type: 'basic', monthlyPrice: 29, annualPrice: 24, popular: false,
    limits: { places: 1, keywords: 3, weeklyScans: 1, manualScans: 2, gridSize: 7 }, credits: 0, liveSupport: false, seats: 1,
  },
  {
    id: 'profesional', name: 'Profesional', category: 'basic', type: 'basic', monthlyPrice: 59, annualPrice: 49, popular: true,
    limits: { places: 3, keywords: 5, weeklyScans: 1, manualScans: 5, gridSize: 9 }, credits: 0, liveSupport: false, seats: 1,
  },
  {
    id: 'premium', name: 'Premium', category: 'basic', type: 'basic', monthlyPrice: 99, annualPrice: 79, popular: false,
    limits: { places: 10, keywords: 5, weeklyScans: 1, manualScans: 20, gridSize: 13 }, credits: 0, liveSupport: true, seats: 1,
  },
  {
    id: 'pro_starter', name: 'Starter', category: 'professional', type: 'pro', monthlyPrice: 49, annualPrice: 39, popular: false,
    limits: { places: UNLIMITED, keywords: UNLIMITED, weeklyScans: UNLIMITED, manualScans: UNLIMITED, gridSize: 15 }, credits: 500, liveSupport: true, seats: 3,
  },
  {
    id: 'pro_agency', name: 'Agency', category: 'professional', type: 'pro', monthlyPrice: 99, annualPrice: 79, popular: true,
    limits: { places: UNLIMITED, keywords: UNLIMITED, weeklyScans: UNLIMITED, manualScans: UNLIMITED, gridSize: 21 }, credits: 1500, liveSupport: true, seats: 10,
  },
  {
    id: 'pro_enterprise', name: 'Enterprise', category: 'professional', type: 'pro', monthlyPrice: 199, annualPrice: 159, popular: false,
    limits: { places: UNLIMITED, keywords: UNLIMITED, weeklyScans: UNLIMITED, manualScans: UNLIMITED, gridSize: 25 }, credits: 5000, liveSupport: true, seats: null,
  },
];

export const GRID_SIZES = [3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25] as const;
export const DEFAULT_GRID_SIZE = 7;
export const DEFAULT_RADIUS_M = 1500;
export const RADIUS_MIN_M = 200;
export const RADIUS_MAX_M = 7000;
export const RADIUS_STEP_M = 100;

/** When a profile has no planLimits, the seed's fallbacks apply. */
export const FALLBACK_LIMITS = { places: 1, keywords: 10 } as const;

export const CREDIT_PACKAGE = { credits: 500, price: 20, validityMonths: 12 } as const;
export const TRIAL_DAYS = 14;

export function getPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** Whether a plan (by id) carries live chat and video call (docs/decisions.md §27.1); no plan or an unknown one does not. */
export function hasLiveSupport(planId: string | null | undefined): boolean {
  return getPlan(planId ?? '')?.liveSupport ?? false;
}

export function plansByCategory(category: PlanCategory): Plan[] {
  return PLANS.filter((p) => p.category === category);
}

/** (monthly − annual) × 12: what a year paid annually saves. */
export function annualSavings(plan: Plan): number {
  return (plan.monthlyPrice - plan.annualPrice) * 12;
}

/** What a year costs when paid annually: the annual monthly price × 12. */
export function annualTotal(plan: Plan): number {
  return plan.annualPrice * 12;
}

export function priceFor(plan: Plan, period: BillingPeriod): number {
  return period === 'annual' ? plan.annualPrice : plan.monthlyPrice;
}

/** Odd grid sizes up to the plan's maximum: every grid has a centre point. */
export function allowedGridSizes(plan: Pick<Plan, 'limits'>): number[] {
  return GRID_SIZES.filter((s) => s <= plan.limits.gridSize);
}

export function isUnlimited(n: number): boolean {
  return n === UNLIMITED;
}

/** Best "months free" a year of annual billing gives, for the "up to N months free" claim. */
export function maxMonthsFreeAnnual(): number {
  return Math.max(...PLANS.map((p) => Math.floor(annualSavings(p) / p.monthlyPrice)));
}

/** Keys of the payment price ids: one per plan and period, and one for the credit package. */
export type PriceKey = `${PlanId}_${BillingPeriod}` | 'credits_500';

export function priceKey(planId: PlanId, period: BillingPeriod): PriceKey {
  return `${planId}_${period}`;
}

export const CREDITS_PRICE_KEY: PriceKey = 'credits_500';

export const ALL_PRICE_KEYS: PriceKey[] = [...PLANS.flatMap((p) => [priceKey(p.id, 'monthly'), priceKey(p.id, 'annual')]), CREDITS_PRICE_KEY];

/**
 * Orders plan-and-period pairs for a plan change: a dearer plan first, then an agency plan
 * above a basic one at the same price, then annual above monthly of the same plan.
 * A move to a higher rank is an upgrade (at once, pro rata; docs/decisions.md §22.1).
 */
export function planRank(plan: Plan, period: BillingPeriod): [number, number, number] {
  return [plan.monthlyPrice, plan.category === 'professional' ? 1 : 0, period === 'annual' ? 1 : 0];
}

export function isUpgrade(from: { plan: Plan; period: BillingPeriod }, to: { plan: Plan; period: BillingPeriod }): boolean {
  const a = planRank(from.plan, from.period);
  const b = planRank(to.plan, to.period);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! > a[i]!;
  return false;
}
