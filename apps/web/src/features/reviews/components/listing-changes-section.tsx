import { LISTING_FIELD_LABELS } from '@rankmaps/shared/schemas/review-pace';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { apiErrorText } from '@/lib/api-client';
import { formatMediumDate } from '@/lib/format';
import { useListingChanges } from '../api/review-pace';

/** «Cambios en la ficha» (docs/decisions.md §32.2): what the scans saw change, newest first. */
export function ListingChangesSection({ placeId }: { placeId: string }) {
  const { t, i18n } = useTranslation('reviews');
  const changes = useListingChanges(placeId);
  return (
    <section aria-labelledby="listing-changes-title" id="cambios-en-la-ficha" className="space-y-4" data-testid="listing-changes">
      <h2 id="listing-changes-title" className="text-lg font-semibold text-slate-900">
        {t('listing.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('listing.lead')}</p>
      <QueryState
        query={changes}
        loading={t('listing.loading')}
        error={apiErrorText(changes.error, t('listing.error'))}
        isEmpty={(data) => data.pages.every((p) => p.items.length === 0)}
        empty={<p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">{t('listing.empty')}</p>}
      >
        {(data) => (
          <>
            <ul className="space-y-3">
              {data.pages
                .flatMap((p) => p.items)
                .map((c) => (
                  <li key={c.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="listing-change">
                    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      <time dateTime={c.seenAt}>{formatMediumDate(c.seenAt, i18n.language)}</time>
                      <span aria-hidden="true">·</span>
                      <span>{c.source === 'search' ? t('listing.fromSearch') : t('listing.fromGbp')}</span>
                      {c.demo && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800">{t('demo')}</span>}
                    </div>
                    <p className="mt-1 font-medium text-slate-900">{LISTING_FIELD_LABELS[c.field]}</p>
                    <p className="mt-1 text-sm text-slate-700">
                      {t('listing.before')} <span className="line-through decoration-slate-400">{c.before ?? '—'}</span>{' '}
                      {t('listing.after')} <strong>{c.after ?? '—'}</strong>
                    </p>
                  </li>
                ))}
            </ul>
            {changes.hasNextPage && (
              <Button variant="secondary" onClick={() => void changes.fetchNextPage()} disabled={changes.isFetchingNextPage}>
                {t('listing.more')}
              </Button>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
