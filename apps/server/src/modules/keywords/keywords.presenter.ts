import type { Keyword } from '@rankmaps/shared/schemas/keywords';
import type { KeywordRow, PlaceRowForKeyword } from './keywords.repository';

/** A keyword with its place populated (docs/product.md §3 Keyword). */
export function presentKeyword(keyword: KeywordRow, place: PlaceRowForKeyword): Keyword {
  return {
    _id: keyword.id,
    name: keyword.name,
    placeId: {
      _id: place.id,
      name: place.name,
      address: place.address,
      mainPhoto: place.mainPhoto,
      googlePlaceId: place.googlePlaceId,
      rating: place.rating,
      totalReviews: place.totalReviews,
      weeklyScans: place.weeklyScans,
      rankDay: place.rankDay,
      rankHour: place.rankHour,
      timeZone: place.timeZone,
    },
    createdAt: keyword.createdAt.toISOString(),
  };
}
