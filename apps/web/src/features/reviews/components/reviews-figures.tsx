import type { ReviewsSummary } from '@rankmaps/shared/schemas/reviews';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent, formatRating } from '@/lib/format';
import { distributionRows, responseTime } from '../utils/reviews-view';
import { Stars } from './stars';

/** The figures over every stored review (docs/decisions.md §32): average, distribution, response rate, median time to answer. */
export function ReviewsFigures({ summary }: { summary: ReviewsSummary }) {
  const { t, i18n } = useTranslation('reviews');
  const lang = i18n.language;
  const median = summary.medianResponseHours === null ? null : responseTime(summary.medianResponseHours);
  const medianText =
    median === null ? '—' : median.unit === 'underHour' ? t('figures.underHour') : t(`figures.${median.unit}`, { count: median.count });
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]" data-testid="reviews-figures">
      <dl className="grid grid-cols-2 gap-3">
        <Figure label={t('figures.average')} testId="reviews-average">
          {summary.average === null ? '—' : formatRating(summary.average, lang)}
          {summary.average !== null && <Stars value={summary.average} className="mt-1" />}
        </Figure>
        <Figure label={t('figures.total')} testId="reviews-total">
          {formatCount(summary.total, lang)}
        </Figure>
        <Figure label={t('figures.responseRate')} testId="reviews-response-rate">
          {summary.responseRate === null ? '—' : formatPercent(summary.responseRate * 100, lang, 0)}
        </Figure>
        <Figure label={t('figures.median')} testId="reviews-median">
          {medianText}
        </Figure>
      </dl>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p id="reviews-distribution-title" className="text-sm font-semibold text-slate-900">
          {t('figures.distribution')}
        </p>
        <ul aria-labelledby="reviews-distribution-title" className="mt-3 space-y-2" data-testid="reviews-distribution">
          {distributionRows(summary).map((row) => (
            <li key={row.stars} className="flex items-center gap-3 text-sm">
              <span className="w-20 shrink-0 whitespace-nowrap text-slate-700">{t('figures.starsLabel', { count: row.stars })}</span>
              <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${Math.round(row.share * 100)}%` }} />
              </span>
              <span className="w-24 shrink-0 text-right tabular-nums text-slate-700">
                {formatCount(row.count, lang)}
                <span className="sr-only"> {t('figures.reviewsWord', { count: row.count })}</span>
                <span className="text-slate-500"> · {formatPercent(row.share * 100, lang, 0)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
