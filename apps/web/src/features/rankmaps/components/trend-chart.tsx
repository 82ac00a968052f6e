import type { TrendResponse } from '@rankmaps/shared/schemas/trend';
import { useTranslation } from 'react-i18next';
import { CHART_OURS, type ChartRow, LineChartFrame, chartOtherColor } from '@/components/ui/line-chart-frame';
import { formatDecimal } from '@/lib/format';
import { trendLabels } from '../utils/trend-labels';

type Metric = 'geoRank' | 'avgPosition' | 'avgTotalPosition';
const METRICS: readonly Metric[] = ['geoRank', 'avgPosition', 'avgTotalPosition'];

/**
 * GeoRank, average position and average total position (not found = 21) of our business across the keyword's completed analyses,
 * with the followed competitors beside it. Each chart has a table twin for screen readers.
 */
export default function TrendChart({ trend, timeZone }: { trend: TrendResponse; timeZone: string }) {
  const { t, i18n } = useTranslation('rankmaps');
  const labels = trendLabels(
    trend.points.map((p) => p.date),
    i18n.language,
    timeZone,
  );
  const series = [
    { key: 'ours', name: t('trend.ours'), color: CHART_OURS, ours: true },
    ...trend.followed.map((f, i) => ({ key: f.placeId, name: f.name, color: chartOtherColor(i), ours: false })),
  ];
  const rows = (metric: Metric): ChartRow[] =>
    trend.points.map((p, i) => {
      const row: ChartRow = { label: labels[i]!, ours: p[metric] };
      for (const f of trend.followed) row[f.placeId] = p.competitors.find((c) => c.placeId === f.placeId)?.[metric] ?? null;
      return row;
    });

  if (trend.points.length < 2)
    return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">{t('trend.needTwo')}</p>;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {METRICS.map((metric) => (
        <LineChartFrame
          key={metric}
          caption={t(`trend.${metric}`)}
          dateHeader={t('trend.date')}
          rows={rows(metric)}
          series={series}
          // Position 1 is the best: the axis runs from 1 at the top down to 21 (not found).
          yAxis={{ domain: metric === 'geoRank' ? [0, 100] : [1, 21], reversed: metric !== 'geoRank' }}
          formatValue={(v) => formatDecimal(v, i18n.language, 2)}
          heightClass="h-56"
          marginLeft={-16}
        />
      ))}
    </div>
  );
}
