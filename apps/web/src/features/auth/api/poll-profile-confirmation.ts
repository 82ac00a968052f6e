import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchProfile, profileQueryKey } from '@/lib/auth/session';

export const PROFILE_POLL_MS = 5000;

/**
 * GET /user/profile every 5 s while a signed-in user waits on the verification page, so
 * the page moves on by itself once the link is opened (in this tab or another one).
 * It polls under its own key and copies each answer into the session's profile: a
 * network blip during polling must not count as the failed profile load that ends
 * the session.
 */
export function usePollProfileConfirmation(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['auth', 'profile-poll'],
    queryFn: async () => {
      const profile = await fetchProfile();
      queryClient.setQueryData(profileQueryKey, profile);
      return profile;
    },
    enabled,
    refetchInterval: enabled ? PROFILE_POLL_MS : false,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
}
