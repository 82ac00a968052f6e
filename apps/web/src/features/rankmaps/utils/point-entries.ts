import type { GoogleResult, RankResult } from '@rankmaps/shared/schemas/rankmaps';
import { ourPosition } from './map-markers';

export interface PointEntry extends GoogleResult {
  /** Our business: the same provider id, or the organic result at our matched position. */
  isOurs: boolean;
}

/**
 * A point's results as the panel lists them: ads first (in the provider's order), then the
 * organic results by position. Our business is matched by place id; when the provider gave
 * it none, the server matched it by name and distance and stored the position, so the
 * organic result at that position is ours.
 */
export function pointEntries(result: RankResult, ourPlaceId: string): { ads: PointEntry[]; organic: PointEntry[] } {
  const ours = ourPosition(result);
  const mark = (item: GoogleResult): PointEntry => ({
    ...item,
    isOurs:
      (item.placeId !== null && item.placeId !== '' && item.placeId === ourPlaceId) ||
      (!item.isAd && ours !== null && item.position === ours),
  });
  const ads = result.googleResults.filter((r) => r.isAd).map(mark);
  const organic = result.googleResults
    .filter((r) => !r.isAd)
    .sort((a, b) => a.position - b.position)
    .map(mark);
  return { ads, organic };
}
