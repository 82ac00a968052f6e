import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditMatrixPage } from '@/features/places/components/edit-matrix-page';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /edit-matrix/{placeId}. */
export default function EditMatrixRoute() {
  const { t } = useTranslation('places');
  usePageMeta(t('edit.title'));
  const { placeId = '' } = useParams();
  const { profile } = useSession();
  if (!profile) return null;
  return <EditMatrixPage key={placeId} placeId={placeId} profile={profile} />;
}
