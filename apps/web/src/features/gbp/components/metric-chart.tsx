import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetricPoint } from '../utils/metrics';
import { formatCount } from '@/lib/format';
import { formatDay } from '../utils/format';

/**
 * One metric's days as an area chart. Decorative for assistive technology: the card holds a
 * table twin with the same figures. Loaded lazily, with the chart library.
 */
export default function MetricChart({ points, color, name }: { points: MetricPoint[]; color: string; name: string }) {
  const { i18n } = useTranslation();
  const gradientId = `gbp-fill-${useId().replace(/:/g, '')}`;
  const data = points.map((p) => ({ ...p, label: formatDay(p.date, i18n.language) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={data} margin={{ top: 6, right: 6, bottom: 0, left: -20 }}>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={color} stopOpacity={0.25} />
            <stop offset="100%" stopColor={color} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 11, fill: '#64748b' }}
          tickLine={false}
          axisLine={{ stroke: '#cbd5e1' }}
          interval="preserveStartEnd"
          minTickGap={24}
        />
        <YAxis
          tick={{ fontSize: 11, fill: '#64748b' }}
          tickLine={false}
          axisLine={false}
          allowDecimals={false}
          width={48}
          tickFormatter={(v: number) => formatCount(v, i18n.language)}
        />
        <Tooltip
          labelFormatter={(_label, payload) => {
            const date = (payload?.[0]?.payload as { date?: string } | undefined)?.date;
            return date ? formatDay(date, i18n.language, { weekday: 'short', day: 'numeric', month: 'long' }) : '';
          }}
          formatter={(v) => [typeof v === 'number' ? formatCount(v, i18n.language) : String(v), name]}
        />
        <Area
          type="monotone"
          dataKey="value"
          name={name}
          stroke={color}
          strokeWidth={2}
          fill={`url(#${gradientId})`}
          dot={false}
          activeDot={{ r: 4 }}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
