import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import { formatDecimal, formatShortDate } from '@/lib/format';
import { REPORT_LANGUAGE, fill, reportTexts as t } from '../utils/texts';

const W = 560;
const H = 200;
const PAD = { left: 36, right: 12, top: 12, bottom: 28 };
/** Lines of the followed competitors: greys and muted hues, so ours (the accent) stands out. */
const COMPETITOR_COLORS = ['#64748b', '#a16207', '#0f766e', '#9d174d', '#4338ca'];

/**
 * The GeoRank trend across past analyses, drawn by hand in SVG (no chart library on the
 * share page): ours in the accent, each followed competitor in its own colour and dash, a
 * table of the same figures for screen readers.
 */
export function TrendChart({ trend, accent }: { trend: AnalysisReport['trend']; accent: string }) {
  const points = trend.points;
  if (points.length < 2) return <p className="text-sm text-slate-600">{t.trendEmpty}</p>;
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / (points.length - 1);
  const y = (v: number) => PAD.top + ((100 - Math.max(0, Math.min(100, v))) * (H - PAD.top - PAD.bottom)) / 100;
  const path = (values: (number | null)[]) =>
    values
      .map((v, i) => (v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`))
      .filter(Boolean)
      .map((p, i) => `${i === 0 ? 'M' : 'L'}${p}`)
      .join(' ');
  const series = [
    { name: t.trendYou, color: accent, dash: undefined as string | undefined, values: points.map((p) => p.geoRank) as (number | null)[] },
    ...trend.followed.map((f, i) => ({
      name: f.name,
      color: COMPETITOR_COLORS[i % COMPETITOR_COLORS.length]!,
      dash: '6 4',
      values: points.map((p) => p.competitors.find((c) => c.placeId === f.placeId)?.geoRank ?? null),
    })),
  ];
  const from = formatShortDate(points[0]!.date, REPORT_LANGUAGE);
  const to = formatShortDate(points[points.length - 1]!.date, REPORT_LANGUAGE);
  const description = fill(t.trendDescription, { count: points.length, from, to });
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${W} ${H}`} className="block h-auto w-full" role="img" aria-label={`${t.trend}. ${description}`}>
        {[0, 25, 50, 75, 100].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y(v)} textAnchor="end" dominantBaseline="central" fontSize={11} fill="#475569">
              {v}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={H - 6} fontSize={11} fill="#475569">
          {from}
        </text>
        <text x={W - PAD.right} y={H - 6} fontSize={11} fill="#475569" textAnchor="end">
          {to}
        </text>
        {series.map((s) => (
          <g key={s.name}>
            <path d={path(s.values)} fill="none" stroke={s.color} strokeWidth={s.dash ? 2 : 3} strokeDasharray={s.dash} />
            {s.values.map((v, i) => (v === null ? null : <circle key={i} cx={x(i)} cy={y(v)} r={s.dash ? 2.5 : 3.5} fill={s.color} />))}
          </g>
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-600">{description}</figcaption>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <svg width="22" height="8" aria-hidden="true">
              <line x1="0" x2="22" y1="4" y2="4" stroke={s.color} strokeWidth={3} strokeDasharray={s.dash} />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
      <table className="sr-only">
        <caption>{t.trend}</caption>
        <thead>
          <tr>
            <th scope="col">{t.date}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={p.date}>
              <th scope="row">{formatShortDate(p.date, REPORT_LANGUAGE)}</th>
              {series.map((s) => (
                <td key={s.name}>{s.values[i] === null ? t.noValue : formatDecimal(s.values[i]!, REPORT_LANGUAGE)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
