import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { KeywordAnalysisPage } from '@/features/rankmaps/components/keyword-analysis-page';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /rankmap/{placeId}/keyword/{keywordId}: a keyword's analyses (rankmaps). */
export default function KeywordAnalysisRoute() {
  const { t } = useTranslation('rankmaps');
  usePageMeta(t('page.title'));
  const { placeId = '', keywordId = '' } = useParams();
  const { profile } = useSession();
  if (!profile) return null;
  return <KeywordAnalysisPage key={keywordId} placeId={placeId} keywordId={keywordId} profile={profile} />;
}
