import type { TrendResponse } from '@rankmaps/shared/schemas/trend';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDecimal } from '@/lib/format';
import { trendLabels } from '../utils/trend-labels';

// Our line is the brand blue; followed competitors get distinct, colour-blind-safe hues.
const OURS = '#1d4ed8';
const OTHERS = ['#c2410c', '#047857', '#7c3aed', '#b45309', '#be185d'];

interface Row {
  label: string;
  [series: string]: number | string | null;
}

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
    { key: 'ours', name: t('trend.ours'), color: OURS },
    ...trend.followed.map((f, i) => ({ key: f.placeId, name: f.name, color: OTHERS[i % OTHERS.length]! })),
  ];
  const rows = (metric: Metric): Row[] =>
    trend.points.map((p, i) => {
      const row: Row = { label: labels[i]!, ours: p[metric] };
      for (const f of trend.followed) row[f.placeId] = p.competitors.find((c) => c.placeId === f.placeId)?.[metric] ?? null;
      return row;
    });

  if (trend.points.length < 2)
    return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">{t('trend.needTwo')}</p>;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {METRICS.map((metric) => (
        <figure key={metric} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <figcaption className="text-sm font-semibold text-slate-900">{t(`trend.${metric}`)}</figcaption>
          <div className="mt-2 h-56" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              {/* No keyboard layer: the chart is hidden from assistive technology (the table below says it), so it must not take the focus either. */}
              <LineChart accessibilityLayer={false} data={rows(metric)} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
                <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
                <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} />
                {/* Position 1 is the best: the axis runs from 1 at the top down to 21 (not found). */}
                <YAxis
                  tick={{ fontSize: 12, fill: '#475569' }}
                  domain={metric === 'geoRank' ? [0, 100] : [1, 21]}
                  reversed={metric !== 'geoRank'}
                  allowDecimals={false}
                />
                <Tooltip formatter={(v) => (typeof v === 'number' ? formatDecimal(v, i18n.language, 2) : '—')} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {series.map((s) => (
                  <Line
                    key={s.key}
                    type="monotone"
                    dataKey={s.key}
                    name={s.name}
                    stroke={s.color}
                    strokeWidth={s.key === 'ours' ? 3 : 2}
                    dot={{ r: 3 }}
                    connectNulls
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
          {/* A table ignores the 1 px width of sr-only; its wrapper keeps the page from scrolling sideways. */}
          <div className="sr-only">
            <table>
              <caption>{t(`trend.${metric}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('trend.date')}</th>
                  {series.map((s) => (
                    <th key={s.key} scope="col">
                      {s.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows(metric).map((r, i) => (
                  <tr key={`${r.label}-${i}`}>
                    <th scope="row">{r.label}</th>
                    {series.map((s) => (
                      <td key={s.key}>{r[s.key] ?? '—'}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      ))}
    </div>
  );
}
