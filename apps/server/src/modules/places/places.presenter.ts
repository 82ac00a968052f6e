import type { MatrixCell, Place } from '@rankmaps/shared/schemas/places';
import type { CardFigures } from '@rankmaps/shared/schemas/workspace';
import type { PlaceRow } from './places.repository';

/** A place as the client reads it (docs/product.md §3). Service-area businesses report their chosen centre as geometry. */
export function presentPlace(row: PlaceRow, coordinatesMatrix: MatrixCell[][], extra: { keywords?: { _id: string; name: string; figures?: CardFigures }[]; client?: { id: string; name: string } | null; figures?: CardFigures } = {}): Place {
  return {
    _id: row.id,
    name: row.name,
    address: row.address,
    mainPhoto: row.mainPhoto,
    googlePlaceId: row.googlePlaceId,
    latitude: row.lat,
    longitude: row.lng,
    geometry: { location: { lat: row.lat ?? row.centerLat, lng: row.lng ?? row.centerLng } },
    rating: row.rating,
    totalReviews: row.totalReviews,
    createdAt: row.createdAt.toISOString(),
    matrixConfig: row.matrixConfig,
    coordinatesMatrix,
    weeklyScans: row.weeklyScans,
    rankDay: row.rankDay,
    rankHour: row.rankHour,
    scheduleDefault: row.scheduleDefault,
    weeklyAi: row.weeklyAi ?? null,
    timeZone: row.timeZone,
    serviceArea: row.serviceArea,
    countryCode: row.countryCode,
    searchLanguage: row.searchLanguage,
    ...(extra.keywords ? { keywords: extra.keywords } : {}),
    ...(extra.client !== undefined ? { client: extra.client } : {}),
    ...(extra.figures ? { figures: extra.figures } : {}),
  };
}
