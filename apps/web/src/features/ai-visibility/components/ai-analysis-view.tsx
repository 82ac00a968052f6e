import type { AiAnalysisSummary } from '@rankmaps/shared/schemas/ai-visibility';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/ui/alert-banner';
import { NotFoundState } from '@/components/ui/not-found-state';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatMediumDateTime, formatPercent } from '@/lib/format';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useAiAnalysis } from '../api/ai-visibility';
import { AiResults } from './ai-results';

/** One AI analysis: polled while it runs (its progress), then its results; a failed one says why. */
export function AiAnalysisView({ id, history, compareId }: { id: string; history: AiAnalysisSummary[]; compareId: string | null }) {
  const { t, i18n } = useTranslation('ai-visibility');
  const query = useAiAnalysis(id);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundState title={t('notFound.analysisTitle')} body={t('notFound.analysisBody')} />;
  return (
    <QueryState query={query} error={t('errors.loadAnalysis')} loading={t('status.loading')}>
      {(analysis) => (
        <div className="space-y-4" data-testid="ai-analysis" data-status={analysis.status}>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{t('results.heading', { date: formatMediumDateTime(analysis.createdAt, i18n.language) })}</h2>
            {analysis.demo && (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300" title={t('demoHint')} data-testid="ai-demo-label">
                {analysis.demoLabel ?? t('demo')}
                <span className="sr-only">: {t('demoHint')}</span>
              </span>
            )}
          </div>
          <p className="text-sm text-slate-700">
            {analysis.engines.map((e) => e.label).join(', ')} · {analysis.gridSize}×{analysis.gridSize} · {t('history.samples', { count: analysis.samples })} ·{' '}
            {t('results.credits', { count: analysis.creditsCharged || analysis.creditsReserved })}
            {analysis.creditsRefunded > 0 && ` · ${t('results.refunded', { count: analysis.creditsRefunded })}`}
          </p>
          {analysis.status === 'pending' || analysis.status === 'processing' ? (
            <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="ai-progress">
              <p className="text-sm font-medium text-slate-900">{t(`status.${analysis.status}`, { progress: analysis.progress })}</p>
              <div className="mt-3">
                <ProgressBar value={analysis.progress} label={t('status.progressLabel')} valueText={formatPercent(analysis.progress, i18n.language, 0)} />
              </div>
              <p className="mt-2 text-xs text-slate-600">{t('status.runningHint')}</p>
            </div>
          ) : analysis.status === 'failed' ? (
            <AlertBanner tone="error" title={t('status.failedTitle')}>
              {analysis.failureReason ?? t('status.failedBody')}
            </AlertBanner>
          ) : analysis.metrics ? (
            <AiResults analysis={analysis} metrics={analysis.metrics} others={history.filter((h) => h.status === 'completed' && h.createdAt < analysis.createdAt)} compareId={compareId} />
          ) : (
            <AlertBanner tone="warning">{t('results.noMetrics')}</AlertBanner>
          )}
        </div>
      )}
    </QueryState>
  );
}
