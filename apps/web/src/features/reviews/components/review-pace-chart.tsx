import type { ReviewPaceResponse } from '@rankmaps/shared/schemas/review-pace';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatMediumDate } from '@/lib/format';

// The same colours as the keyword trend: ours brand blue, followed competitors distinct, colour-blind-safe hues.
const OURS = '#1d4ed8';
const OTHERS = ['#c2410c', '#047857', '#7c3aed', '#b45309', '#be185d'];

type Row = { label: string } & Record<string, number | string | null>;

/** Review counts over time, ours against each followed competitor, with a table twin for screen readers. */
export default function ReviewPaceChart({ pace }: { pace: ReviewPaceResponse }) {
  const { t, i18n } = useTranslation('reviews');
  const series = pace.rows.map((r, i) => ({
    key: `s${i}`,
    name: r.isOurs ? t('pace.ours', { name: r.name }) : r.name,
    color: r.isOurs ? OURS : OTHERS[(i - 1) % OTHERS.length]!,
    row: r,
  }));
  const days = [...new Set(pace.rows.flatMap((r) => r.points.map((p) => p.day)))].sort();
  const rows: Row[] = days.map((day) => {
    const row: Row = { label: formatMediumDate(`${day}T12:00:00Z`, i18n.language) };
    for (const s of series) row[s.key] = s.row.points.find((p) => p.day === day)?.reviews ?? null;
    return row;
  });
  return (
    <figure className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="review-pace-chart">
      <figcaption className="text-sm font-semibold text-slate-900">{t('pace.chartTitle')}</figcaption>
      <div className="mt-2 h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {/* No keyboard layer: the chart is hidden from assistive technology (the table below says it). */}
          <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: -8 }}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis tick={{ fontSize: 12, fill: '#475569' }} allowDecimals={false} domain={['auto', 'auto']} />
            <Tooltip formatter={(v) => (typeof v === 'number' ? formatCount(v, i18n.language) : '—')} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {series.map((s) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeWidth={s.row.isOurs ? 3 : 2}
                dot={{ r: 3 }}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <div className="sr-only">
        <table>
          <caption>{t('pace.chartTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pace.date')}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
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
  );
}
