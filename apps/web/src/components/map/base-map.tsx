import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useCoastline } from './coastline';
import { type Bounds, coastlineBox } from './map-geometry';

/**
 * The Leaflet plumbing every map of the app shares: CARTO's light basemap, the detection of
 * a basemap that cannot load, and our own coastline drawn in its place. Import this module
 * only from lazily loaded components: Leaflet and its stylesheet belong in the maps' chunk.
 */

/** CARTO's light basemap (the CSP allows https://*.basemaps.cartocdn.com for images). */
export const BASEMAP_TILE_URL = 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png';
/** With no tile loaded after this long (a network that hangs), the basemap counts as failed. */
const TILE_TIMEOUT_MS = 8000;
/** Failed tiles in a row, after some loaded, that count as having lost the basemap. */
const TILE_ERRORS_TO_FAIL = 4;
/** The coastline drawn when the basemap is missing (also its legend swatch). */
export const COAST_COLOR = '#0c4a6e';
/** The map's background without a basemap: a plain light surface for the points and the coast. */
export const NO_BASEMAP_BACKGROUND = '#f8fafc';

/**
 * Room a fit leaves, in pixels, besides its geographic padding: the zoom buttons sit in the
 * top-left corner and the demo badge in the top-right one, and on a phone-sized map a 10%
 * margin alone left the corner points under them.
 */
export const FIT_CLEARANCE: L.FitBoundsOptions = { paddingTopLeft: L.point(44, 40), paddingBottomRight: L.point(12, 12) };

export type TileStatus = 'loading' | 'ok' | 'failed';

export interface MapView {
  center: [number, number];
  zoom: number;
}

/**
 * Creates the Leaflet map in `containerRef` once per mount, with the basemap and the
 * attribution, and reports whether the tiles load. Call it before the component's own
 * effects: theirs then run after the map exists (React runs effects in order), so they can
 * read `mapRef.current` on the first commit. `initialView` is read once, at creation.
 */
export function useBaseMap(containerRef: RefObject<HTMLDivElement | null>, options: { initialView: MapView; attribution: string }) {
  const mapRef = useRef<L.Map | null>(null);
  const [tileStatus, setTileStatus] = useState<TileStatus>('loading');
  const initialView = useRef(options.initialView);
  const attributionRef = useRef(options.attribution);
  const { attribution } = options;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // Quarter zoom steps let a fit hug its points instead of jumping a whole level out.
    const map = L.map(container, { center: initialView.current.center, zoom: initialView.current.zoom, zoomSnap: 0.25, zoomDelta: 0.5 });
    map.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>');
    // The coast sits below every overlay, whatever is added first.
    map.createPane('rm-coast').style.zIndex = '380';

    let loaded = 0;
    let errorsInRow = 0;
    const tiles = L.tileLayer(BASEMAP_TILE_URL, { subdomains: 'abcd', maxZoom: 20, attribution: attributionRef.current });
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
    return () => {
      window.clearTimeout(timeout);
      resize.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, [containerRef]);

  // A language change swaps the attribution text without rebuilding the map.
  useEffect(() => {
    const control = mapRef.current?.attributionControl;
    if (!control || attributionRef.current === attribution) return;
    control.removeAttribution(attributionRef.current).addAttribution(attribution);
    attributionRef.current = attribution;
  }, [attribution]);

  return { mapRef, tileStatus };
}

/**
 * A layer group on the map for as long as the component is mounted: what a drawing effect
 * clears and refills when its data changes, so the map itself is never rebuilt.
 */
export function useLayerGroup(mapRef: RefObject<L.Map | null>): RefObject<L.LayerGroup | null> {
  const layerRef = useRef<L.LayerGroup | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    layerRef.current = layer;
    return () => {
      layer.remove();
      layerRef.current = null;
    };
  }, [mapRef]);
  return layerRef;
}

/**
 * While the basemap is missing, fetches the coastline around `bounds` from our own API and
 * draws it, so points on or near the sea still make sense. Returns whether it is drawn (for
 * the legend). Call it after useBaseMap.
 */
export function useCoastlineLayer(mapRef: RefObject<L.Map | null>, tileStatus: TileStatus, bounds: Bounds | null): boolean {
  const box = tileStatus === 'failed' && bounds ? coastlineBox(bounds) : null;
  const coastline = useCoastline(box);
  const layerRef = useLayerGroup(mapRef);

  const lines = tileStatus === 'failed' ? coastline.data : undefined;
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    layer.clearLayers();
    for (const line of lines ?? []) {
      L.polyline(line, { pane: 'rm-coast', color: COAST_COLOR, weight: 2, opacity: 0.85, interactive: false }).addTo(layer);
    }
  }, [lines, layerRef]);

  return tileStatus === 'failed';
}

/** The notice above a map whose basemap could not load. */
export function TilesFailedNotice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p role="status" className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200" data-testid={testId}>
      {children}
    </p>
  );
}

/** One entry of a map legend: a decorative swatch and its text. */
export function LegendItem({ swatch, label }: { swatch: ReactNode; label: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className="inline-flex w-4 items-center justify-center">
        {swatch}
      </span>
      {label}
    </li>
  );
}

/** A round legend swatch. */
export function LegendDot({ fill, stroke, size }: { fill: string; stroke: string; size: number }) {
  return (
    <span
      className="inline-block rounded-full"
      style={{ width: size, height: size, background: fill, border: `2px solid ${stroke}`, boxShadow: '0 0 0 1px rgb(148 163 184 / 0.6)' }}
    />
  );
}

/** The legend swatch of the coastline. */
export function CoastSwatch() {
  return <span className="inline-block h-0.5 w-4" style={{ background: COAST_COLOR }} />;
}
