import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATRIX_LAT_LIMIT, type MatrixPoint } from '@rankmaps/shared/schemas/places';
import { Spinner } from '../../../../components/ui/spinner';
import { useCoastline } from '../../api/coastline';
import { type LatLng, coastlineBox, drawablePoints, gridBounds, toGridCenter } from './matrix-logic';

export interface MatrixMapProps {
  points: MatrixPoint[];
  /** The grid's centre; null before there is one (a service area whose centre is still to be picked). */
  center: LatLng | null;
  /** Shows a spinner over the map (the grid is being generated). */
  loading?: boolean;
  /** When given, a click (or Enter on the focused map) reports that position, and the cursor is a crosshair. */
  onPickCenter?: (center: LatLng) => void;
}

/** CARTO's light basemap (the CSP allows https://*.basemaps.cartocdn.com for images). */
const TILE_URL = 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png';
/** Spec §9: default zoom 13 or 14; the grid's bounds decide once it is drawn. */
const DEFAULT_ZOOM = 13;
/** Before any centre is known: mainland Spain. */
const START_VIEW = { center: [40.2, -3.7] as [number, number], zoom: 5 };
/** Spec §9: the map is fitted to the grid with 10% padding on each side. */
const FIT_PADDING = 0.1;
/** With no tile loaded after this long (a network that hangs), the basemap counts as failed. */
const TILE_TIMEOUT_MS = 8000;
/** Failed tiles in a row, after some loaded, that count as having lost the basemap. */
const TILE_ERRORS_TO_FAIL = 4;

export const MAP_COLORS = {
  center: '#ea580c',
  land: '#047857',
  sea: '#0284c7',
  area: '#1d4ed8',
  coast: '#0c4a6e',
} as const;

type TileStatus = 'loading' | 'ok' | 'failed';

/**
 * The grid on a Leaflet map: the centre highlighted, land points filled, sea points hollow
 * and blue, and the analysed area outlined. When the basemap's tiles cannot load (offline,
 * blocked), a notice says so and the coastline from our own API is drawn instead, so the
 * sea points still make sense. Everything shown here is also given as text by the editor.
 */
export function MatrixMap({ points, center, loading = false, onPickCenter }: MatrixMapProps) {
  const { t } = useTranslation('matrix');
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layersRef = useRef<{ grid: L.LayerGroup; area: L.LayerGroup; coast: L.LayerGroup } | null>(null);
  const [tileStatus, setTileStatus] = useState<TileStatus>('loading');
  const pickRef = useRef(onPickCenter);
  const picking = Boolean(onPickCenter);

  const refLng = center?.lng ?? null;
  const shown = useMemo(() => drawablePoints(points, refLng), [points, refLng]);
  const bounds = useMemo(() => gridBounds(shown), [shown]);
  const box = tileStatus === 'failed' && bounds ? coastlineBox(bounds) : null;
  const coastline = useCoastline(box);
  const attribution = t('map.attribution');
  const attributionRef = useRef(attribution);

  // The first view: the centre if known, else the starting view. Read once, at creation.
  const initialView = useRef(center ? { center: [center.lat, center.lng] as [number, number], zoom: DEFAULT_ZOOM } : START_VIEW);

  useEffect(() => {
    pickRef.current = onPickCenter;
  }, [onPickCenter]);

  // The map and its basemap, once per mount.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // Quarter zoom steps let the fit hug the grid instead of jumping a whole level out.
    const map = L.map(container, { center: initialView.current.center, zoom: initialView.current.zoom, zoomSnap: 0.25, zoomDelta: 0.5 });
    map.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>');
    // Panes keep the drawing order whatever is added first: coast, then area, then points.
    map.createPane('rm-coast').style.zIndex = '380';
    map.createPane('rm-grid').style.zIndex = '450';
    const layers = { coast: L.layerGroup().addTo(map), area: L.layerGroup().addTo(map), grid: L.layerGroup().addTo(map) };

    let loaded = 0;
    let errorsInRow = 0;
    const tiles = L.tileLayer(TILE_URL, { subdomains: 'abcd', maxZoom: 20, attribution: attributionRef.current });
    tiles.on('tileload', () => {
      loaded++;
      errorsInRow = 0;
      setTileStatus('ok');
    });
    tiles.on('tileerror', () => {
      errorsInRow++;
      if (loaded === 0 || errorsInRow >= TILE_ERRORS_TO_FAIL) setTileStatus('failed');
    });
    tiles.addTo(map);
    const timeout = window.setTimeout(() => {
      if (loaded === 0) setTileStatus('failed');
    }, TILE_TIMEOUT_MS);

    // The sidebar collapsing or the layout changing resizes the map without a window resize.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container);

    mapRef.current = map;
    layersRef.current = layers;
    return () => {
      window.clearTimeout(timeout);
      resize.disconnect();
      map.remove();
      mapRef.current = null;
      layersRef.current = null;
    };
  }, []);

  // A language change swaps the attribution text without rebuilding the map.
  useEffect(() => {
    const control = mapRef.current?.attributionControl;
    if (!control || attributionRef.current === attribution) return;
    control.removeAttribution(attributionRef.current).addAttribution(attribution);
    attributionRef.current = attribution;
  }, [attribution]);

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
  }, [picking]);

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
        marker = L.circleMarker(latlng, { pane: 'rm-grid', radius: 9, color: '#ffffff', weight: 2.5, fillColor: MAP_COLORS.center, fillOpacity: 1 });
        tip = t('map.center');
      } else if (p.onSea) {
        marker = L.circleMarker(latlng, { pane: 'rm-grid', radius: 5, color: MAP_COLORS.sea, weight: 2, fillColor: '#ffffff', fillOpacity: 0.7 });
        tip = t('map.sea');
      } else {
        marker = L.circleMarker(latlng, { pane: 'rm-grid', radius: 5, color: '#ffffff', weight: 1, fillColor: MAP_COLORS.land, fillOpacity: 0.95 });
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
      map.fitBounds(b.pad(FIT_PADDING), { animate: false });
    }
  }, [bounds]);
  const centerLat = center?.lat ?? null;
  const hasGrid = bounds !== null;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || hasGrid || centerLat === null || refLng === null) return;
    map.setView([centerLat, refLng], Math.max(map.getZoom(), DEFAULT_ZOOM), { animate: false });
  }, [centerLat, refLng, hasGrid]);

  // The coastline, only while the basemap is missing.
  useEffect(() => {
    const layers = layersRef.current;
    if (!layers) return;
    layers.coast.clearLayers();
    if (tileStatus !== 'failed' || !coastline.data) return;
    for (const line of coastline.data) {
      L.polyline(line, { pane: 'rm-coast', color: MAP_COLORS.coast, weight: 2, opacity: 0.85, interactive: false }).addTo(layers.coast);
    }
  }, [tileStatus, coastline.data]);

  return (
    <div className="relative isolate">
      {tileStatus === 'failed' && (
        <p role="status" className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200" data-testid="matrix-tiles-failed">
          {t('map.tilesFailed')}
        </p>
      )}
      <div className="relative overflow-hidden rounded-xl ring-1 ring-slate-200">
        <div
          ref={containerRef}
          aria-label={picking ? t('map.labelPick') : t('map.label')}
          aria-busy={loading || undefined}
          data-testid="matrix-map"
          // Leaflet's own stylesheet is unlayered and would win over a utility class here.
          style={{ background: tileStatus === 'failed' ? '#f8fafc' : undefined }}
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
          <div role="status" className="absolute inset-0 z-[1000] flex items-center justify-center gap-3 bg-white/60 text-brand-700 backdrop-blur-[1px]">
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
          swatch={<span className="inline-block h-3 w-4 rounded-[2px] border-[1.5px] border-dashed" style={{ borderColor: MAP_COLORS.area }} />}
          label={t('map.legend.area')}
        />
        {tileStatus === 'failed' && <LegendItem swatch={<span className="inline-block h-0.5 w-4" style={{ background: MAP_COLORS.coast }} />} label={t('map.legend.coast')} />}
      </ul>
    </div>
  );
}

function LegendItem({ swatch, label }: { swatch: ReactNode; label: string }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className="inline-flex w-4 items-center justify-center">
        {swatch}
      </span>
      {label}
    </li>
  );
}

function Dot({ fill, stroke, size }: { fill: string; stroke: string; size: number }) {
  return <span className="inline-block rounded-full" style={{ width: size, height: size, background: fill, border: `2px solid ${stroke}`, boxShadow: '0 0 0 1px rgb(148 163 184 / 0.6)' }} />;
}

export default MatrixMap;
