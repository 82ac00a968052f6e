import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { KeywordProgress } from '@/features/bulk/components/keyword-progress';
import { PlaceBulkActions } from '@/features/bulk/components/place-bulk-actions';
import { KeywordSection } from '@/features/keywords/components/keyword-section';
import { placesKeys } from '@/features/places/api/keys';
import { PlacePage } from '@/features/places/components/place-page';
import { useCreditForecast } from '@/features/rankmaps/api/get-credit-forecast';
import { CreditWarningBanner } from '@/features/rankmaps/components/credit-warning';
import { PdfDownloadButton } from '@/features/reports/components/pdf-download';
import { ShareButton } from '@/features/reports/components/share-dialog';
import { roundsAtRisk } from '@/features/rankmaps/utils/credit-forecast';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /rankmap/{placeId}: the business (places) with its keywords (keywords). */
export default function PlaceRoute() {
  const { t } = useTranslation('places');
  const { t: tr } = useTranslation('reports');
  usePageMeta(t('page.title'));
  const { placeId = '' } = useParams();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  // Pro plans pay weekly scans with credits: the page warns when the next one will be skipped (docs/decisions.md §23.4).
  const forecast = useCreditForecast(profile?.planLimits.type === 'pro');
  const weekly = roundsAtRisk(forecast.data, placeId).find((r) => r.kind === 'weekly');
  // An analysis «Analizar todas» started has ended: its card's figures, the list's and the portfolio's change.
  const refreshFigures = useCallback(() => void queryClient.invalidateQueries({ queryKey: placesKeys.all }), [queryClient]);
  if (!profile) return null;
  const reloadPlace = () => queryClient.invalidateQueries({ queryKey: placesKeys.detail(placeId) });
  return (
    <PlacePage
      key={placeId}
      placeId={placeId}
      profile={profile}
      creditWarning={<CreditWarningBanner forecast={forecast.data} placeId={placeId} />}
      weeklyShortfall={weekly ? { credits: weekly.credits, available: weekly.availableBefore } : undefined}
      actions={(place) => {
        const targets = [{ scope: 'place' as const, targetId: place._id, label: tr('share.targetPlace') }];
        return (
          <>
            <PdfDownloadButton targets={targets} />
            <ShareButton targets={targets} />
          </>
        );
      }}
      keywords={(place) => (
        <KeywordSection
          place={place}
          planLimits={profile.planLimits}
          currentPlan={profile.currentPlan}
          onChanged={reloadPlace}
          actions={<PlaceBulkActions place={place} onImported={() => queryClient.invalidateQueries({ queryKey: placesKeys.all })} />}
          cardStatus={(keywordId) => <KeywordProgress placeId={placeId} keywordId={keywordId} onFinished={refreshFigures} />}
        />
      )}
    />
  );
}
