import { useCan } from '@/lib/workspace/use-workspace';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getPlan, isUnlimited } from '@rankmaps/shared/plans';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { AwardIcon, StoreIcon } from 'lucide-react';
import { GoogleIcon } from '@/components/ui/google-icon';

function Tile({
  icon,
  label,
  value,
  children,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <div className="flex items-center gap-2 text-sm font-medium text-slate-500">
        {icon}
        {label}
      </div>
      <div className="mt-3 text-2xl font-bold tracking-tight text-slate-900">{value}</div>
      {children && <div className="mt-2">{children}</div>}
    </div>
  );
}

type PlanBadge = 'active' | 'trialing' | 'pastDue';

const badgeTones: Record<PlanBadge, string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  trialing: 'bg-sky-50 text-sky-700 ring-sky-200',
  pastDue: 'bg-red-50 text-red-700 ring-red-200',
};

function planBadge(status: string | null): PlanBadge | null {
  if (status === 'trialing') return 'trialing';
  if (status === 'past_due' || status === 'unpaid') return 'pastDue';
  if (status === 'active') return 'active';
  return null;
}

/** The Google Business tile's content, supplied by the gbp feature through the route. */
export interface GbpTileContent {
  value: ReactNode;
  detail: ReactNode;
}

/**
 * The three tiles of docs/product.md §2: businesses (n / limit, or Ilimitados), the current plan (the
 * catalogue's name, Free without one) with its state, and the Google Business connection.
 */
export function SummaryTiles({
  profile,
  subscriptionStatus,
  gbp,
}: {
  profile: Profile;
  subscriptionStatus: string | null;
  gbp: GbpTileContent;
}) {
  const { t } = useTranslation('dashboard');
  const limit = profile.planLimits.places;
  const count = profile.places.length;
  const planName = getPlan(profile.currentPlan)?.name ?? t('tiles.free');
  const badge = planBadge(subscriptionStatus);
  // The plan tile is billing, the Google one an integration (docs/decisions.md §30.7).
  const canSeeBilling = useCan('billing.read');
  const canIntegrate = useCan('integrations.manage');
  return (
    // Sized by the room the page gives it (the sidebar takes 288 px from 768 px up), not by the window.
    <div className="@container">
      <div className="grid gap-4 @2xl:grid-cols-3">
        <Tile
          testId="tile-places"
          icon={<StoreIcon className="h-4 w-4" />}
          label={t('tiles.places')}
          value={
            <span className="tabular-nums">
              {count}
              <span className="text-base font-semibold text-slate-500"> / {isUnlimited(limit) ? t('tiles.unlimited') : limit}</span>
            </span>
          }
        >
          <p className="text-xs text-slate-500">
            {isUnlimited(limit) ? t('tiles.placesUnlimited') : t('tiles.placesLimit', { count: limit })}
          </p>
        </Tile>
        {canSeeBilling && (
          <Tile testId="tile-plan" icon={<AwardIcon className="h-4 w-4" />} label={t('tiles.plan')} value={planName}>
            {badge && (
              <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${badgeTones[badge]}`}>
                {t(`tiles.status.${badge}`)}
              </span>
            )}
          </Tile>
        )}
        {canIntegrate && (
          <Tile testId="tile-gbp" icon={<GoogleIcon className="h-4 w-4" />} label={t('tiles.gbp')} value={gbp.value}>
            {gbp.detail}
          </Tile>
        )}
      </div>
    </div>
  );
}
