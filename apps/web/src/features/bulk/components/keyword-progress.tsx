import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { useAnalysisProgress, useStartedAnalyses } from '../api/analyze-all';

/**
 * On a keyword card: the progress of the analysis «Analizar todas» started for it, until it ends.
 * `onFinished` runs once it completes or fails, so the page refetches the card's figures: a card
 * must never say «Análisis completado» over «Sin análisis todavía».
 */
export function KeywordProgress({ placeId, keywordId, onFinished }: { placeId: string; keywordId: string; /** Stable (useCallback). */ onFinished: () => void }) {
  const { t } = useTranslation('bulk');
  const started = useStartedAnalyses(placeId);
  const rankMapId = started.data?.[keywordId];
  const status = useAnalysisProgress(rankMapId);
  const ended = status.data?.status === 'completed' || status.data?.status === 'failed';
  // Once per analysis that ends: the page passes a stable callback.
  useEffect(() => {
    if (ended) onFinished();
  }, [ended, rankMapId, onFinished]);
  if (!rankMapId || !status.data) return null;
  const { status: state, progress } = status.data;
  const tone = state === 'completed' ? 'text-emerald-700' : state === 'failed' ? 'text-red-700' : 'text-brand-800';
  return (
    <span data-testid="keyword-progress" data-state={state} role="status" className={`mt-1 flex items-center gap-1.5 text-xs font-medium ${tone}`}>
      {state === 'completed' ? (
        <CheckCircle2Icon aria-hidden="true" className="h-3.5 w-3.5" />
      ) : state === 'failed' ? (
        <XCircleIcon aria-hidden="true" className="h-3.5 w-3.5" />
      ) : (
        <Spinner className="h-3.5 w-3.5" />
      )}
      {t(`analyzeAll.progress.${state}`, { progress })}
      {(state === 'pending' || state === 'processing') && (
        <span aria-hidden="true" className="ml-1 h-1 w-16 overflow-hidden rounded-full bg-brand-100">
          <span className="block h-full bg-brand-600" style={{ width: `${Math.max(4, progress)}%` }} />
        </span>
      )}
    </span>
  );
}
