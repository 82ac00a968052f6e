import { useTranslation } from 'react-i18next';
import { PlaceListPage } from '@/features/places/components/place-list-page';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /rankmap: the user's businesses. */
export default function RankmapRoute() {
  const { t } = useTranslation('places');
  usePageMeta(t('list.title'));
  const { profile } = useSession();
  if (!profile) return null;
  return <PlaceListPage profile={profile} />;
}
