import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { KeywordAnalysisPage } from '@/features/rankmaps/components/keyword-analysis-page';
import { PdfDownloadButton } from '@/features/reports/components/pdf-download';
import { ShareButton, type ShareTarget } from '@/features/reports/components/share-dialog';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /rankmap/{placeId}/keyword/{keywordId}: a keyword's analyses (rankmaps). */
export default function KeywordAnalysisRoute() {
  const { t } = useTranslation('rankmaps');
  const { t: tr } = useTranslation('reports');
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
            <PdfDownloadButton targets={targets} />
            <ShareButton targets={targets} />
          </>
        );
      }}
    />
  );
}
