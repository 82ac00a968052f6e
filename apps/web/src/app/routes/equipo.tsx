import { useTranslation } from 'react-i18next';
import { TeamPage } from '@/features/team/components/team-page';
import { usePageMeta } from '@/lib/page-meta';

/** /equipo: the workspace's members and invitations (docs/decisions.md §30.7). */
export default function TeamRoute() {
  const { t } = useTranslation('team');
  usePageMeta(t('title'));
  return <TeamPage />;
}
