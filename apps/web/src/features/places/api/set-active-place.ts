import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** PUT /place/active-place: the business the dashboard and menus start from. */
export const setActivePlace = (placeId: string) =>
  api<{ activePlaceId: string | null }>('/place/active-place', { method: 'PUT', body: { placeId } });

export const useSetActivePlace = () => useInvalidatingMutation(setActivePlace, [profileQueryKey]);
