import * as L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointMovement } from '@rankmaps/shared/metrics';
import type { CompareResponse } from '@rankmaps/shared/schemas/compare';
import { FIT_CLEARANCE, LegendItem, NO_BASEMAP_BACKGROUND, TilesFailedNotice, useBaseMap, useLayerGroup } from '@/components/map/base-map';
import { boundsOf, unwrapLng } from '@/components/map/map-geometry';
import { formatPosition } from '@rankmaps/shared/metrics';
import { applyMarkerSize, markerLabelSize, neighbourPair } from '../utils/map-markers';
import { MOVEMENTS, MOVEMENT_STYLE, movementLabel } from '../utils/compare-view';
import type { DataSourceNotice } from '../utils/analysis-logic';

const MARKER_CLASS = 'rm-movement-marker rounded-full size-(--rm-marker) ml-[calc(var(--rm-marker)/-2)] mt-[calc(var(--rm-marker)/-2)]';
const MARKER_INNER =
  'flex size-full items-center justify-center rounded-full border-2 font-bold leading-none tracking-[-0.04em] tabular-nums shadow-[0_1px_3px_rgb(15_23_42/0.45)] group-data-[compact=true]/map:text-[length:0px]';

interface MovementMapProps {
  points: CompareResponse['points'];
  center: { lat: number; lng: number };
  notice: DataSourceNotice;
}

/**
 * The movement map (issue 16): one marker per compared point, coloured by its movement and
 * labelled with the places moved (↑3, ↓2, =, N, −, ×), so colour is never the only cue. Each
 * marker is a tab stop named by its row, column and both positions; the counts below say the
 * same as text.
 */
export function MovementMap({ points, center, notice }: MovementMapProps) {
  const { t } = useTranslation('rankmaps');
  const { t: tr } = useTranslation('rankmap-results');
  const containerRef = useRef<HTMLDivElement>(null);
  const markers = useMemo(
    () => points.points.map((p) => ({ ...p, row: p.row + 1, col: p.col + 1, lng: unwrapLng(p.lng, center.lng) })),
    [points, center.lng],
  );
  const bounds = useMemo(() => boundsOf(markers), [markers]);
  const initialView = useRef({ center: [center.lat, center.lng] as [number, number], zoom: 13 });
  const { mapRef, tileStatus } = useBaseMap(containerRef, { initialView: initialView.current, attribution: tr('map.attribution') });
  const layerRef = useLayerGroup(mapRef);

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    layer.clearLayers();
    for (const p of markers) {
      const style = MOVEMENT_STYLE[p.movement];
      const label = movementLabel(p.movement, p.change);
      const border = p.movement === 'notComparable' ? 'border-style:dashed;border-color:#64748b' : 'border-style:solid;border-color:#ffffff';
      const icon = L.divIcon({
        className: MARKER_CLASS,
        html: `<span aria-hidden="true" class="${MARKER_INNER} ${markerLabelSize(label)}" style="background:${style.fill};color:${style.text};${border}">${label}</span>`,
        iconSize: undefined,
      });
      const name = t('compare.map.point', {
        row: p.row,
        col: p.col,
        movement: t(`compare.movement.${p.movement}`, { count: Math.abs(p.change ?? 0) }),
        before: p.referenceStatus === 'ok' ? formatPosition(p.referencePosition) : t(`compare.status.${p.referenceStatus}`),
        after: p.status === 'ok' ? formatPosition(p.position) : t(`compare.status.${p.status}`),
      });
      const marker = L.marker([p.lat, p.lng], { icon, keyboard: true, riseOnHover: true }).addTo(layer);
      marker.bindTooltip(name, { direction: 'top', offset: [0, -12] });
      const el = marker.getElement();
      if (el) {
        el.setAttribute('aria-label', name);
        el.dataset.movement = p.movement;
        el.dataset.row = String(p.row);
        el.dataset.col = String(p.col);
      }
    }
  }, [markers, t, layerRef]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !bounds) return;
    map.invalidateSize({ animate: false });
    const b = L.latLngBounds([bounds.south, bounds.west], [bounds.north, bounds.east]);
    if (bounds.south === bounds.north && bounds.west === bounds.east) map.setView([bounds.south, bounds.west], 15, { animate: false });
    else map.fitBounds(b.pad(0.1), { ...FIT_CLEARANCE, animate: false });
  }, [mapRef, bounds]);

  // Marker size follows the grid's on-screen spacing, as on the ranking map.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const container = map.getContainer();
    const pair = neighbourPair(markers);
    const update = () => {
      const spacing = pair ? map.latLngToContainerPoint([pair[0].lat, pair[0].lng]).distanceTo(map.latLngToContainerPoint([pair[1].lat, pair[1].lng])) : null;
      applyMarkerSize(container, spacing);
    };
    update();
    map.on('zoomend resize', update);
    return () => {
      map.off('zoomend resize', update);
    };
  }, [mapRef, markers]);

  const counts = points.counts;
  return (
    <div className="relative isolate">
      {tileStatus === 'failed' && <TilesFailedNotice>{tr('map.tilesFailed')}</TilesFailedNotice>}
      <div className="relative overflow-hidden rounded-xl ring-1 ring-slate-200">
        <div
          ref={containerRef}
          role="region"
          aria-label={t('compare.map.label')}
          data-testid="movement-map"
          style={{ background: tileStatus === 'failed' ? NO_BASEMAP_BACKGROUND : undefined }}
          className="group/map z-0 h-[22rem] w-full sm:h-[26rem]"
        />
        {notice && (
          <p
            className="pointer-events-none absolute top-2 right-2 z-[1000] rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 shadow-sm ring-1 ring-amber-300"
            data-testid={notice === 'demo' ? 'movement-map-demo' : 'movement-map-approximation'}
          >
            {notice === 'demo' ? tr('map.demo') : tr('map.approximation')}
          </p>
        )}
      </div>
      <ul aria-label={t('compare.map.legend')} className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700" data-testid="movement-legend">
        {MOVEMENTS.map((m: PointMovement) => (
          <LegendItem
            key={m}
            swatch={
              <span
                aria-hidden="true"
                className="inline-flex h-4 min-w-4 items-center justify-center rounded-full px-0.5 text-[9px] leading-none font-bold"
                style={{ background: MOVEMENT_STYLE[m].fill, color: MOVEMENT_STYLE[m].text }}
              >
                {movementLabel(m, m === 'improved' ? 1 : m === 'worsened' ? -1 : 0)}
              </span>
            }
            label={`${t(`compare.legend.${m}`)}: ${counts[m]}`}
          />
        ))}
      </ul>
    </div>
  );
}
