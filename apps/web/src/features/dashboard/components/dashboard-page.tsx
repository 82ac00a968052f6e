import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/workspace/use-workspace';
import { FirstPlaceCard } from './first-place-card';
import { QuickLinks } from './quick-links';
import { SummaryTiles, type GbpTileContent } from './summary-tiles';
import { greetingName } from '../utils/greeting-name';

interface DashboardPageProps {
  profile: Profile;
  /** The subscription's status ('active', 'trialing', 'past_due'…), or null without one. */
  subscriptionStatus: string | null;
  /** The subscription could not be loaded. */
  loadError: boolean;
  onRetry: () => void;
  retrying: boolean;
  /** The past-due warning (billing); renders nothing while payments are fine. */
  pastDueBanner: ReactNode;
  /** The trial's end date (billing); renders nothing outside a trial. */
  trialNotice: ReactNode;
  /** The credit shortfall banner (rankmaps, docs/decisions.md §23.4); renders nothing while the credits suffice. */
  creditWarning?: ReactNode;
  /** The 30-day credit forecast of the campaigns (pro plans only, docs/workspace.md «Campañas»). */
  campaignForecast?: ReactNode;
  /** Limits, or credits for pro plans, or an upgrade button (billing). */
  planPanel: ReactNode;
  /** The Google Business tile's figure and line (Conectado / No conectado / loading). */
  gbpTile: GbpTileContent;
  /** The Google Business Profile connect or reconnect panel. */
  gbpPanel: ReactNode;
}

/** The signed-in home (docs/product.md §2 Dashboard). */
export function DashboardPage({
  profile,
  subscriptionStatus,
  loadError,
  onRetry,
  retrying,
  pastDueBanner,
  trialNotice,
  creditWarning,
  campaignForecast,
  planPanel,
  gbpTile,
  gbpPanel,
}: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  const greeting = greetingName(profile);
  // «Añade tu primer negocio» is for those who may add one (docs/decisions.md §30.7).
  const canWrite = useCan('data.write');
  return (
    <div data-page="dashboard" className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{greeting === null ? t('greetingNeutral') : t('greeting', { name: greeting })}</p>
      </header>
      {loadError && (
        <AlertBanner tone="error" title={t('error.title')}>
          <p>{t('error.body')}</p>
          <Button variant="secondary" onClick={onRetry} loading={retrying} className="mt-3 py-2!">
            {t('error.retry')}
          </Button>
        </AlertBanner>
      )}
      {pastDueBanner}
      {trialNotice}
      {creditWarning}
      {canWrite && profile.places.length === 0 && <FirstPlaceCard />}
      <QuickLinks />
      <SummaryTiles profile={profile} subscriptionStatus={subscriptionStatus} gbp={gbpTile} />
      {campaignForecast}
      {gbpPanel}
      {planPanel}
    </div>
  );
}
