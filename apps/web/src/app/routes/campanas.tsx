import { useTranslation } from 'react-i18next';
import { CampaignsPage } from '@/features/campaigns/components/campaigns-page';
import { usePageMeta } from '@/lib/page-meta';

/** /campanas: the campaigns and the 30-day credit forecast (docs/workspace.md «Campañas»). */
export default function CampaignsRoute() {
  const { t } = useTranslation('campaigns');
  usePageMeta(t('title'));
  return <CampaignsPage />;
}
