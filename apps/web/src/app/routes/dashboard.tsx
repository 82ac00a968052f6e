import { useTranslation } from 'react-i18next';
import { useSubscriptionInfo } from '../../features/billing/api/get-subscription-info';
import { PastDueBanner } from '../../features/billing/components/past-due-banner';
import { PlanPanel } from '../../features/billing/components/plan-panel';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { useSession } from '../../lib/auth/session';
import { usePageMeta } from '../../lib/page-meta';

/** / for paying users: the dashboard, with the billing pieces (past-due banner, plan panel). */
export default function DashboardRoute() {
  const { t } = useTranslation('dashboard');
  usePageMeta(t('meta.title'));
  const { profile } = useSession();
  const info = useSubscriptionInfo(Boolean(profile));
  if (!profile) return null;
  return (
    <DashboardPage
      profile={profile}
      subscriptionStatus={info.data ? (info.data.subscription?.status ?? null) : profile.subscriptionStatus}
      loadError={info.isError}
      onRetry={() => void info.refetch()}
      retrying={info.isFetching}
      pastDueBanner={<PastDueBanner info={info.data} />}
      planPanel={<PlanPanel profile={profile} />}
    />
  );
}
