import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { SelectField } from '@/components/ui/select-field';
import { type AnsweredFilter, NO_FILTERS, type ReviewFilters, isFiltered, toggleStar } from '../utils/reviews-view';

const pill = (on: boolean) =>
  `inline-flex min-h-9 items-center rounded-full px-3 text-sm font-medium ring-1 transition-colors ${on ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`;

/** The list's order and filters: stars (several), answered or not, and the days the reviews were written. */
export function ReviewsFilters({ filters, onChange }: { filters: ReviewFilters; onChange: (filters: ReviewFilters) => void }) {
  const { t } = useTranslation('reviews');
  return (
    <div className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="reviews-filters">
      <div role="group" aria-label={t('filters.order')} className="flex flex-wrap gap-2">
        {(['newest', 'unanswered'] as const).map((order) => (
          <button
            key={order}
            type="button"
            aria-pressed={filters.order === order}
            className={pill(filters.order === order)}
            onClick={() => onChange({ ...filters, order })}
          >
            {t(`filters.${order}`)}
          </button>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[auto_auto_1fr_1fr] lg:items-end">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('filters.stars')}</legend>
          <div className="flex flex-wrap gap-1.5">
            {[5, 4, 3, 2, 1].map((star) => (
              <button
                key={star}
                type="button"
                aria-pressed={filters.stars.includes(star)}
                aria-label={t('filters.starLabel', { count: star })}
                className={pill(filters.stars.includes(star))}
                onClick={() => onChange({ ...filters, stars: toggleStar(filters.stars, star) })}
              >
                {star} ★
              </button>
            ))}
          </div>
        </fieldset>
        <SelectField
          label={t('filters.answered')}
          value={filters.answered}
          onChange={(e) => onChange({ ...filters, answered: e.target.value as AnsweredFilter })}
          options={[
            { value: 'all', label: t('filters.all') },
            { value: 'unanswered', label: t('filters.onlyUnanswered') },
            { value: 'answered', label: t('filters.onlyAnswered') },
          ]}
        />
        <DateRangeFields range={filters} onChange={(range) => onChange({ ...filters, ...range })} />
      </div>
      {isFiltered(filters) && (
        <Button variant="ghost" className="py-1.5! text-sm" onClick={() => onChange({ ...NO_FILTERS, order: filters.order })}>
          {t('filters.clear')}
        </Button>
      )}
    </div>
  );
}
