import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePlaceRequest } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { placesKeys } from './keys';

/** POST /place: adds the business with its grid; answers 201 with its id. */
export const createPlace = (body: CreatePlaceRequest) => api<{ _id: string }>('/place', { method: 'POST', body });

export function useCreatePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlace,
    onSuccess: async () => {
      // The profile lists the places too (count, active place, plan limits).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: placesKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
