import type { Place } from '@rankmaps/shared/schemas/places';

/** Where the business itself is, or null when it has no point (a service-area business) or the point is unusable. */
export function businessPoint(place: Pick<Place, 'latitude' | 'longitude'>): { lat: number; lng: number } | null {
  const { latitude: lat, longitude: lng } = place;
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng };
}
