import { FALLBACK_LIMITS, isUnlimited } from '@rankmaps/shared/plans';
import type { PlanLimits } from '@rankmaps/shared/schemas/profile';

/**
 * Whether one more business may be added (docs/product.md §5): always for pro plans, otherwise while
 * the count is below planLimits.places (1 when the profile has no limits).
 */
export function placesAllowance(planLimits: Pick<PlanLimits, 'type' | 'places'> | null | undefined, count: number) {
  const limit = planLimits?.places ?? FALLBACK_LIMITS.places;
  const unlimited = planLimits?.type === 'pro' || isUnlimited(limit);
  return { canAdd: unlimited || count < limit, unlimited, limit };
}

/** Google Maps for the business: by its place id when it is a real Google one, else by name and address. */
export function mapsUrl(place: { name: string; address: string; googlePlaceId: string }): string {
  const query = encodeURIComponent(`${place.name}, ${place.address}`);
  const isGoogleId = !place.googlePlaceId.startsWith('demo-');
  return `https://www.google.com/maps/search/?api=1&query=${query}${isGoogleId ? `&query_place_id=${encodeURIComponent(place.googlePlaceId)}` : ''}`;
}
