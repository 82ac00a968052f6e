import type { MetricsResultItem } from './types';

/**
 * For the metrics tests: a business as a provider returns it, 0.01° north-east of `centre`'s
 * point, rated 4.5 by 10 reviewers, a «Dentista», organic at position 1 unless `over` says otherwise.
 */
export function providerResult(name: string, centre: { lat: number; lng: number; city: string }, over: Partial<MetricsResultItem> = {}): MetricsResultItem {
  return {
    position: 1,
    name,
    address: `Calle de ${name}, ${centre.city}`,
    rating: 4.5,
    userRatingCount: 10,
    placeId: `pid-${name}`,
    location: { latitude: centre.lat + 0.01, longitude: centre.lng + 0.01 },
    categories: ['Dentista'],
    isAd: false,
    ...over,
  };
}
