import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CampaignEditorPage } from '@/features/campaigns/components/campaign-editor-page';
import { usePageMeta } from '@/lib/page-meta';

/** /campanas/nueva and /campanas/:campaignId: the editor with its preview, and the campaign's rounds (docs/workspace.md «Campañas»). */
export default function CampaignRoute() {
  const { t } = useTranslation('campaigns');
  const { campaignId } = useParams();
  usePageMeta(t(campaignId ? 'editor.titleEdit' : 'editor.titleNew'));
  return <CampaignEditorPage key={campaignId ?? 'new'} campaignId={campaignId} />;
}
