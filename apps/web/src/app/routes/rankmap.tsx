import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PlacesBulkImport } from '@/features/bulk/components/place-bulk-actions';
import { placesKeys } from '@/features/places/api/keys';
import { PlaceListPage } from '@/features/places/components/place-list-page';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /rankmap: the user's businesses. */
export default function RankmapRoute() {
  const { t } = useTranslation('places');
  usePageMeta(t('list.title'));
  const { profile } = useSession();
  const queryClient = useQueryClient();
  if (!profile) return null;
  return <PlaceListPage profile={profile} actions={<PlacesBulkImport onImported={() => queryClient.invalidateQueries({ queryKey: placesKeys.all })} />} />;
}
