import type { ReviewPaceResponse } from '@rankmaps/shared/schemas/review-pace';
import { useTranslation } from 'react-i18next';
import { CHART_OURS, type ChartRow, LineChartFrame, chartOtherColor } from '@/components/ui/line-chart-frame';
import { formatCount, formatMediumDate } from '@/lib/format';

/** Review counts over time, ours against each followed competitor, with a table twin for screen readers. */
export default function ReviewPaceChart({ pace }: { pace: ReviewPaceResponse }) {
  const { t, i18n } = useTranslation('reviews');
  // The same colours as the keyword trend: ours first, then each followed competitor.
  const series = pace.rows.map((r, i) => ({
    key: `s${i}`,
    name: r.isOurs ? t('pace.ours', { name: r.name }) : r.name,
    color: r.isOurs ? CHART_OURS : chartOtherColor(i - 1),
    ours: r.isOurs,
    row: r,
  }));
  const days = [...new Set(pace.rows.flatMap((r) => r.points.map((p) => p.day)))].sort();
  const rows: ChartRow[] = days.map((day) => {
    const row: ChartRow = { label: formatMediumDate(`${day}T12:00:00Z`, i18n.language) };
    for (const s of series) row[s.key] = s.row.points.find((p) => p.day === day)?.reviews ?? null;
    return row;
  });
  return (
    <LineChartFrame
      caption={t('pace.chartTitle')}
      dateHeader={t('pace.date')}
      rows={rows}
      series={series}
      yAxis={{ domain: ['auto', 'auto'] }}
      formatValue={(v) => formatCount(v, i18n.language)}
      heightClass="h-64"
      marginLeft={-8}
      testId="review-pace-chart"
    />
  );
}
