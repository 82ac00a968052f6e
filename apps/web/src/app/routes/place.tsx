import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { KeywordSection } from '@/features/keywords/components/keyword-section';
import { placesKeys } from '@/features/places/api/keys';
import { PlacePage } from '@/features/places/components/place-page';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /rankmap/{placeId}: the business (places) with its keywords (keywords). */
export default function PlaceRoute() {
  const { t } = useTranslation('places');
  usePageMeta(t('page.title'));
  const { placeId = '' } = useParams();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  if (!profile) return null;
  const reloadPlace = () => queryClient.invalidateQueries({ queryKey: placesKeys.detail(placeId) });
  return (
    <PlacePage
      key={placeId}
      placeId={placeId}
      profile={profile}
      keywords={(place) => <KeywordSection place={place} planLimits={profile.planLimits} currentPlan={profile.currentPlan} onChanged={reloadPlace} />}
    />
  );
}
