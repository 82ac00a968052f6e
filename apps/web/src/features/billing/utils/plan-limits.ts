import { getPlan } from '@rankmaps/shared/plans';
import type { Profile } from '@rankmaps/shared/schemas/profile';

export interface PlanLimitsValues {
  places: number;
  keywords: number;
  weeklyScans: number;
  /** From the catalogue; absent when the plan is not in it. */
  manualScans?: number | undefined;
  gridSize: number;
}

/**
 * The limits the server enforces (the profile's planLimits, derived from the catalogue) and
 * the manual scans per month, which only the catalogue states.
 */
export function limitsOfProfile(profile: Pick<Profile, 'currentPlan' | 'planLimits'>): PlanLimitsValues {
  const { places, keywords, weeklyScans, gridSize } = profile.planLimits;
  return { places, keywords, weeklyScans, gridSize, manualScans: getPlan(profile.currentPlan)?.limits.manualScans };
}

/** The plan's monthly credits: the catalogue's, else the profile's (dev parameters), else 0 (unknown). */
export function monthlyCreditsOf(profile: Pick<Profile, 'currentPlan' | 'planLimits'>): number {
  return getPlan(profile.currentPlan)?.credits || profile.planLimits.credits || 0;
}
