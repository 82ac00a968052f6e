import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AiVisibilityPage } from '@/features/ai-visibility/components/ai-visibility-page';
import { usePageMeta } from '@/lib/page-meta';

/** /rankmap/{placeId}/keyword/{keywordId}/ai: a keyword's AI-visibility analyses (issue 30). */
export default function AiVisibilityRoute() {
  const { t } = useTranslation('ai-visibility');
  usePageMeta(t('title'));
  const { placeId = '', keywordId = '' } = useParams();
  return <AiVisibilityPage key={keywordId} placeId={placeId} keywordId={keywordId} />;
}
