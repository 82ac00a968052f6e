import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { profileQueryKey } from '@/lib/auth/session';

function isProfile(data: unknown): data is Profile {
  return typeof data === 'object' && data !== null && '_id' in data && 'email' in data;
}

/**
 * The /user endpoints answer with the updated profile: it becomes the session's profile at
 * once, and what hangs under the profile's key (subscription info, payments) is refreshed.
 */
export async function applyProfile(queryClient: QueryClient, data: unknown): Promise<void> {
  if (!isProfile(data)) {
    await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    return;
  }
  queryClient.setQueryData(profileQueryKey, data);
  await queryClient.invalidateQueries({ queryKey: profileQueryKey, predicate: (q) => q.queryKey.length > profileQueryKey.length });
}
