import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { apiErrorText } from '@/lib/api-client';
import { useReviews } from '../api/reviews';
import { NO_FILTERS, type ReviewFilters, isFiltered } from '../utils/reviews-view';
import { ReviewCard } from './review-card';
import { ReviewsFilters } from './reviews-filters';

interface ReviewsListProps {
  placeId: string;
  placeName: string;
  canReply: boolean;
  onManageTemplates: () => void;
}

/** The reviews, newest or unanswered first, filtered, a page at a time («Cargar más» follows the cursor). */
export function ReviewsList({ placeId, placeName, canReply, onManageTemplates }: ReviewsListProps) {
  const { t } = useTranslation('reviews');
  const [filters, setFilters] = useState<ReviewFilters>(NO_FILTERS);
  // A notification links to its review (?review=…): that one is brought into view and marked.
  const highlighted = useSearchParams()[0].get('review');
  // A half-typed range (from after to) is not asked for: the fields say so and the list waits.
  const backwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const reviews = useReviews(placeId, filters, !backwards);
  return (
    <div className="space-y-4">
      <ReviewsFilters filters={filters} onChange={setFilters} />
      {backwards ? (
        <p role="alert" className="text-sm text-red-700">
          {t('filters.backwards')}
        </p>
      ) : (
        <QueryState
          query={reviews}
          loading={t('list.loading')}
          error={apiErrorText(reviews.error, t('list.error'))}
          isEmpty={(data) => data.pages.every((p) => p.items.length === 0)}
          empty={
            <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200" data-testid="reviews-empty">
              {isFiltered(filters) ? t('list.emptyFiltered') : t('list.empty')}
            </p>
          }
        >
          {(data) => (
            <>
              <ul className="space-y-3" data-testid="reviews-list" aria-busy={reviews.isFetching || undefined}>
                {data.pages
                  .flatMap((p) => p.items)
                  .map((review) => (
                    <li key={review.id}>
                      <ReviewCard
                        placeId={placeId}
                        placeName={placeName}
                        review={review}
                        canReply={canReply}
                        highlighted={review.id === highlighted}
                        onManageTemplates={onManageTemplates}
                      />
                    </li>
                  ))}
              </ul>
              {reviews.hasNextPage && (
                <Button
                  variant="secondary"
                  className="w-full sm:w-auto"
                  onClick={() => void reviews.fetchNextPage()}
                  loading={reviews.isFetchingNextPage}
                >
                  {t('list.more')}
                </Button>
              )}
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
