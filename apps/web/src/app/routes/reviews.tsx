import { useTranslation } from 'react-i18next';
import { usePlaces } from '@/features/places/api/get-places';
import { isUsable, useGbpStatus } from '@/features/gbp/api/get-connection-status';
import { ConnectButton } from '@/features/gbp/components/connect-button';
import { useGbpCallbackResult } from '@/features/gbp/hooks/use-gbp-callback-result';
import { ReviewsPage } from '@/features/reviews/components/reviews-page';
import { usePageMeta } from '@/lib/page-meta';
import { useCan } from '@/lib/workspace/use-workspace';

/** /reviews: «Reseñas», the Google reviews, the review pace and the listing guard (docs/decisions.md §32); a connection started here comes back here. */
export default function ReviewsRoute() {
  const { t } = useTranslation('reviews');
  usePageMeta(t('meta.title'));
  useGbpCallbackResult();
  const places = usePlaces();
  const canIntegrate = useCan('integrations.manage');
  const status = useGbpStatus(canIntegrate);
  return (
    <ReviewsPage places={places} connect={canIntegrate ? <ConnectButton usable={isUsable(status.data)} variant="secondary" /> : null} />
  );
}
