import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { useTrend } from '../api/get-trend';

// The chart library is only downloaded by people who look at an analysis.
const TrendChart = lazy(() => import('./trend-chart'));

function Loading() {
  return (
    <div className="flex h-40 items-center justify-center text-brand-700" role="status">
      <Spinner className="h-5 w-5" />
    </div>
  );
}

/** Evolución: GeoRank, average position and average total position across the keyword's analyses (issue: trend chart). */
export function TrendSection({ keywordId, timeZone }: { keywordId: string; timeZone: string }) {
  const { t } = useTranslation('rankmaps');
  const trend = useTrend(keywordId);
  return (
    <section aria-labelledby="trend-title" className="space-y-3">
      <h2 id="trend-title" className="text-base font-semibold text-slate-900">
        {t('trend.title')}
      </h2>
      <QueryState query={trend} error={t('trend.loadError')} loadingView={<Loading />}>
        {(data) => (
          <Suspense fallback={<Loading />}>
            <TrendChart trend={data} timeZone={timeZone} />
          </Suspense>
        )}
      </QueryState>
    </section>
  );
}
