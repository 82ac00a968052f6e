import { lazy, Suspense } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GbpDailyResponse, GbpMetric } from '@rankmaps/shared/schemas/gbp';
import { MoveRightIcon, TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import type { DateRange } from '../utils/date-window';
import { gbpErrorView } from '../utils/errors';
import { formatCount } from '@/lib/format';
import { formatDay } from '../utils/format';
import { formatTrend, metricPoints, metricTotal, trendDirection, trendPercent } from '../utils/metrics';

// The chart library is only downloaded by people who open Estadísticas.
const MetricChart = lazy(() => import('./metric-chart'));

export const METRIC_COLORS: Record<GbpMetric, string> = { VIEWS: '#1d4ed8', SEARCHES: '#047857', ACTIONS: '#c2410c' };

const trendTones = {
  up: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  down: 'bg-red-50 text-red-700 ring-red-200',
  flat: 'bg-slate-50 text-slate-600 ring-slate-200',
};
const trendIcons = { up: TrendingUpIcon, down: TrendingDownIcon, flat: MoveRightIcon };

function ChartSkeleton() {
  return <div className="h-full w-full animate-pulse rounded-lg bg-slate-100" />;
}

function Trend({ current, previous }: { current: number; previous: number }) {
  const { t, i18n } = useTranslation('gbp');
  const percent = trendPercent(current, previous);
  if (percent === null) return <p className="text-xs text-slate-500">{t('stats.trendNone')}</p>;
  const dir = trendDirection(percent);
  const TrendIcon = trendIcons[dir];
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500" data-testid="metric-trend">
      <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold ring-1 ${trendTones[dir]}`}>
        <TrendIcon className="h-3.5 w-3.5" />
        <span className="sr-only">{t(`stats.trendLabel.${dir}`)}:</span>
        {formatTrend(percent, i18n.language)}
      </span>
      {t('stats.trendVs')}
    </p>
  );
}

interface MetricCardProps {
  metric: GbpMetric;
  current: UseQueryResult<GbpDailyResponse>;
  previous: UseQueryResult<GbpDailyResponse>;
  range: DateRange;
}

/** One metric of the window (docs/product.md §9): its total, the trend against the previous 30 days, the daily chart and a table twin. */
export function MetricCard({ metric, current, previous, range }: MetricCardProps) {
  const { t, i18n } = useTranslation('gbp');
  const title = t(`stats.metrics.${metric}.title`);
  const helpId = `gbp-metric-help-${metric}`;
  const failed = current.isError ? current.error : previous.isError ? previous.error : null;
  const view = failed ? gbpErrorView(failed) : null;
  // The total shows once this window is here; the trend waits for the previous one in its own placeholder. Either failing fails the card.
  const loaded = {
    data: current.data,
    isPending: current.isPending,
    isError: failed !== null,
    isFetching: current.isFetching || previous.isFetching,
    refetch: () => Promise.all([current.refetch(), previous.refetch()]),
  };
  const points = metricPoints(current.data);
  const total = metricTotal(current.data);

  return (
    <figure
      className="flex min-w-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid={`metric-${metric}`}
      aria-describedby={helpId}
    >
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <p id={helpId} className="mt-0.5 text-xs text-slate-500">
        {t(`stats.metrics.${metric}.help`)}
      </p>

      <QueryState
        query={loaded}
        error={(view?.kind === 'error' && view.message) || t('stats.errors.metric')}
        loadingView={
          <div role="status" aria-label={t('stats.loading')} className="mt-4 flex flex-1 flex-col gap-3">
            <span className="block h-9 w-28 animate-pulse rounded-lg bg-slate-100" />
            <span className="block h-4 w-44 animate-pulse rounded bg-slate-100" />
            <div className="h-36">
              <ChartSkeleton />
            </div>
          </div>
        }
        className="mt-4"
      >
        {() => (
          <>
            <div className="mt-4">
              <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
                <span className="sr-only">{t('stats.total')}: </span>
                <span data-testid="metric-total">{formatCount(total, i18n.language)}</span>
              </p>
              <div className="mt-1.5 min-h-5">
                {previous.data ? (
                  <Trend current={total} previous={metricTotal(previous.data)} />
                ) : (
                  <span className="block h-5 w-40 animate-pulse rounded bg-slate-100" />
                )}
              </div>
            </div>
            <div className="mt-4 h-36" aria-hidden="true">
              <Suspense fallback={<ChartSkeleton />}>
                <MetricChart points={points} color={METRIC_COLORS[metric]} name={title} />
              </Suspense>
            </div>
            {/* The chart's twin for screen readers; wrapped because a table ignores sr-only's 1px width and would widen the page. */}
            <div className="sr-only">
              <table>
                <caption>
                  {t('stats.table.caption', {
                    metric: title,
                    start: formatDay(range.startDate, i18n.language, { day: 'numeric', month: 'long' }),
                    end: formatDay(range.endDate, i18n.language, { day: 'numeric', month: 'long', year: 'numeric' }),
                  })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('stats.table.date')}</th>
                    <th scope="col">{t('stats.table.value')}</th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.date}>
                      <th scope="row">{formatDay(p.date, i18n.language, { day: 'numeric', month: 'long' })}</th>
                      <td>{formatCount(p.value, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('stats.table.total')}</th>
                    <td>{formatCount(total, i18n.language)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </>
        )}
      </QueryState>
    </figure>
  );
}
