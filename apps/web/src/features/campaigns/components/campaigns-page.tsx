import type { Campaign } from '@rankmaps/shared/schemas/campaigns';
import { PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { buttonClass } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useSession } from '@/lib/auth/session';
import { paths } from '@/lib/paths';
import { useCampaigns } from '../api/campaigns';
import { CampaignCard } from './campaign-card';
import { ForecastCard } from './forecast-card';
import { UpgradePanel } from './upgrade-panel';

/**
 * /campanas (docs/workspace.md «Campañas»): the 30-day forecast, the user's campaigns, then each
 * place's weekly scan. Only pro plans create campaigns; the others learn which plan has them.
 */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const { profile } = useSession();
  const campaigns = useCampaigns();
  const pro = profile?.planLimits.type === 'pro';
  const custom = campaigns.data?.campaigns.filter((c) => c.kind === 'custom') ?? [];
  const placeScans = campaigns.data?.campaigns.filter((c) => c.kind === 'place') ?? [];

  return (
    <div data-page="campaigns" className="space-y-6">
      <HomeBreadcrumb t={t} items={[{ label: t('title') }]} />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        {pro && (
          <Link to={paths.newCampaign.getHref()} className={`${buttonClass('primary')} shrink-0 self-start whitespace-nowrap sm:self-auto`}>
            <PlusIcon className="h-4 w-4" />
            {t('new')}
          </Link>
        )}
      </header>

      {pro ? <ForecastCard /> : <UpgradePanel currentPlan={profile?.currentPlan ?? null} />}

      <QueryState query={campaigns} error={t('list.loadError')}>
        {() => (
          <>
            {pro && (
              <section aria-labelledby="campaigns-custom" className="space-y-3">
                <h2 id="campaigns-custom" className="text-lg font-semibold text-slate-900">
                  {t('list.custom')}
                </h2>
                {custom.length === 0 ? <EmptyState /> : <CampaignList campaigns={custom} />}
              </section>
            )}
            <section aria-labelledby="campaigns-places" className="space-y-3">
              <div>
                <h2 id="campaigns-places" className="text-lg font-semibold text-slate-900">
                  {t('list.places')}
                </h2>
                <p className="text-sm text-slate-600">{t('list.placesHint')}</p>
              </div>
              {placeScans.length === 0 ? (
                <p className="text-sm text-slate-600">{t('list.noPlaces')}</p>
              ) : (
                <CampaignList campaigns={placeScans} />
              )}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}

function CampaignList({ campaigns }: { campaigns: Campaign[] }) {
  return (
    <ul className="space-y-3">
      {campaigns.map((c) => (
        <li key={c.id}>
          <CampaignCard campaign={c} />
        </li>
      ))}
    </ul>
  );
}

function EmptyState() {
  const { t } = useTranslation('campaigns');
  return (
    <div data-testid="campaigns-empty" className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <p className="font-semibold text-slate-900">{t('list.emptyTitle')}</p>
      <p className="mx-auto mt-1 max-w-prose text-sm text-slate-600">{t('list.emptyBody')}</p>
      <Link to={paths.newCampaign.getHref()} className={`${buttonClass('primary')} mt-4 inline-flex`}>
        <PlusIcon className="h-4 w-4" />
        {t('list.emptyCta')}
      </Link>
    </div>
  );
}
