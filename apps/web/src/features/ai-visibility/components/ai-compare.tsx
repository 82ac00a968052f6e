import type { AiAnalysisSummary, AiCompareResponse } from '@rankmaps/shared/schemas/ai-visibility';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { formatDecimal, formatMediumDateTime } from '@/lib/format';
import { useAiComparison } from '../api/ai-visibility';
import { formatMeanPosition, formatShare } from '@/lib/ai-figures';

type Change = AiCompareResponse['overall']['shareOfVoice'];
const METRICS = ['shareOfVoice', 'mentionedIn', 'avgPosition'] as const;

interface Props {
  analysis: AiAnalysisSummary;
  /** The keyword's other completed AI analyses, newest first. */
  others: AiAnalysisSummary[];
  engineLabels: Record<string, string>;
  /** The analysis an alert's link names (…&compare=<id>), when it is among `others`. */
  initialOtherId: string | null;
}

/**
 * Compare with another completed AI analysis (issue 30 item 5): each figure before and after with
 * its interval, and whether the change is beyond the noise (the 95 % intervals do not overlap,
 * docs/metrics.md §12) or within it.
 */
export function AiCompare({ analysis, others, engineLabels, initialOtherId }: Props) {
  const { t, i18n } = useTranslation('ai-visibility');
  const selectId = useId();
  const [otherId, setOtherId] = useState<string>(others.find((o) => o.id === initialOtherId)?.id ?? others[0]?.id ?? '');
  const query = useAiComparison(analysis.id, otherId || null);
  return (
    <section aria-labelledby="ai-compare-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="ai-compare-title" className="text-base font-semibold text-slate-900">
        {t('compare.title')}
      </h2>
      {others.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="ai-compare-empty">
          {t('compare.empty')}
        </p>
      ) : (
        <>
          <label htmlFor={selectId} className="mt-3 block text-sm font-medium text-slate-800">
            {t('compare.with')}
          </label>
          <select id={selectId} value={otherId} onChange={(e) => setOtherId(e.target.value)} className="mt-1 block w-full max-w-sm rounded-lg border-slate-300 text-sm">
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                {t('compare.option', { date: formatMediumDateTime(o.createdAt, i18n.language) })}
              </option>
            ))}
          </select>
          <div className="mt-3">
            <QueryState query={query} error={t('compare.failed')} loading={t('compare.loading')}>
              {(data) => (
                <div className="space-y-4" data-testid="ai-compare">
                  <ChangeTable title={t('compare.overall')} figures={data.overall} />
                  {Object.entries(data.engines).map(([engine, figures]) => (
                    <ChangeTable key={engine} title={engineLabels[engine] ?? engine} figures={figures} />
                  ))}
                  <p className="text-xs text-slate-600">{t('compare.rule')}</p>
                </div>
              )}
            </QueryState>
          </div>
        </>
      )}
    </section>
  );
}

function ChangeTable({ title, figures }: { title: string; figures: AiCompareResponse['overall'] }) {
  const { t, i18n } = useTranslation('ai-visibility');
  const show = (metric: (typeof METRICS)[number], e: Change['before']) => (metric === 'avgPosition' ? formatMeanPosition(e, i18n.language) : formatShare(e, i18n.language));
  // A list, not a table: on a phone each figure stacks its before, now and verdict instead of scrolling sideways.
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      <ul className="mt-1 divide-y divide-slate-100">
        {METRICS.map((metric) => {
          const c = figures[metric];
          const change = c.change === null ? null : `${c.change > 0 ? '+' : c.change < 0 ? '−' : ''}${formatDecimal(Math.abs(c.change), i18n.language, 1)}${metric === 'avgPosition' ? '' : ' pp'}`;
          return (
            <li key={metric} className="grid gap-x-3 gap-y-0.5 py-2 text-sm sm:grid-cols-[10rem_1fr_1fr_1fr]" data-metric={metric} data-beyond-noise={c.beyondNoise}>
              <span className="font-medium text-slate-900">{t(`metrics.${metric}`)}</span>
              <span className="tabular-nums">
                <span className="text-slate-600">{t('compare.before')}: </span>
                {show(metric, c.before)}
              </span>
              <span className="tabular-nums">
                <span className="text-slate-600">{t('compare.after')}: </span>
                {show(metric, c.after)}
              </span>
              <span data-testid="ai-verdict" className={c.beyondNoise ? 'font-semibold text-slate-900' : 'text-slate-600'}>
                {change === null ? t('compare.noData') : `${change} · ${t(c.beyondNoise ? 'compare.beyondNoise' : 'compare.withinNoise')}`}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
