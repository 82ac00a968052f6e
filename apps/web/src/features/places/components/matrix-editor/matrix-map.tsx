import * as L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MATRIX_LAT_LIMIT, type MatrixPoint } from '@rankmaps/shared/schemas/places';
import {
  COAST_COLOR,
  CoastSwatch,
  FIT_CLEARANCE,
  LegendDot as Dot,
  LegendItem,
  NO_BASEMAP_BACKGROUND,
  TilesFailedNotice,
  useBaseMap,
  useCoastlineLayer,
} from '@/components/map/base-map';
import { Spinner } from '@/components/ui/spinner';
import { type LatLng, drawablePoints, gridBounds, toGridCenter } from './matrix-logic';

export interface MatrixMapProps {
  points: MatrixPoint[];
  /** The grid's centre; null before there is one (a service area whose centre is still to be picked). */
  center: LatLng | null;
  /** Shows a spinner over the map (the grid is being generated). */
  loading?: boolean;
  /** When given, a click (or Enter on the focused map) reports that position, and the cursor is a crosshair. */
  onPickCenter?: (center: LatLng) => void;
}

/** docs/product.md §9: default zoom 13 or 14; the grid's bounds decide once it is drawn. */
const DEFAULT_ZOOM = 13;
/** Before any centre is known: mainland Spain. */
const START_VIEW = { center: [40.2, -3.7] as [number, number], zoom: 5 };
/** docs/product.md §9: the map is fitted to the grid with 10% padding on each side. */
const FIT_PADDING = 0.1;

export const MAP_COLORS = {
  center: '#ea580c',
  land: '#047857',
  sea: '#0284c7',
  area: '#1d4ed8',
  coast: COAST_COLOR,
} as const;

/**
 * The grid on a Leaflet map: the centre highlighted, land points filled, sea points hollow
 * and blue, and the analysed area outlined. When the basemap's tiles cannot load (offline,
 * blocked), a notice says so and the coastline from our own API is drawn instead, so the
 * sea points still make sense. Everything shown here is also given as text by the editor.
 */
export function MatrixMap({ points, center, loading = false, onPickCenter }: MatrixMapProps) {
  const { t } = useTranslation('matrix');
  const containerRef = useRef<HTMLDivElement>(null);
  const layersRef = useRef<{ grid: L.LayerGroup; area: L.LayerGroup } | null>(null);
  const pickRef = useRef(onPickCenter);
  const picking = Boolean(onPickCenter);

  const refLng = center?.lng ?? null;
  const shown = useMemo(() => drawablePoints(points, refLng), [points, refLng]);
  const bounds = useMemo(() => gridBounds(shown), [shown]);

  // The first view: the centre if known, else the starting view. Read once, at creation.
  const initialView = useRef(center ? { center: [center.lat, center.lng] as [number, number], zoom: DEFAULT_ZOOM } : START_VIEW);
  // The map and its basemap, once per mount; these effects run before the ones below.
  const { mapRef, tileStatus } = useBaseMap(containerRef, { initialView: initialView.current, attribution: t('map.attribution') });
  const coastShown = useCoastlineLayer(mapRef, tileStatus, bounds);

  useEffect(() => {
    pickRef.current = onPickCenter;
  }, [onPickCenter]);

  // The grid's own layers, on the map just created.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    // A pane keeps the points above the analysed area whatever is added first.
    map.createPane('rm-grid').style.zIndex = '450';
    const layers = { area: L.layerGroup().addTo(map), grid: L.layerGroup().addTo(map) };
    layersRef.current = layers;
    return () => {
      layers.area.remove();
      layers.grid.remove();
      layersRef.current = null;
    };
  }, [mapRef]);

  // Picking the centre: a click anywhere on the map.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !picking) return;
    const onClick = (e: L.LeafletMouseEvent) => pickRef.current?.(toGridCenter(e.latlng.lat, e.latlng.lng, MATRIX_LAT_LIMIT));
    map.on('click', onClick);
    const container = map.getContainer();
    container.style.cursor = 'crosshair';
    return () => {
      map.off('click', onClick);
      container.style.cursor = '';
    };
  }, [mapRef, picking]);

  // The grid and the analysed area, redrawn with every new grid (and language).
  useEffect(() => {
    const layers = layersRef.current;
    if (!layers) return;
    layers.grid.clearLayers();
    layers.area.clearLayers();
    if (!bounds) return;
    L.rectangle(
      [
        [bounds.south, bounds.west],
        [bounds.north, bounds.east],
      ],
      { color: MAP_COLORS.area, weight: 1.5, dashArray: '6 4', fillColor: MAP_COLORS.area, fillOpacity: 0.04, interactive: false },
    ).addTo(layers.area);
    // The centre goes last, so it is drawn on top of its neighbours.
    for (const p of [...shown.filter((q) => !q.isCenter), ...shown.filter((q) => q.isCenter)]) {
      const latlng: [number, number] = [p.lat, p.lng];
      let marker: L.CircleMarker;
      let tip: string;
      if (p.isCenter) {
        marker = L.circleMarker(latlng, {
          pane: 'rm-grid',
          radius: 9,
          color: '#ffffff',
          weight: 2.5,
          fillColor: MAP_COLORS.center,
          fillOpacity: 1,
        });
        tip = t('map.center');
      } else if (p.onSea) {
        marker = L.circleMarker(latlng, {
          pane: 'rm-grid',
          radius: 5,
          color: MAP_COLORS.sea,
          weight: 2,
          fillColor: '#ffffff',
          fillOpacity: 0.7,
        });
        tip = t('map.sea');
      } else {
        marker = L.circleMarker(latlng, {
          pane: 'rm-grid',
          radius: 5,
          color: '#ffffff',
          weight: 1,
          fillColor: MAP_COLORS.land,
          fillOpacity: 0.95,
        });
        tip = t('map.point', { row: p.row + 1, col: p.col + 1 });
      }
      marker.bindTooltip(tip, { direction: 'top', offset: [0, -6] }).addTo(layers.grid);
    }
  }, [shown, bounds, t]);

  // Fit the view to each new grid; before there is one, follow the centre.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (bounds) {
      const b = L.latLngBounds([bounds.south, bounds.west], [bounds.north, bounds.east]);
      map.fitBounds(b.pad(FIT_PADDING), { ...FIT_CLEARANCE, animate: false });
    }
  }, [mapRef, bounds]);
  const centerLat = center?.lat ?? null;
  const hasGrid = bounds !== null;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || hasGrid || centerLat === null || refLng === null) return;
    map.setView([centerLat, refLng], Math.max(map.getZoom(), DEFAULT_ZOOM), { animate: false });
  }, [mapRef, centerLat, refLng, hasGrid]);

  return (
    <div className="relative isolate">
      {tileStatus === 'failed' && <TilesFailedNotice testId="matrix-tiles-failed">{t('map.tilesFailed')}</TilesFailedNotice>}
      <div className="relative overflow-hidden rounded-xl ring-1 ring-slate-200">
        <div
          ref={containerRef}
          aria-label={picking ? t('map.labelPick') : t('map.label')}
          aria-busy={loading || undefined}
          data-testid="matrix-map"
          // Leaflet's own stylesheet is unlayered and would win over a utility class here.
          style={{ background: tileStatus === 'failed' ? NO_BASEMAP_BACKGROUND : undefined }}
          className="z-0 h-[22rem] w-full sm:h-[28rem]"
          onKeyDown={(e) => {
            const map = mapRef.current;
            if (!map || !pickRef.current || e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
            e.preventDefault();
            const c = map.getCenter();
            pickRef.current(toGridCenter(c.lat, c.lng, MATRIX_LAT_LIMIT));
          }}
        />
        {loading && (
          <div
            role="status"
            className="absolute inset-0 z-[1000] flex items-center justify-center gap-3 bg-white/60 text-brand-700 backdrop-blur-[1px]"
          >
            <Spinner />
            <span className="text-sm font-medium text-slate-700">{t('map.loading')}</span>
          </div>
        )}
      </div>
      <ul aria-label={t('map.legend.title')} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <LegendItem swatch={<Dot fill={MAP_COLORS.center} stroke="#ffffff" size={14} />} label={t('map.legend.center')} />
        <LegendItem swatch={<Dot fill={MAP_COLORS.land} stroke="#ffffff" size={10} />} label={t('map.legend.land')} />
        <LegendItem swatch={<Dot fill="#ffffff" stroke={MAP_COLORS.sea} size={10} />} label={t('map.legend.sea')} />
        <LegendItem
          swatch={
            <span className="inline-block h-3 w-4 rounded-[2px] border-[1.5px] border-dashed" style={{ borderColor: MAP_COLORS.area }} />
          }
          label={t('map.legend.area')}
        />
        {coastShown && <LegendItem swatch={<CoastSwatch />} label={t('map.legend.coast')} />}
      </ul>
    </div>
  );
}

export default MatrixMap;
