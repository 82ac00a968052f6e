import { useCan, useWorkspace } from '@/lib/workspace/use-workspace';
import { usesClientPortal } from '@/lib/workspace/active-workspace';
import { PlaceListPage } from '@/features/places/components/place-list-page';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscriptionInfo } from '@/features/billing/api/get-subscription-info';
import { PastDueBanner } from '@/features/billing/components/past-due-banner';
import { PlanPanel } from '@/features/billing/components/plan-panel';
import { TrialNotice } from '@/features/billing/components/trial-notice';
import { ForecastCard } from '@/features/campaigns/components/forecast-card';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { GbpPanel } from '@/features/gbp/components/gbp-panel';
import { useCreditForecast } from '@/features/rankmaps/api/get-credit-forecast';
import { useScanQuota } from '@/features/rankmaps/api/get-scan-quota';
import { CreditWarningBanner } from '@/features/rankmaps/components/credit-warning';
import { GbpTileDetail, GbpTileValue } from '@/features/gbp/components/gbp-tile';
import { useGbpCallbackResult } from '@/features/gbp/hooks/use-gbp-callback-result';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/**
 * / for paying users: the dashboard, with the billing pieces (past-due banner, plan panel) and the
 * Google Business Profile ones (tile, connect panel; the OAuth round trip comes back here).
 */
export default function DashboardRoute() {
  const { t } = useTranslation('dashboard');
  usePageMeta(t('meta.title'));
  useGbpCallbackResult();
  const { profile } = useSession();
  // Plan, credits and the Google connection only for the roles the table lets see them (docs/decisions.md §30.7).
  const canSeeBilling = useCan('billing.read');
  const canIntegrate = useCan('integrations.manage');
  const portal = usesClientPortal(useWorkspace().role);
  const info = useSubscriptionInfo(Boolean(profile) && canSeeBilling);
  // Only basic-type plans count manual scans (docs/decisions.md §2); the limits panel shows what is left.
  const quota = useScanQuota(canSeeBilling && profile?.planLimits.type === 'basic');
  const left = quota.data;
  // Pro plans pay their weekly and scheduled scans with credits: warn before they are skipped (docs/decisions.md §23.4).
  const forecast = useCreditForecast(canSeeBilling && profile?.planLimits.type === 'pro');
  if (!profile) return null;
  // A Cliente's start page is their businesses (docs/decisions.md §30.7).
  if (portal) return <PlaceListPage profile={profile} />;
  return (
    <DashboardPage
      profile={profile}
      subscriptionStatus={info.data ? (info.data.subscription?.status ?? null) : profile.subscriptionStatus}
      loadError={canSeeBilling && info.isError}
      onRetry={() => void info.refetch()}
      retrying={info.isFetching}
      pastDueBanner={canSeeBilling && <PastDueBanner info={info.data} />}
      trialNotice={canSeeBilling && <TrialNotice info={info.data} />}
      creditWarning={<CreditWarningBanner forecast={forecast.data} />}
      campaignForecast={
        // Its own Suspense: the card loads the campaigns namespace after the page has drawn.
        canSeeBilling && profile.planLimits.type === 'pro' ? (
          <Suspense fallback={null}>
            <ForecastCard showManageLink />
          </Suspense>
        ) : null
      }
      planPanel={
        canSeeBilling && (
          <PlanPanel
            profile={profile}
            manualScansLeft={left?.limit != null && left.remaining != null ? { remaining: left.remaining, limit: left.limit } : undefined}
          />
        )
      }
      gbpTile={{ value: <GbpTileValue />, detail: <GbpTileDetail /> }}
      gbpPanel={canIntegrate && <GbpPanel />}
    />
  );
}
