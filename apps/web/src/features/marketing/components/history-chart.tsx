import { useId } from 'react';

interface HistoryChartProps {
  label: string;
  /** Label of week n ("S1", "W1"…). */
  weekLabel: (n: number) => string;
  className?: string;
}

// Twelve weeks of an illustrative GeoRank climbing after a profile clean-up.
const SERIES = [38, 40, 39, 44, 47, 46, 52, 56, 58, 63, 67, 71];
const W = 480;
const H = 220;
const PAD = { l: 38, r: 14, t: 16, b: 30 };

/** An illustrative line chart of GeoRank over twelve weekly scans. */
export function HistoryChart({ label, weekLabel, className = '' }: HistoryChartProps) {
  const gradient = useId();
  const x = (i: number) => PAD.l + (i * (W - PAD.l - PAD.r)) / (SERIES.length - 1);
  const y = (v: number) => PAD.t + ((100 - v) * (H - PAD.t - PAD.b)) / 100;
  const line = SERIES.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join(' ');
  const area = `${line} L${x(SERIES.length - 1)} ${H - PAD.b} L${x(0)} ${H - PAD.b} Z`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className={`block h-auto w-full ${className}`}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2563eb" stopOpacity="0.28" />
          <stop offset="1" stopColor="#2563eb" stopOpacity="0" />
        </linearGradient>
      </defs>
      <g fontFamily="ui-sans-serif, system-ui, sans-serif" fontSize="13" fill="#94a3b8">
        {[0, 25, 50, 75, 100].map((v) => (
          <g key={v}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} stroke="#e2e8f0" strokeDasharray={v === 0 ? undefined : '3 4'} />
            <text x={PAD.l - 8} y={y(v)} dy="0.35em" textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        {SERIES.map((_, i) =>
          i % 2 === 0 ? (
            <text key={i} x={x(i)} y={H - 8} textAnchor="middle">
              {weekLabel(i + 1)}
            </text>
          ) : null,
        )}
      </g>
      <path d={area} fill={`url(#${gradient})`} />
      <path d={line} fill="none" stroke="#2563eb" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
      {SERIES.map((v, i) => (
        <circle
          key={i}
          cx={x(i)}
          cy={y(v)}
          r={i === SERIES.length - 1 ? 5.5 : 3}
          fill={i === SERIES.length - 1 ? '#2563eb' : '#fff'}
          stroke="#2563eb"
          strokeWidth="2"
        />
      ))}
    </svg>
  );
}

export const HISTORY_FIRST = SERIES[0] ?? 0;
export const HISTORY_LAST = SERIES[SERIES.length - 1] ?? 0;
