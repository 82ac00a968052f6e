import type { CreatePlaceRequest } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { placesKeys } from './keys';

/** POST /place: adds the business with its grid; answers 201 with its id. */
export const createPlace = (body: CreatePlaceRequest) => api<{ _id: string }>('/place', { method: 'POST', body });

// The profile lists the places too (count, active place, plan limits).
export const useCreatePlace = () => useInvalidatingMutation(createPlace, [placesKeys.all, profileQueryKey]);
