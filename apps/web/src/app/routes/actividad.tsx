import { useTranslation } from 'react-i18next';
import { ActivityPage } from '@/features/activity/components/activity-page';
import { useMembers } from '@/features/team/api/team';
import { usePageMeta } from '@/lib/page-meta';

/** /actividad: the workspace's activity log (activity), filtered by the team's members (team) (docs/decisions.md §30.7). */
export default function ActivityRoute() {
  const { t } = useTranslation('activity');
  usePageMeta(t('title'));
  const members = useMembers();
  return <ActivityPage members={members.data?.items ?? []} />;
}
