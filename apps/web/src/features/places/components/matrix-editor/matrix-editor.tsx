import { type ReactNode, Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatrixPoint } from '@rankmaps/shared/schemas/places';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { useGenerateMatrix } from '@/features/places/api/generate-matrix';
import { MatrixControls, type MatrixValue } from './matrix-controls';
import { type LatLng, type MatrixPlanLimits, RADIUS_DEBOUNCE_MS, summariseMatrix } from './matrix-logic';
import { useDebouncedValue } from '@/lib/use-debounced-value';

// Leaflet and its stylesheet load with the editor's map only, in their own chunk.
const MatrixMap = lazy(() => import('./matrix-map'));

export type { LatLng, MatrixPlanLimits, MatrixValue };

export interface MatrixEditorProps {
  /** The grid's centre: the business's location, or the centre picked for a service area; null before there is one. */
  center: LatLng | null;
  value: MatrixValue;
  onChange: (value: MatrixValue) => void;
  planLimits: MatrixPlanLimits;
  /** For service areas: clicking the map reports the position to use as the centre. */
  onPickCenter?: (center: LatLng) => void;
  /** The grid for the current centre and value, once generated; null while it loads, is pending or failed. */
  onMatrix?: (points: MatrixPoint[] | null) => void;
  /** Shown above the map (the address search for a service area's centre). */
  children?: ReactNode;
  /**
   * The level of the editor's (visually hidden) summary heading: one below the heading the
   * editor sits under, so levels never skip (3 in the wizard's step, 2 right under a page's h1).
   */
  headingLevel?: 2 | 3;
}

function MapFallback() {
  return (
    <div className="flex h-[22rem] items-center justify-center rounded-xl bg-slate-50 text-brand-700 ring-1 ring-slate-200 sm:h-[28rem]">
      <Spinner />
    </div>
  );
}

/**
 * The matrix editor (docs/product.md §2): grid size and radius controls with the plan rules, the grid
 * on a map, and its counts. The grid regenerates at once when the centre or the size
 * changes, and 500 ms after the radius slider stops (the slider itself moves at once).
 */
export function MatrixEditor({
  center,
  value,
  onChange,
  planLimits,
  onPickCenter,
  onMatrix,
  children,
  headingLevel = 3,
}: MatrixEditorProps) {
  const { t } = useTranslation('matrix');
  const radius = useDebouncedValue(value.radius, RADIUS_DEBOUNCE_MS);
  const settling = radius !== value.radius;
  const query = useGenerateMatrix(
    center ? { centerLat: center.lat, centerLng: center.lng, maxDistance: radius, size: value.gridSize } : null,
  );

  const displayed = center && query.data ? query.data.flatMatrix : null;
  // Only a grid that matches what the controls show: not the previous one kept on screen
  // while the next loads, nor one for a radius still settling.
  const current = center && query.isSuccess && !query.isPlaceholderData && !settling ? query.data.flatMatrix : null;

  const onMatrixRef = useRef(onMatrix);
  useEffect(() => {
    onMatrixRef.current = onMatrix;
  }, [onMatrix]);
  useEffect(() => {
    onMatrixRef.current?.(current);
  }, [current]);

  const summary = displayed ? summariseMatrix(displayed) : null;
  const loading = center !== null && query.isFetching;
  const SummaryHeading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className="space-y-5" aria-busy={loading || undefined} data-testid="matrix-editor">
      <MatrixControls value={value} onChange={onChange} planLimits={planLimits} />

      {children}

      {!center && (
        <p
          className="rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800 ring-1 ring-brand-100"
          data-testid="matrix-prompt"
        >
          {onPickCenter ? t('prompt.pickCenter') : t('prompt.noCenter')}
        </p>
      )}

      <Suspense fallback={<MapFallback />}>
        <MatrixMap points={displayed ?? []} center={center} loading={loading} {...(onPickCenter ? { onPickCenter } : {})} />
      </Suspense>

      {/* While the grid loads, the map above keeps the last one under its spinner; only a failure shows here. */}
      {center && query.isError && (
        <QueryState query={query} error={t('error.generate')}>
          {() => null}
        </QueryState>
      )}

      {summary && (
        <div aria-live="polite" className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200" data-testid="matrix-summary">
          <SummaryHeading className="sr-only">{t('summary.label')}</SummaryHeading>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
            <li className="font-semibold text-slate-900" data-testid="matrix-total">
              {t('summary.total', { count: summary.total })}
            </li>
            <li data-testid="matrix-analysed">{t('summary.analysed', { count: summary.analysed })}</li>
            <li data-testid="matrix-on-sea">{t('summary.onSea', { count: summary.onSea })}</li>
            <li data-testid="matrix-no-coordinates">{t('summary.noCoordinates', { count: summary.noCoordinates })}</li>
          </ul>
          <p className="mt-1 text-xs text-slate-500">{t('summary.excluded')}</p>
        </div>
      )}
    </section>
  );
}
