import { CREDIT_PACKAGE, GRID_SIZES, maxMonthsFreeAnnual, PLANS, RADIUS_MAX_M, RADIUS_MIN_M, TRIAL_DAYS } from '@rankmaps/shared/plans';

/** docs/product.md §1 and docs/product.md §9: competitors followed per location. */
export const COMPETITORS_PER_LOCATION = 5;

// Every number the marketing pages print comes from the plan catalogue.
export const claims = {
  trialDays: TRIAL_DAYS,
  competitors: COMPETITORS_PER_LOCATION,
  monthsFree: maxMonthsFreeAnnual(),
  lowestAnnualPrice: Math.min(...PLANS.map((p) => p.annualPrice)),
  minGrid: GRID_SIZES[0],
  maxGrid: Math.max(...PLANS.map((p) => p.limits.gridSize)),
  minRadiusKm: RADIUS_MIN_M / 1000,
  maxRadiusKm: RADIUS_MAX_M / 1000,
  creditPackage: CREDIT_PACKAGE,
  /** Who has live chat and video call (docs/decisions.md §27.1): business plans by name, and whether every agency plan does. */
  liveSupport: {
    businessPlans: PLANS.filter((p) => p.category === 'basic' && p.liveSupport).map((p) => p.name),
    allAgencyPlans: PLANS.filter((p) => p.category === 'professional').every((p) => p.liveSupport),
  },
};
