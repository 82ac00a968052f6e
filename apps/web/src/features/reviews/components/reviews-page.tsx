import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StarIcon } from 'lucide-react';
import { paths } from '@/lib/paths';
import { GbpConnectNote, GbpReviewsSection } from './reviews-section';
import { ListingChangesSection } from './listing-changes-section';
import { ReviewPaceSection } from './review-pace-section';

/**
 * /reviews (docs/decisions.md §32): a business's Google reviews and replies (with its Business
 * Profile connected; without it, the connect action), then its review pace against its followed
 * competitors and the changes the scans saw in its listing, both from the scans we already run.
 */
export interface ReviewsPageProps {
  /** The workspace's businesses (the route reads them: features do not import each other). */
  places: { isPending: boolean; isError: boolean; data: { _id: string; name: string }[] | undefined };
  /** The Business Profile connect action, or null for a role that may not connect it. */
  connect: ReactNode;
}

export function ReviewsPage({ places, connect }: ReviewsPageProps) {
  const { t } = useTranslation('reviews');
  const [params, setParams] = useSearchParams();
  const list = places.data ?? [];
  const chosen = list.find((p) => p._id === params.get('place')) ?? list[0];
  return (
    <div data-page="reviews" className="space-y-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-amber-50 text-amber-600 ring-1 ring-amber-100"
          >
            <StarIcon className="h-6 w-6" />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
            <p className="mt-1 max-w-2xl text-pretty text-slate-600">{t('lead')}</p>
          </div>
        </div>
        {list.length > 1 && chosen && (
          <label className="flex w-full flex-col gap-1 text-sm font-medium text-slate-700 sm:w-72">
            {t('business')}
            <select
              className="rounded-lg border-slate-300 py-2 text-sm"
              value={chosen._id}
              onChange={(e) => setParams((p) => ({ ...Object.fromEntries(p), place: e.target.value }), { replace: true })}
            >
              {list.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </header>
      {places.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t('loading')}
        </p>
      ) : places.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
          {t('placesError')}
        </p>
      ) : !chosen ? (
        <>
          <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">
            {t('noPlaces')}{' '}
            <Link to={paths.newPlace.getHref()} className="font-medium text-brand-700 hover:underline">
              {t('addPlace')}
            </Link>
          </p>
          {/* A Business Profile connected first brings its locations in as businesses. */}
          <GbpConnectNote connect={connect} />
        </>
      ) : (
        <>
          {list.length === 1 && <p className="text-sm font-medium text-slate-700">{chosen.name}</p>}
          <GbpReviewsSection key={chosen._id} placeId={chosen._id} placeName={chosen.name} connect={connect} />
          <ReviewPaceSection placeId={chosen._id} />
          <ListingChangesSection placeId={chosen._id} />
        </>
      )}
    </div>
  );
}
