import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowedCompetitor } from '@rankmaps/shared/schemas/trend';
import { api } from '@/lib/api-client';
import { rankmapsKeys } from './keys';

type Followed = { followed: FollowedCompetitor[] };
const base = (placeId: string) => `/place/${encodeURIComponent(placeId)}/competitors`;

/** GET /place/{id}/competitors: the businesses the user follows for this place (up to 5). */
export const getFollowed = (placeId: string) => api<Followed>(base(placeId));
/** POST /place/{id}/competitors: follow one more. */
export const followCompetitor = (placeId: string, c: FollowedCompetitor) => api<Followed>(base(placeId), { method: 'POST', body: c });
/** DELETE /place/{id}/competitors/{competitorId}. */
export const unfollowCompetitor = (placeId: string, competitorId: string) =>
  api<Followed>(`${base(placeId)}/${encodeURIComponent(competitorId)}`, { method: 'DELETE' });

export function useFollowedCompetitors(placeId: string) {
  return useQuery({ queryKey: rankmapsKeys.followed(placeId), queryFn: () => getFollowed(placeId) });
}

/** Follows or unfollows; the list and every trend of the place are refreshed. */
export function useToggleFollow(placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ competitor, follow }: { competitor: FollowedCompetitor; follow: boolean }) =>
      follow ? followCompetitor(placeId, competitor) : unfollowCompetitor(placeId, competitor.placeId),
    onSuccess: async (data) => {
      queryClient.setQueryData(rankmapsKeys.followed(placeId), data);
      await queryClient.invalidateQueries({ queryKey: rankmapsKeys.trendAll() });
    },
  });
}
