import { useTranslation } from 'react-i18next';
import { ReviewsPage } from '@/features/reviews/components/reviews-page';
import { usePageMeta } from '@/lib/page-meta';

/** /reviews: the Reseñas 'coming soon' page. */
export default function ReviewsRoute() {
  const { t } = useTranslation('reviews');
  usePageMeta(t('meta.title'));
  return <ReviewsPage />;
}
