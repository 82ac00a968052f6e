import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { placesKeys } from './keys';

/** DELETE /place/{id}: removes the business with its keywords, analyses and scheduled scans. */
export const deletePlace = (id: string) => api<{ message: string }>(`/place/${encodeURIComponent(id)}`, { method: 'DELETE' });

// The profile lists the places too (count, active place, plan limits).
export const useDeletePlace = () => useInvalidatingMutation(deletePlace, [placesKeys.all, profileQueryKey]);
