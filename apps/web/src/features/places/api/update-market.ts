import type { MarketRequest, Place } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { usePlaceSettingsMutation } from './use-place-settings-mutation';

/** PUT /place/{id}/market: the country and language the place's searches are made in. */
export const updateMarket = (id: string, body: MarketRequest) => api<Place>(`/place/${encodeURIComponent(id)}/market`, { method: 'PUT', body });

export const useUpdateMarket = (id: string) => usePlaceSettingsMutation(id, updateMarket);
