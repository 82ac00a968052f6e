import type { AiAnalysisResponse } from '@rankmaps/shared/schemas/ai-visibility';
import { useTranslation } from 'react-i18next';
import { formatMeanPosition, formatShare } from '@/lib/ai-figures';

type Metrics = NonNullable<AiAnalysisResponse['metrics']>;
type Figures = Metrics['overall'];

/**
 * The three figures (docs/metrics.md §12) overall and per engine, each as '38 % (29–47 %)':
 * the interval is part of the figure, never a footnote. Failed answers are counted apart.
 */
export function AiFiguresCards({ metrics, engines }: { metrics: Metrics; engines: AiAnalysisResponse['engines'] }) {
  const { t } = useTranslation('ai-visibility');
  const rows: { id: string; label: string; figures: Figures }[] = [
    { id: 'overall', label: t('results.overall'), figures: metrics.overall },
    ...engines.flatMap((e) => (metrics.engines[e.id] ? [{ id: e.id, label: e.label, figures: metrics.engines[e.id]! }] : [])),
  ];
  return (
    <section aria-labelledby="ai-figures-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="ai-figures-title" className="text-base font-semibold text-slate-900">
        {t('results.figuresTitle')}
      </h2>
      <p className="mt-1 text-xs text-slate-600">{t('results.intervalHint')}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {rows.map((r) => (
          <FiguresCard key={r.id} id={r.id} label={r.label} figures={r.figures} />
        ))}
      </div>
    </section>
  );
}

function FiguresCard({ id, label, figures }: { id: string; label: string; figures: Figures }) {
  const { t, i18n } = useTranslation('ai-visibility');
  const lang = i18n.language;
  return (
    <div className={`rounded-xl p-3 ring-1 ${id === 'overall' ? 'bg-brand-50 ring-brand-200' : 'bg-slate-50 ring-slate-200'}`} data-testid="ai-figures" data-engine={id}>
      <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
      <dl className="mt-2 space-y-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600">{t('metrics.shareOfVoice')}</dt>
          <dd className="text-base font-semibold text-slate-900 tabular-nums" data-metric="shareOfVoice">
            {formatShare(figures.shareOfVoice, lang)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('metrics.mentionedIn')}</dt>
          <dd className="text-base font-semibold text-slate-900 tabular-nums" data-metric="mentionedIn">
            {formatShare(figures.mentionedIn, lang)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('metrics.avgPosition')}</dt>
          <dd className="text-base font-semibold text-slate-900 tabular-nums" data-metric="avgPosition">
            {formatMeanPosition(figures.avgPosition, lang)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        {t('results.answers', { count: figures.answers.ok })}
        {figures.answers.failed > 0 && ` · ${t('results.failedAnswers', { count: figures.answers.failed })}`}
      </p>
    </div>
  );
}
