import { Suspense, lazy } from 'react';
import type { ReviewPaceRow } from '@rankmaps/shared/schemas/review-pace';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDecimal, formatRating } from '@/lib/format';
import { apiErrorText } from '@/lib/api-client';
import { QueryState } from '@/components/ui/query-state';
import { useReviewPace } from '../api/review-pace';

const ReviewPaceChart = lazy(() => import('./review-pace-chart'));

/** «Ritmo de reseñas» (docs/metrics.md §13): the chart of counts over time and the table of paces. */
export function ReviewPaceSection({ placeId }: { placeId: string }) {
  const { t, i18n } = useTranslation('reviews');
  const pace = useReviewPace(placeId);
  const lang = i18n.language;
  const catchUp = (r: ReviewPaceRow) => {
    switch (r.catchUp.kind) {
      case 'leader':
        return r.gapToLeader === 0 && r.reviews !== null ? t('pace.leader') : '—';
      case 'months':
        return r.catchUp.months <= 1 ? t('pace.withinAMonth') : t('pace.months', { months: formatDecimal(r.catchUp.months, lang, 1) });
      case 'never':
        return t('pace.never');
      default:
        return t('pace.unknown');
    }
  };
  return (
    <section aria-labelledby="review-pace-title" id="ritmo-de-resenas" className="space-y-4" data-testid="review-pace">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="review-pace-title" className="text-lg font-semibold text-slate-900">
          {t('pace.title')}
        </h2>
        {pace.data?.demo && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800">{t('demo')}</span>}
      </div>
      <p className="text-sm text-slate-600">{t('pace.lead')}</p>
      <QueryState
        query={pace}
        loading={t('pace.loading')}
        error={apiErrorText(pace.error, t('pace.error'))}
        isEmpty={(data) => data.rows.every((r) => r.points.length === 0)}
        empty={<p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">{t('pace.empty')}</p>}
      >
        {(data) => (
          <>
            <Suspense fallback={<div className="h-72 rounded-2xl bg-slate-50" />}>
              <ReviewPaceChart pace={data} />
            </Suspense>
            {data.rows.length === 1 && <p className="text-sm text-slate-600">{t('pace.followHint')}</p>}
            <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <table className="min-w-full text-left text-sm" data-testid="review-pace-table">
                <caption className="sr-only">{t('pace.tableCaption')}</caption>
                <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      {t('pace.business')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      {t('pace.rating')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      {t('pace.reviews')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      {t('pace.perMonth')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      {t('pace.gap')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('pace.catchUp')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.rows.map((r) => (
                    <tr key={r.placeId} className={r.isOurs ? 'bg-brand-50/40' : undefined}>
                      <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                        {r.name}
                        {r.isOurs && <span className="ml-2 text-xs font-normal text-brand-700">{t('pace.you')}</span>}
                      </th>
                      <td className="px-4 py-3 text-right tabular-nums">{r.rating === null ? '—' : formatRating(r.rating, lang)}</td>
                      <td className="px-4 py-3 text-right tabular-nums">{r.reviews === null ? '—' : formatCount(r.reviews, lang)}</td>
                      <td className="px-4 py-3 text-right tabular-nums">
                        {r.reviewsPerMonth === null ? t('pace.unknown') : formatDecimal(r.reviewsPerMonth, lang, 1)}
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums">
                        {r.gapToLeader === null ? '—' : formatCount(r.gapToLeader, lang)}
                      </td>
                      <td className="px-4 py-3">{catchUp(r)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="text-xs text-slate-500">{t('pace.method', { days: data.windowDays })}</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
