import { useCan } from '@/lib/workspace/use-workspace';
import type { CampaignAi } from '@rankmaps/shared/schemas/campaigns';
import type { Place } from '@rankmaps/shared/schemas/places';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundState } from '@/components/ui/not-found-state';
import { ClockIcon, EllipsisVerticalIcon, Grid3x3Icon } from 'lucide-react';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { QueryState } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { usePlace } from '../api/get-place';
import { useSetActivePlace } from '../api/set-active-place';
import { useUpdateMarket } from '../api/update-market';
import { useUpdateSchedule } from '../api/update-schedule';
import { countryName, languageName } from '../utils/market-names';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { PlaceAvatar } from './place-avatar';
import { Rating } from './rating';
import { MarketCard } from './market-card';
import { PlaceSlackCard } from './place-slack-card';
import { ReportMailCard } from './report-mail-card';
import { PlaceClientCard } from './place-client-card';
import { MarketModal } from './market-modal';
import { ScheduleModal } from './schedule-modal';
import { type WeeklyShortfall, WeeklyScanCard } from './weekly-scan-card';
import { paths } from '@/lib/paths';

interface PlacePageProps {
  placeId: string;
  profile: Profile;
  /** The keyword grid (keywords feature), given the loaded place. */
  keywords: (place: Place) => ReactNode;
  /** The credit shortfall banner for this place (rankmaps feature, docs/decisions.md §23.4), or nothing. */
  creditWarning?: ReactNode;
  /** The next weekly round will be skipped unless credits are added: what it costs and what will be left for it. */
  weeklyShortfall?: WeeklyShortfall;
  /** Buttons in the header (the reports feature's «Compartir»), given the loaded place. */
  actions?: (place: Place) => ReactNode;
}

/**
 * /rankmap/{placeId} (docs/product.md §2): the business's header, its keywords first, then its
 * weekly scan and its settings (market, client, Slack, report e-mail).
 * A place that is not the user's (404) sends them to the dashboard.
 */
export function PlacePage({ placeId, profile, keywords, creditWarning, weeklyShortfall, actions }: PlacePageProps) {
  const { t } = useTranslation('places');
  const query = usePlace(placeId);
  const setActive = useSetActivePlace();
  const activate = setActive.mutate;
  const loaded = query.isSuccess;

  // Visiting a business makes it the active one (docs/product.md §2), once we know it is the user's.
  useEffect(() => {
    if (loaded && profile.activePlaceId !== placeId) activate(placeId);
  }, [loaded, placeId, profile.activePlaceId, activate]);

  // Not there, or not this person's to see (another client's, docs/decisions.md §30.7): said on the page.
  if (query.error instanceof ApiError && query.error.status === 404) return <PlaceNotFound />;
  return (
    <QueryState query={query} error={t('errors.loadOne')}>
      {(place) => (
        <div data-page="place" className="space-y-6">
          <HomeBreadcrumb t={t} viaRankmap items={[{ label: place.name }]} />
          {creditWarning}
          <PlaceHeader
            place={place}
            isPro={profile.planLimits.type === 'pro'}
            weeklyShortfall={weeklyShortfall}
            actions={actions?.(place)}
          >
            {keywords(place)}
          </PlaceHeader>
        </div>
      )}
    </QueryState>
  );
}

function PlaceHeader({
  place,
  isPro,
  weeklyShortfall,
  actions,
  children,
}: {
  place: Place;
  isPro: boolean;
  weeklyShortfall?: WeeklyShortfall;
  actions?: ReactNode;
  /** The keywords: right under the header, above the weekly scan and the settings cards. */
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('places');
  const toast = useToast();
  const showApiAlert = useApiErrorAlert();
  const schedule = useUpdateSchedule(place._id);
  const [editing, setEditing] = useState(false);
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [toggling, setToggling] = useState(false);
  const market = useUpdateMarket(place._id);
  // Each settings card needs its own action of the permission table (docs/decisions.md §30.7).
  const canWrite = useCan('data.write');
  const canManageClients = useCan('clients.manage');
  const canIntegrate = useCan('integrations.manage');
  const canShare = useCan('share.manage');
  const [editingMarket, setEditingMarket] = useState(false);
  const [marketError, setMarketError] = useState<string | null>(null);

  const saveMarket = async (countryCode: string, searchLanguage: string) => {
    setMarketError(null);
    try {
      const saved = await market.mutateAsync({ countryCode, searchLanguage });
      setEditingMarket(false);
      const country = countryName(saved.countryCode, i18n.language);
      const language = languageName(saved.searchLanguage, i18n.language).toLocaleLowerCase(i18n.language);
      toast({ type: 'success', message: t('market.saved', { country, language }) });
    } catch (err) {
      setMarketError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('errors.market'));
    }
  };

  const saveSchedule = async (rankDay: number, rankHour: number, ai: CampaignAi | null | undefined) => {
    setScheduleError(null);
    try {
      await schedule.mutateAsync(ai === undefined ? { rankDay, rankHour } : { rankDay, rankHour, ai });
      setEditing(false);
      toast({ type: 'success', message: t('schedule.saved') });
    } catch (err) {
      setScheduleError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('errors.schedule'));
    }
  };

  const toggleWeekly = async (on: boolean) => {
    setToggling(true);
    try {
      await schedule.mutateAsync({ weeklyScans: on });
      toast({ type: 'success', message: on ? t('weekly.turnedOn') : t('weekly.turnedOff') });
    } catch (err) {
      if (!showApiAlert(err)) toast({ type: 'error', message: t('errors.weekly') });
    } finally {
      setToggling(false);
    }
  };

  return (
    <>
      <header className="flex flex-wrap items-start gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <PlaceAvatar name={place.name} photo={place.mainPhoto} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl">{place.name}</h1>
          <p className="mt-0.5 text-sm break-words text-slate-600">{place.address}</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Rating rating={place.rating} reviews={place.totalReviews} />
            {place.serviceArea && (
              <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
                {t('serviceArea')}
              </span>
            )}
          </div>
        </div>
        {/* On narrow screens the page's buttons take a row of their own under the name, so the
            name keeps its width and the menu stays in reach. */}
        {actions && <div className="order-last flex w-full flex-wrap gap-2 lg:order-none lg:w-auto">{actions}</div>}
        {canWrite && (
          <DropdownMenu
            label={t('header.menu')}
            trigger={<EllipsisVerticalIcon className="h-5 w-5" />}
            items={[
              {
                kind: 'link',
                label: t('card.editMatrix'),
                to: paths.editMatrix.getHref(place._id),
                icon: <Grid3x3Icon className="h-4 w-4" />,
              },
              { kind: 'action', label: t('schedule.open'), onSelect: () => setEditing(true), icon: <ClockIcon className="h-4 w-4" /> },
            ]}
          />
        )}
      </header>
      {children}
      {canWrite && (
        <WeeklyScanCard
          place={place}
          shortfall={weeklyShortfall}
          canToggle={isPro}
          toggling={toggling}
          onToggle={(on) => void toggleWeekly(on)}
          onEditSchedule={() => setEditing(true)}
        />
      )}
      {canWrite && <MarketCard place={place} onChange={() => setEditingMarket(true)} />}
      {canManageClients && <PlaceClientCard placeId={place._id} client={place.client} />}
      {canIntegrate && <PlaceSlackCard placeId={place._id} />}
      {canShare && <ReportMailCard placeId={place._id} />}
      {editingMarket && (
        <MarketModal
          countryCode={place.countryCode}
          searchLanguage={place.searchLanguage}
          saving={market.isPending}
          error={marketError}
          onSave={(c, l) => void saveMarket(c, l)}
          onClose={() => {
            setEditingMarket(false);
            setMarketError(null);
          }}
        />
      )}
      {editing && (
        <ScheduleModal
          place={place}
          canUseAi={isPro}
          saving={schedule.isPending}
          error={scheduleError}
          onSave={(d, h, ai) => void saveSchedule(d, h, ai)}
          onClose={() => {
            setEditing(false);
            setScheduleError(null);
          }}
        />
      )}
    </>
  );
}

function PlaceNotFound() {
  const { t } = useTranslation('places');
  return <NotFoundState title={t('notFound.title')} body={t('notFound.body')} />;
}
