import { useCan } from '@/lib/workspace/use-workspace';
import { paths } from '@/lib/paths';
import { getPlan } from '@rankmaps/shared/plans';
import type { Place } from '@rankmaps/shared/schemas/places';
import { cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapPinIcon, PlusIcon } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { QueryState } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toasts/toast-context';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { upgradeNeedText } from '@/lib/upgrade-text';
import { useClients } from '../api/clients';
import { useDeletePlace } from '../api/delete-place';
import { usePlaces } from '../api/get-places';
import { useRefreshPlace } from '../api/refresh-place';
import { placesAllowance } from '../utils/place-limits';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { PlaceCard } from './place-card';

/** /rankmap (docs/product.md §2): the user's businesses, the plan's allowance and how RankMap works. */
export function PlaceListPage({ profile, actions }: { profile: Profile; /** More actions beside «Añadir negocio» (the bulk keyword import). */ actions?: ReactNode }) {
  const { t } = useTranslation('places');
  const places = usePlaces();
  const list = places.data ?? [];
  const allowance = placesAllowance(profile.planLimits, list.length);
  const planName = getPlan(profile.currentPlan)?.name ?? t('list.noPlan');
  // The plan is billing, adding businesses is changing data (docs/decisions.md §30.7).
  const canSeeBilling = useCan('billing.read');
  const canWrite = useCan('data.write');
  // The plan's allowance is billing too: without it, only how many there are.
  const countText = !canSeeBilling
    ? String(list.length)
    : allowance.unlimited
      ? `${list.length} · ${t('list.unlimited')}`
      : `${list.length}/${allowance.limit}`;

  return (
    <div data-page="rankmap" className="space-y-6">
      <HomeBreadcrumb t={t} items={[{ label: t('breadcrumb.rankmap') }]} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('list.title')}</h1>
          <p className="mt-1 text-slate-600">{t('list.subtitle')}</p>
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {canSeeBilling && (
              <div className="flex gap-1.5">
                <dt className="text-slate-500">{t('list.plan')}</dt>
                <dd className="font-semibold text-slate-800">{planName}</dd>
              </div>
            )}
            <div className="flex gap-1.5">
              <dt className="text-slate-500">{t('list.count')}</dt>
              <dd data-testid="places-count" className="font-semibold text-slate-800">
                {countText}
              </dd>
            </div>
          </dl>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canWrite && list.length > 0 && actions}
          {canWrite && (
            <AddPlaceButton canAdd={allowance.canAdd} count={list.length} limit={allowance.limit} currentPlan={profile.currentPlan} />
          )}
        </div>
      </header>

      <QueryState query={places} error={t('errors.load')} isEmpty={(all) => all.length === 0} empty={<EmptyState />}>
        {(all) => <GroupedPlaces places={all} />}
      </QueryState>
      {canWrite && <HelpBox />}
    </div>
  );
}

function AddPlaceButton({ canAdd, count, limit, currentPlan }: { canAdd: boolean; count: number; limit: number; currentPlan: string }) {
  const { t } = useTranslation('places');
  const { t: tc } = useTranslation('common');
  if (canAdd)
    return (
      <Link to={paths.newPlace.getHref()} className={`${buttonClass('primary')} shrink-0 whitespace-nowrap`}>
        <PlusIcon className="h-4 w-4" />
        {t('list.add')}
      </Link>
    );
  // The link names the cheapest plan with room for one more (docs/decisions.md §22.2).
  const need = upgradeNeedText(cheapestPlanFor({ kind: 'places', count: count + 1 }, currentPlan));
  return (
    <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
      <span role="status" className="rounded-lg bg-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-500">
        {t('list.limitReached', { count, limit })}
      </span>
      <Link to={paths.subscription.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
        {need ? t('list.upgradeNeed', { need: tc(need.key, need.values) }) : t('list.upgrade')}
      </Link>
    </div>
  );
}

const NO_CLIENT = 'none';

/**
 * The places grouped by client (docs/decisions.md §25.1): a heading per client in name order,
 * «Sin cliente» last, and a filter by client. Without any client it is the plain grid.
 */
function GroupedPlaces({ places }: { places: Place[] }) {
  const { t } = useTranslation('places');
  const clients = useClients();
  const [filter, setFilter] = useState('');
  const known = clients.data?.clients ?? [];
  const grouped = known.length > 0 || places.some((p) => p.client);
  const groups = [
    ...known.map((c) => ({ key: c.id, title: c.name, places: places.filter((p) => p.client?.id === c.id) })),
    { key: NO_CLIENT, title: t('clients.none'), places: places.filter((p) => !p.client) },
  ].filter((g) => g.places.length > 0 && (filter === '' || filter === g.key));
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {grouped ? (
          <SelectField
            label={t('clients.filter')}
            className="sm:w-64"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            options={[{ value: '', label: t('clients.all') }, ...known.map((c) => ({ value: c.id, label: c.name })), { value: NO_CLIENT, label: t('clients.none') }]}
          />
        ) : (
          <p className="text-sm text-slate-600">{t('clients.intro')}</p>
        )}
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          <Link to={paths.clients.getHref()} className="text-brand-700 hover:underline">
            {t('clients.manage')}
          </Link>
          <Link to={paths.portfolio.getHref()} className="text-brand-700 hover:underline">
            {t('portfolio.open')}
          </Link>
        </div>
      </div>
      {!grouped ? (
        <PlaceGrid places={places} />
      ) : groups.length === 0 ? (
        <p className="text-sm text-slate-600">{t('clients.emptyFilter')}</p>
      ) : (
        groups.map((g) => (
          <section key={g.key} aria-labelledby={`client-group-${g.key}`} data-testid="client-group">
            <h2 id={`client-group-${g.key}`} className="mb-3 text-lg font-semibold text-slate-900">
              {g.title} <span className="text-sm font-normal text-slate-500">({g.places.length})</span>
            </h2>
            <PlaceGrid places={g.places} headingLevel="h3" />
          </section>
        ))
      )}
    </div>
  );
}

function PlaceGrid({ places, headingLevel = 'h2' }: { places: Place[]; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('places');
  const act = useToastedAction();
  const toast = useToast();
  const remove = useDeletePlace();
  const refresh = useRefreshPlace();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [syncingId, setSyncingId] = useState<string | null>(null);

  const onDelete = (place: Place) =>
    act({
      confirm: { title: t('delete.title'), message: t('delete.message', { name: place.name }), confirmLabel: t('delete.confirm'), cancelLabel: t('delete.cancel'), destructive: true },
      run: () => remove.mutateAsync(place._id),
      done: t('delete.done', { name: place.name }),
      failed: t('errors.delete'),
      busy: (on) => setDeletingId(on ? place._id : null),
    });

  const onSync = async (place: Place) => {
    setSyncingId(place._id);
    try {
      await refresh.mutateAsync(place._id);
      toast({ type: 'success', message: t('sync.done') });
    } catch (err) {
      // docs/product.md §8: a failed sync is only logged; the card keeps its current data.
      console.error('Sincronización fallida', err);
    } finally {
      setSyncingId(null);
    }
  };

  return (
    // Columns by the list's own width: from 768 px the sidebar leaves the page only 480 px.
    <div className="@container">
      <ul className="grid gap-4 @xl:grid-cols-2 @5xl:grid-cols-3">
        {places.map((place) => (
          <li key={place._id}>
            <PlaceCard
              place={place}
              deleting={deletingId === place._id}
              syncing={syncingId === place._id}
              onDelete={() => void onDelete(place)}
              onSync={() => void onSync(place)}
              headingLevel={headingLevel}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation('places');
  const canWrite = useCan('data.write');
  return (
    <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MapPinIcon className="h-4 w-4" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{canWrite ? t('empty.title') : t('empty.readOnlyTitle')}</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{canWrite ? t('empty.body') : t('empty.readOnlyBody')}</p>
      {canWrite && (
        <Link to={paths.newPlace.getHref()} className={`${buttonClass('primary')} mt-6`}>
          <PlusIcon className="h-4 w-4" />
          {t('empty.cta')}
        </Link>
      )}
    </div>
  );
}

function HelpBox() {
  const { t } = useTranslation('places');
  const steps = t('help.steps', { returnObjects: true }) as string[];
  return (
    <section aria-labelledby="rankmap-help" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
      <h2 id="rankmap-help" className="text-base font-semibold text-brand-900">
        {t('help.title')}
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-brand-900/90">
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </section>
  );
}
