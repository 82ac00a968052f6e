import type { PlanLimits, Profile } from '@rankmaps/shared/schemas/profile';
import type { UserRow } from './users.repository';

/** What billing says about the user's plan and credits (getPlanState). */
export interface ProfilePlan {
  currentPlan: string;
  subscriptionStatus: string | null;
  planLimits: PlanLimits;
  subscriptionCredits: number;
  extraCredits: number;
}

/** Where the browser loads a stored picture: our own origin, under /uploads (same path in dev behind a proxy). */
export const avatarUrl = (key: string) => `/uploads/${key}`;

/**
 * The docs/product.md §3 profile from the user's row, their plan state and their places. Plan and
 * credits come only from billing.
 */
export function presentProfile(
  user: UserRow,
  plan: ProfilePlan,
  placeRefs: { places: { _id: string }[]; activePlaceId: string | null },
): Profile {
  return {
    _id: user.id,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profilePicture: user.profilePicture ? avatarUrl(user.profilePicture) : null,
    mail_confirmed: user.mailConfirmed,
    currentPlan: plan.currentPlan,
    subscriptionStatus: plan.subscriptionStatus,
    options: user.options.map(({ key, value }) => ({ key, value })),
    billingData: user.billingData ? { ...user.billingData, email: user.billingData.email || user.email } : null,
    places: placeRefs.places,
    activePlaceId: placeRefs.activePlaceId,
    planLimits: { ...plan.planLimits },
    subscriptionCredits: plan.subscriptionCredits,
    extraCredits: plan.extraCredits,
  };
}
