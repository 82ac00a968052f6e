import type { Competitor } from '@rankmaps/shared/metrics';
import type { GoogleResult, RankResult } from '@rankmaps/shared/schemas/rankmaps';

// Test data for the results utilities: one provider result, one grid point, one competitor.

export const item = (over: Partial<GoogleResult> = {}): GoogleResult => ({
  position: 1,
  name: 'Bar',
  address: 'Calle 1',
  rating: 4.5,
  userRatingCount: 10,
  isAd: false,
  placeId: 'p1',
  location: { latitude: 40, longitude: -3 },
  categories: [],
  ...over,
});

export const point = (over: Partial<RankResult> = {}): RankResult => ({
  coordinates: { lat: 40.4, lng: -3.7 },
  row: 0,
  col: 0,
  status: 'ok',
  googleResults: [],
  businessAnalysis: { found: false, position: null },
  ...over,
});

export const competitor = (over: Partial<Competitor> = {}): Competitor => ({
  placeId: 'c',
  name: 'C',
  location: { latitude: 40.4, longitude: -3.7 },
  rating: 4,
  userRatingCount: 100,
  address: '',
  avgPosition: 5,
  avgTotalPosition: 14.6,
  appearances: 3,
  localPackPercentage: 0,
  visibilityIndex: 10,
  compositeScore: 10,
  isOurBusiness: false,
  isAd: false,
  adShare: 0,
  categories: [],
  ...over,
});
