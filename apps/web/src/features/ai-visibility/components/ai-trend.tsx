import type { AiAnalysisSummary } from '@rankmaps/shared/schemas/ai-visibility';
import { useTranslation } from 'react-i18next';
import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { formatMediumDateTime } from '@/lib/format';
import { formatShare } from '@/lib/ai-figures';

const OURS = '#1d4ed8';

/**
 * «Cuota de voz en IA» over the keyword's completed AI analyses, oldest first, with its 95 %
 * interval as a band (issue 30 item 5): a dip inside the band is noise. The chart is hidden
 * from assistive technology; the table under it says the same. Loaded lazily with recharts.
 */
export default function AiTrend({ history }: { history: AiAnalysisSummary[] }) {
  const { t, i18n } = useTranslation('ai-visibility');
  const done = history.filter((a) => a.status === 'completed' && a.shareOfVoice?.value != null).reverse();
  if (done.length < 2) return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">{t('trend.needTwo')}</p>;
  const rows = done.map((a) => ({
    // Date and time: two analyses of one day must not share a label.
    label: formatMediumDateTime(a.createdAt, i18n.language),
    share: a.shareOfVoice?.value ?? null,
    band: [a.shareOfVoice?.low ?? null, a.shareOfVoice?.high ?? null],
  }));
  return (
    <figure data-testid="ai-trend">
      <div className="h-56" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis domain={[0, 100]} tick={{ fontSize: 12, fill: '#475569' }} allowDecimals={false} />
            <Area dataKey="band" stroke="none" fill={OURS} fillOpacity={0.15} isAnimationActive={false} />
            <Line dataKey="share" stroke={OURS} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-1 text-xs text-slate-600">{t('trend.caption')}</figcaption>
      <table className="sr-only">
        <caption>{t('trend.title')}</caption>
        <tbody>
          {done.map((a, i) => (
            <tr key={a.id}>
              <th scope="row">{rows[i]!.label}</th>
              <td>{a.shareOfVoice ? formatShare(a.shareOfVoice, i18n.language) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
