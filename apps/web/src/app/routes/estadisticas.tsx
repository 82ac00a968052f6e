import { useTranslation } from 'react-i18next';
import { StatisticsPage } from '@/features/gbp/components/statistics-page';
import { useGbpCallbackResult } from '@/features/gbp/hooks/use-gbp-callback-result';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /estadisticas: Google Business Profile statistics; also where a connection started here comes back to. */
export default function EstadisticasRoute() {
  const { t } = useTranslation('gbp');
  usePageMeta(t('meta.title'));
  useGbpCallbackResult();
  const { profile } = useSession();
  if (!profile) return null;
  return <StatisticsPage userId={profile._id} />;
}
