import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PinIcon, StarIcon } from 'lucide-react';
import { formatCount, formatRating } from '@/lib/format';

/** Small pieces the point panel and the competitors table share. */

/** The 'Anuncio' badge: amber, like the ad rows. */
export function AdBadge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-300">
      {children}
    </span>
  );
}

/** The 'Tu negocio' badge. */
export function OursBadge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full bg-brand-700 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-white">
      {children}
    </span>
  );
}

/** The gold star beside a rating. */
export function RatingStar() {
  return <StarIcon className="h-3.5 w-3.5 shrink-0 text-amber-400" fill="currentColor" />;
}

/** A pin, filled when the competitor is followed. */
export function FollowPin({ filled }: { filled: boolean }) {
  return <PinIcon className="h-4 w-4" fill={filled ? 'currentColor' : 'none'} />;
}

/** '★ 4,6 · 312 reseñas', or 'Sin valoraciones'; `stacked` puts the reviews under the stars (narrow table cells). */
export function RatingText({
  rating,
  reviews,
  locale,
  stacked = false,
}: {
  rating: number | null;
  reviews: number;
  locale: string;
  stacked?: boolean;
}) {
  const { t } = useTranslation('rankmap-results');
  const count = t('rating.reviews', { count: reviews, formatted: formatCount(reviews, locale) });
  if (rating === null) {
    return <span className="text-xs text-slate-500">{reviews > 0 ? count : t('rating.none')}</span>;
  }
  const stars = (
    <>
      <RatingStar />
      <span className="sr-only">{t('rating.value', { rating: formatRating(rating, locale) })}</span>
      <span aria-hidden="true" className="font-semibold text-slate-800">
        {formatRating(rating, locale)}
      </span>
    </>
  );
  if (stacked) {
    return (
      <span className="inline-flex flex-col text-xs whitespace-nowrap text-slate-600">
        <span className="inline-flex items-center gap-1">{stars}</span>
        <span>{count}</span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-slate-600">
      {stars}
      <span aria-hidden="true">·</span>
      <span>{count}</span>
    </span>
  );
}
