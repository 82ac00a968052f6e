import { formatRating } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { StarIcon } from 'lucide-react';

/** '★ 4,7 (312 reseñas)', or 'Sin reseñas'. */
export function Rating({ rating, reviews }: { rating: number | null; reviews: number }) {
  const { t, i18n } = useTranslation('places');
  if (rating === null) return <span className="text-sm text-slate-500">{t('rating.none')}</span>;
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-700">
      <StarIcon className="h-4 w-4 text-amber-400" fill="currentColor" />
      <span className="font-semibold">{formatRating(rating, i18n.language)}</span>
      <span className="text-slate-500">({t('rating.reviews', { count: reviews })})</span>
    </span>
  );
}
