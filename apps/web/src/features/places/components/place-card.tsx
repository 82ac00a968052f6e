import type { Place } from '@rankmaps/shared/schemas/places';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EllipsisVerticalIcon, Grid3x3Icon, MapIcon, RefreshCwIcon, TrashIcon } from 'lucide-react';
import { useCan } from '@/lib/workspace/use-workspace';
import { DropdownMenu, type MenuItem } from '@/components/ui/dropdown-menu';
import { LatestFigures } from '@/components/ui/latest-figures';
import { Spinner } from '@/components/ui/spinner';
import { mapsUrl } from '../utils/place-limits';
import { PlaceAvatar } from './place-avatar';
import { Rating } from './rating';
import { paths } from '@/lib/paths';

interface PlaceCardProps {
  place: Place;
  syncing: boolean;
  deleting: boolean;
  onSync: () => void;
  onDelete: () => void;
  /** h3 when the list is grouped under client headings. */
  headingLevel?: 'h2' | 'h3';
}

/** One business on /rankmap (docs/product.md §2): opens its keywords; its menu syncs, opens Maps, edits the grid or deletes. */
export function PlaceCard({ place, syncing, deleting, onSync, onDelete, headingLevel = 'h2' }: PlaceCardProps) {
  const Heading = headingLevel;
  const { t } = useTranslation('places');
  const busy = syncing || deleting;
  // A role that may not change data gets only «Abrir en Maps» (docs/decisions.md §30.7).
  const canWrite = useCan('data.write');
  const sync: MenuItem = {
    kind: 'action',
    label: syncing ? t('card.syncing') : t('card.sync'),
    onSelect: onSync,
    icon: <RefreshCwIcon className="h-4 w-4" />,
    disabled: busy,
  };
  const openMaps: MenuItem = { kind: 'external', label: t('card.openMaps'), href: mapsUrl(place), icon: <MapIcon className="h-4 w-4" /> };
  const editGrid: MenuItem = {
    kind: 'link',
    label: t('card.editMatrix'),
    to: paths.editMatrix.getHref(place._id),
    icon: <Grid3x3Icon className="h-4 w-4" />,
  };
  const remove: MenuItem = {
    kind: 'action',
    label: t('card.delete'),
    onSelect: onDelete,
    icon: <TrashIcon className="h-4 w-4" />,
    danger: true,
    disabled: busy,
  };
  const { gridSize, radius } = place.matrixConfig;
  return (
    <article
      aria-busy={busy || undefined}
      className="relative flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <PlaceAvatar name={place.name} photo={place.mainPhoto} />
        <div className="min-w-0 flex-1">
          <Heading className="text-base font-semibold text-slate-900">
            {/* The whole card is clickable through this link's overlay; the menu sits above it. */}
            <Link
              to={paths.place.getHref(place._id)}
              className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-600"
            >
              <span className="line-clamp-2 break-words">{place.name}</span>
            </Link>
          </Heading>
          <p className="mt-0.5 line-clamp-2 text-sm break-words text-slate-600">{place.address}</p>
        </div>
        <div className="relative z-10">
          <DropdownMenu
            label={t('card.menu', { name: place.name })}
            trigger={<EllipsisVerticalIcon className="h-5 w-5" />}
            items={canWrite ? [sync, openMaps, editGrid, remove] : [openMaps]}
          />
        </div>
      </div>
      <div className="mt-3" data-testid="place-figures">
        <LatestFigures figures={place.figures} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Rating rating={place.rating} reviews={place.totalReviews} />
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          {t('card.grid', { size: gridSize, km: (radius / 1000).toLocaleString('es-ES') })}
        </span>
        {place.serviceArea && (
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
            {t('serviceArea')}
          </span>
        )}
      </div>
      {busy && (
        <div
          role="status"
          className="absolute inset-0 z-20 flex items-center justify-center gap-2 rounded-2xl bg-white/80 text-sm font-medium text-slate-700"
        >
          <Spinner className="h-5 w-5" />
          {deleting ? t('card.deleting') : t('card.syncing')}
        </div>
      )}
    </article>
  );
}
