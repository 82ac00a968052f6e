import { useTranslation } from 'react-i18next';
import { SandboxPortalPage } from '@/features/sandbox/components/sandbox-portal';
import { usePageMeta } from '@/lib/page-meta';

/** /sandbox/portal?customer=&return=: the local payment provider's billing portal. */
export default function SandboxPortalRoute() {
  const { t } = useTranslation('sandbox');
  usePageMeta(t('portal.metaTitle'));
  return <SandboxPortalPage />;
}
