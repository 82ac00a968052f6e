import { useTranslation } from 'react-i18next';
import { SparklesIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { KeywordAnalysisPage } from '@/features/rankmaps/components/keyword-analysis-page';
import { PdfDownloadButton } from '@/features/reports/components/pdf-download';
import { ShareButton, type ShareTarget } from '@/features/reports/components/share-dialog';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /rankmap/{placeId}/keyword/{keywordId}: a keyword's analyses (rankmaps). */
export default function KeywordAnalysisRoute() {
  const { t } = useTranslation('rankmaps');
  const { t: tr } = useTranslation('reports');
  const { t: tai } = useTranslation('ai-visibility');
  usePageMeta(t('page.title'));
  const { placeId = '', keywordId = '' } = useParams();
  const { profile } = useSession();
  if (!profile) return null;
  return (
    <KeywordAnalysisPage
      key={keywordId}
      placeId={placeId}
      keywordId={keywordId}
      profile={profile}
      // «Compartir» and «Descargar PDF» (docs/reports.md "Share links", "PDF"): the selected analysis, or the keyword's history.
      actions={({ analysisId }) => {
        const targets: ShareTarget[] = [
          ...(analysisId ? [{ scope: 'analysis' as const, targetId: analysisId, label: tr('share.targetAnalysis') }] : []),
          { scope: 'keyword' as const, targetId: keywordId, label: tr('share.targetKeyword') },
        ];
        return (
          <>
            {/* «Visibilidad en IA» beside the map analysis (issue 30 item 1): the same keyword asked to the AI engines. */}
            <Link to={paths.aiVisibility.getHref(placeId, keywordId)} className={buttonClass('secondary')}>
              <SparklesIcon className="h-4 w-4" />
              {tai('title')}
            </Link>
            <PdfDownloadButton targets={targets} />
            <ShareButton targets={targets} />
          </>
        );
      }}
    />
  );
}
