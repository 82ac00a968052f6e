import { useTranslation } from 'react-i18next';
import { SupportPage } from '@/features/support/components/support-page';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /support: the support feature for the signed-in user. */
export default function SupportRoute() {
  const { t } = useTranslation('support');
  usePageMeta(t('meta.title'));
  const { profile } = useSession();
  if (!profile) return null;
  return <SupportPage profile={profile} />;
}
