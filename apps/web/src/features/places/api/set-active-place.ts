import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/** PUT /place/active-place: the business the dashboard and menus start from. */
export const setActivePlace = (placeId: string) =>
  api<{ activePlaceId: string | null }>('/place/active-place', { method: 'PUT', body: { placeId } });

export function useSetActivePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActivePlace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
