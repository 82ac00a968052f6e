import { DEFAULT_GRID_SIZE, FALLBACK_LIMITS } from '@rankmaps/shared/plans';
import type { PlanLimits, Profile } from '@rankmaps/shared/schemas/profile';
import type { UserRow } from './users.repository';

/**
 * Limits of a user without a plan: the seed's fallbacks (decisions §1: 1 place, 10 keywords),
 * no scans and no credits.
 */
export const FREE_PLAN_LIMITS: PlanLimits = {
  type: 'free',
  places: FALLBACK_LIMITS.places,
  keywords: FALLBACK_LIMITS.keywords,
  weeklyScans: 0,
  gridSize: DEFAULT_GRID_SIZE,
  credits: 0,
};

/** The §3 profile. Fields of domains not built yet (plans, places, billing) show their empty state. */
export function presentProfile(user: UserRow): Profile {
  return {
    _id: user.id,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profilePicture: user.profilePicture,
    mail_confirmed: user.mailConfirmed,
    currentPlan: 'free',
    subscriptionStatus: null,
    options: user.options.map(({ key, value }) => ({ key, value })),
    billingData: null,
    places: [],
    activePlaceId: null,
    planLimits: { ...FREE_PLAN_LIMITS },
    subscriptionCredits: 0,
    extraCredits: 0,
  };
}
