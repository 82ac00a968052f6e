import { useCan } from '@/lib/workspace/use-workspace';
import type { CompetitorAnalysis } from '@rankmaps/shared/metrics';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { useFollowedCompetitors, useToggleFollow } from '../api/followed-competitors';
import { CompetitorsTable } from './competitors-table';

/**
 * The competitors table with pins: up to 5 followed businesses per place, whose figures
 * then appear in the trend beside ours (issue: followed competitors).
 */
export function FollowableCompetitors({ placeId, analysis }: { placeId: string; analysis: CompetitorAnalysis }) {
  const { t } = useTranslation('rankmaps');
  const toast = useToast();
  const followed = useFollowedCompetitors(placeId);
  const toggle = useToggleFollow(placeId);
  const ids = (followed.data?.followed ?? []).map((f) => f.placeId);
  // Following changes the place's settings: read-only roles see the pins without the buttons (docs/decisions.md §30.7).
  const canWrite = useCan('data.write');
  return (
    <CompetitorsTable
      analysis={analysis}
      followed={ids}
      onToggleFollow={
        !canWrite
          ? undefined
          : (c) => {
              const follow = !ids.includes(c.placeId);
              toggle.mutate(
                { competitor: { placeId: c.placeId, name: c.name }, follow },
                {
                  onSuccess: () =>
                    toast({
                      type: 'success',
                      message: follow ? t('follow.followed', { name: c.name }) : t('follow.unfollowed', { name: c.name }),
                    }),
                  onError: (err) =>
                    toast({
                      type: 'error',
                      message: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('follow.error'),
                    }),
                },
              );
            }
      }
    />
  );
}
