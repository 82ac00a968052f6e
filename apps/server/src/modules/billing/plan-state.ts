import { FALLBACK_LIMITS, type Plan, getPlan } from '@rankmaps/shared/plans';
import type { PlanLimits } from '@rankmaps/shared/schemas/profile';
import type { SubscriptionRow } from './billing.repository';

export interface PlanState {
  currentPlan: string;
  subscriptionStatus: string | null;
  plan: Plan | undefined;
  planLimits: PlanLimits;
}

/** What a user's subscription (or its absence) allows, as the profile reports it. */
export function planStateOf(sub: SubscriptionRow | undefined, override?: { type: 'basic' | 'pro' | 'free'; places: number; keywords: number; credits: number }): PlanState {
  const plan = sub ? getPlan(sub.planId) : undefined;
  const planLimits: PlanLimits = plan
    ? { type: plan.type, places: plan.limits.places, keywords: plan.limits.keywords, weeklyScans: plan.limits.weeklyScans, gridSize: plan.limits.gridSize, credits: plan.credits }
    : { type: 'free', places: FALLBACK_LIMITS.places, keywords: FALLBACK_LIMITS.keywords, weeklyScans: 0, gridSize: 7, credits: 0 };
  return {
    currentPlan: plan?.id ?? 'free',
    subscriptionStatus: sub && plan ? sub.status : null,
    plan,
    planLimits: override ? { ...planLimits, ...override } : planLimits,
  };
}
