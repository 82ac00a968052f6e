import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis, type YAxisProps } from 'recharts';

/** Our line is the brand blue; the others (followed competitors) get distinct, colour-blind-safe hues. */
export const CHART_OURS = '#1d4ed8';
const CHART_OTHERS = ['#c2410c', '#047857', '#7c3aed', '#b45309', '#be185d'];
/** The colour of the i-th other line, from 0. */
export const chartOtherColor = (i: number) => CHART_OTHERS[i % CHART_OTHERS.length]!;

/** One point on the x axis: its label, and each series' value there (null: none). */
export type ChartRow = { label: string } & Record<string, number | string | null>;

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  /** Our own line, drawn thicker. */
  ours: boolean;
}

/**
 * A line chart card: its caption, the chart over `rows` (x: `label`), one line a series with the
 * legend and a tooltip, and the table twin that says it to screen readers (the chart itself is
 * hidden from them). `dateHeader` heads the table's first column.
 */
export function LineChartFrame({
  caption,
  dateHeader,
  rows,
  series,
  yAxis,
  formatValue,
  heightClass,
  marginLeft,
  testId,
}: {
  caption: string;
  dateHeader: string;
  rows: ChartRow[];
  series: ChartSeries[];
  yAxis: Pick<YAxisProps, 'domain' | 'reversed'>;
  formatValue: (value: number) => string;
  heightClass: string;
  marginLeft: number;
  testId?: string;
}) {
  return (
    <figure className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <figcaption className="text-sm font-semibold text-slate-900">{caption}</figcaption>
      <div className={`mt-2 ${heightClass}`} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {/* No keyboard layer: the chart is hidden from assistive technology (the table below says it), so it must not take the focus either. */}
          <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: marginLeft }}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis tick={{ fontSize: 12, fill: '#475569' }} allowDecimals={false} {...yAxis} />
            <Tooltip formatter={(v) => (typeof v === 'number' ? formatValue(v) : '—')} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {series.map((s) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeWidth={s.ours ? 3 : 2}
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
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{dateHeader}</th>
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
