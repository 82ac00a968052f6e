import * as L from 'leaflet';
import { Maximize2Icon, Minimize2Icon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPETITORS_TOP, type Competitor } from '@rankmaps/shared/metrics';
import type { RankResult } from '@rankmaps/shared/schemas/rankmaps';
import {
  CoastSwatch,
  FIT_CLEARANCE,
  LegendItem,
  NO_BASEMAP_BACKGROUND,
  TilesFailedNotice,
  useBaseMap,
  useCoastlineLayer,
  useLayerGroup,
} from '@/components/map/base-map';
import { trapTab } from '@/components/ui/alerts/focus-trap';
import { type Bounds, boundsOf, unwrapLng } from '@/components/map/map-geometry';
import {
  type CompetitorMarker,
  FAILED_MARKER,
  type ResultMarker,
  applyMarkerSize,
  competitorMarkers,
  MARKER_MAX_PX,
  markerLabelSize,
  neighbourPair,
  rankingLegend,
  resultMarkers,
  validPointCount,
} from '../utils/map-markers';
import { formatDecimal } from '@/lib/format';
import type { DataSourceNotice } from '../utils/analysis-logic';

export type ResultsMapMode = 'ranking' | 'competitors';

export interface ResultsMapProps {
  results: RankResult[];
  competitors: Competitor[];
  mode: ResultsMapMode;
  /** The grid's centre: the first view, and the longitude the points are kept next to. */
  center: { lat: number; lng: number };
  /** Index in `results` of the point whose panel is open, outlined on the map. */
  selectedIndex: number | null;
  /** A click, or Enter / Space on a focused marker, in the ranking map. */
  onSelectPoint: (index: number) => void;
  /** Shows the 'Datos de demostración' or 'Aproximación con Google Places' badge over the map. */
  notice: DataSourceNotice;
  /** The business's own point, marked on the map; null for a service-area business without one. */
  business: { lat: number; lng: number } | null;
  /** The map region's name when the page shows several ranking maps (the comparison's two): each needs its own. */
  label?: string;
}

/** docs/product.md §9: default zoom 13 or 14 before the points decide. */
const DEFAULT_ZOOM = 13;
/** docs/product.md §9: fitted with 10% padding, 20% for the competitors. */
const FIT_PADDING: Record<ResultsMapMode, number> = { ranking: 0.1, competitors: 0.2 };
/** A single point (or competitor) is shown at this zoom rather than at the tiles' maximum. */
const SINGLE_POINT_ZOOM = 15;
const AREA_COLOR = '#1d4ed8';
const COMPETITOR_COLOR = '#475569';
const OUR_COLOR = '#1d4ed8';
/** The business's pin: near-black, a colour no position band uses. */
const BUSINESS_COLOR = '#0f172a';

// The markers are Leaflet divIcons sized by the --rm-marker variable on the map container,
// so a zoom resizes every marker without rebuilding (and unfocusing) it. Leaflet's own
// stylesheet is unlayered, so these classes only set what it leaves alone (size, margins).
const RANK_MARKER_CLASS =
  'rm-result-marker group/m rounded-full size-(--rm-marker) ml-[calc(var(--rm-marker)/-2)] mt-[calc(var(--rm-marker)/-2)]';
const RANK_MARKER_INNER =
  'flex size-full items-center justify-center rounded-full border-2 group-data-[compact=true]/map:border font-bold leading-none tracking-[-0.04em] tabular-nums shadow-[0_1px_3px_rgb(15_23_42/0.45)] group-data-[compact=true]/map:text-[length:0px] group-data-[selected=true]/m:ring-[3px] group-data-[selected=true]/m:ring-slate-900 group-data-[selected=true]/m:ring-offset-2 group-data-[selected=true]/m:ring-offset-white';
const COMPETITOR_MARKER_CLASS = 'rm-competitor-marker size-7 ml-[-14px] mt-[-14px]';
const OUR_COMPETITOR_MARKER_CLASS = 'rm-competitor-marker size-9 ml-[-18px] mt-[-18px]';
const COMPETITOR_MARKER_INNER =
  'flex size-full items-center justify-center rounded-full border-2 border-white text-xs font-bold text-white shadow-[0_1px_3px_rgb(15_23_42/0.45)]';

// The pin's tip sits on the business's point; it is drawn above the grid points and lets clicks through to them.
const BUSINESS_MARKER_CLASS = 'rm-business-marker pointer-events-none! w-[22px] h-[30px] ml-[-11px] mt-[-30px]';
const BUSINESS_PIN_SVG = `<svg viewBox="0 0 22 30" width="22" height="30" aria-hidden="true" style="filter:drop-shadow(0 1px 2px rgb(15 23 42/0.5))"><path d="M11 29C11 29 2 18 2 11a9 9 0 0 1 18 0c0 7-9 18-9 18Z" fill="${BUSINESS_COLOR}" stroke="#ffffff" stroke-width="2"/><circle cx="11" cy="11" r="3.5" fill="#ffffff"/></svg>`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The results of an analysis on a map. Ranking Map: one marker per point, in its position
 * band's colour with the position written on it ('+20' when not found), failed points pale
 * with a cross; markers are buttons that open the point's panel. Competidores: where the
 * first 15 businesses of the competitors table are, ours highlighted. The competitors table
 * and the point panel give the same information as text.
 */
export function ResultsMap({ results, competitors, mode, center, selectedIndex, onSelectPoint, notice, business, label }: ResultsMapProps) {
  const { t, i18n } = useTranslation('rankmap-results');
  const locale = i18n.language;
  const containerRef = useRef<HTMLDivElement>(null);
  const rankMarkersRef = useRef(new Map<number, L.Marker>());
  const onSelectRef = useRef(onSelectPoint);
  // Read by the drawing, so markers rebuilt for another reason (the language) keep the outline.
  const selectedRef = useRef(selectedIndex);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [compact, setCompact] = useState(false);

  const refLng = center.lng;
  const points = useMemo(() => resultMarkers(results, refLng), [results, refLng]);
  const businessLat = business?.lat;
  const businessLng = business ? unwrapLng(business.lng, refLng) : undefined;
  const places = useMemo(() => competitorMarkers(competitors, refLng), [competitors, refLng]);
  const gridBounds = useMemo(() => boundsOf(points), [points]);
  const placesBounds = useMemo(() => boundsOf(places.markers), [places]);
  const validPoints = useMemo(() => validPointCount(results), [results]);
  // With no competitor to place, the competitor map still shows the analysed area.
  const shownBounds = mode === 'ranking' ? gridBounds : (placesBounds ?? gridBounds);

  const initialView = useRef({ center: [center.lat, center.lng] as [number, number], zoom: DEFAULT_ZOOM });
  // The map and its basemap first: the effects below run after it exists.
  const { mapRef, tileStatus } = useBaseMap(containerRef, { initialView: initialView.current, attribution: t('map.attribution') });
  const coastShown = useCoastlineLayer(mapRef, tileStatus, shownBounds);

  useEffect(() => {
    onSelectRef.current = onSelectPoint;
  }, [onSelectPoint]);

  // Added in this order, so the business's pin is drawn above the points and the area.
  const areaLayerRef = useLayerGroup(mapRef);
  const pointsLayerRef = useLayerGroup(mapRef);
  const businessLayerRef = useLayerGroup(mapRef);

  // The markers of the current mode, redrawn with new results, mode or language.
  useEffect(() => {
    const layers = { area: areaLayerRef.current, points: pointsLayerRef.current };
    if (!layers.area || !layers.points) return;
    layers.area.clearLayers();
    layers.points.clearLayers();
    rankMarkersRef.current.clear();
    if (gridBounds) drawArea(layers.area, gridBounds);
    if (mode === 'ranking') {
      for (const p of points) {
        const marker = drawPoint(
          layers.points,
          p,
          p.failed ? t('map.pointFailed', { row: p.row, col: p.col }) : t('map.point', { row: p.row, col: p.col, position: p.label }),
        );
        marker.bindTooltip(p.failed ? t('map.failedTooltip') : t('map.point', { row: p.row, col: p.col, position: p.label }), {
          direction: 'top',
          offset: [0, -12],
        });
        marker.on('click', () => onSelectRef.current(p.index));
        marker.getElement()?.addEventListener('keydown', (e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          // Space would scroll the page; Enter must not reach the map's own handlers.
          e.preventDefault();
          e.stopPropagation();
          onSelectRef.current(p.index);
        });
        rankMarkersRef.current.set(p.index, marker);
        markSelected(marker, p.index === selectedRef.current);
      }
    } else {
      for (const c of places.markers) {
        const marker = drawCompetitor(layers.points, c);
        const lines = [
          t('map.competitor.avgPosition', { value: formatDecimal(c.competitor.avgPosition, locale) }),
          t('map.competitor.appearances', { count: c.competitor.appearances, total: validPoints }),
        ];
        if (c.competitor.isOurBusiness) lines.unshift(t('map.competitor.ours'));
        marker.bindTooltip(tooltipContent(`#${c.rank} ${c.competitor.name}`, lines), { direction: 'top', offset: [0, -16] });
      }
    }
  }, [mode, points, places, gridBounds, validPoints, t, locale, areaLayerRef, pointsLayerRef]);

  // The business's own point, on both maps (the competitor map also shows it as a ranked disc when it ranks).
  useEffect(() => {
    const layer = businessLayerRef.current;
    if (!layer) return;
    layer.clearLayers();
    if (businessLat === undefined || businessLng === undefined) return;
    const icon = L.divIcon({ className: BUSINESS_MARKER_CLASS, html: BUSINESS_PIN_SVG, iconSize: undefined });
    const marker = L.marker([businessLat, businessLng], { icon, keyboard: false, interactive: false, zIndexOffset: 3000 }).addTo(layer);
    // The legend names it; the map's points are the tab stops.
    marker.getElement()?.setAttribute('aria-hidden', 'true');
  }, [businessLat, businessLng, businessLayerRef]);

  // The selected point: outlined and drawn above its neighbours, without rebuilding (and so unfocusing) any marker.
  useEffect(() => {
    selectedRef.current = selectedIndex;
    for (const [index, marker] of rankMarkersRef.current) markSelected(marker, index === selectedIndex);
  }, [selectedIndex, mode, points]);

  // Fit the view to what the mode shows (docs/product.md §9 paddings), again on entering or
  // leaving full screen, so the grid fills the new size.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !shownBounds) return;
    map.invalidateSize({ animate: false });
    if (shownBounds.south === shownBounds.north && shownBounds.west === shownBounds.east) {
      map.setView([shownBounds.south, shownBounds.west], SINGLE_POINT_ZOOM, { animate: false });
      return;
    }
    const b = L.latLngBounds([shownBounds.south, shownBounds.west], [shownBounds.north, shownBounds.east]);
    if (expanded && mode === 'ranking') fitWholeGrid(map, b);
    else map.fitBounds(b.pad(FIT_PADDING[mode]), { ...FIT_CLEARANCE, animate: false });
  }, [mapRef, shownBounds, mode, expanded]);

  // Marker size follows the on-screen spacing of the grid at each zoom, so big grids do not overlap.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const container = map.getContainer();
    const pair = neighbourPair(points);
    const update = () => {
      const spacing = pair
        ? map.latLngToContainerPoint([pair[0].lat, pair[0].lng]).distanceTo(map.latLngToContainerPoint([pair[1].lat, pair[1].lng]))
        : null;
      setCompact(applyMarkerSize(container, spacing));
    };
    update();
    map.on('zoomend resize', update);
    return () => {
      map.off('zoomend resize', update);
    };
  }, [mapRef, points]);

  // Full screen: Escape leaves it, Tab stays inside, the page behind does not scroll.
  useEffect(() => {
    if (!expanded) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        setExpanded(false);
        // Back on the button that opened it, wherever the focus was inside (a marker, the zoom buttons).
        toggleRef.current?.focus();
      } else if (wrapperRef.current) trapTab(e, wrapperRef.current);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [expanded]);

  const legend = rankingLegend();
  return (
    <div
      ref={wrapperRef}
      data-testid="results-map-frame"
      data-expanded={expanded}
      {...(expanded ? { role: 'dialog', 'aria-modal': true, 'aria-label': t('map.fullscreen.label') } : {})}
      className={expanded ? 'fixed inset-0 z-[2000] isolate flex flex-col bg-white p-3 sm:p-4' : 'relative isolate'}
    >
      {tileStatus === 'failed' && <TilesFailedNotice testId="results-tiles-failed">{t('map.tilesFailed')}</TilesFailedNotice>}
      <div className={`relative overflow-hidden rounded-xl ring-1 ring-slate-200 ${expanded ? 'min-h-0 flex-1' : ''}`}>
        <div
          ref={containerRef}
          role="region"
          aria-label={label ?? (mode === 'ranking' ? t('map.labelRanking') : t('map.labelCompetitors'))}
          data-testid="results-map"
          data-mode={mode}
          // Leaflet's own stylesheet is unlayered and would win over a utility class here.
          style={{ background: tileStatus === 'failed' ? NO_BASEMAP_BACKGROUND : undefined }}
          className={`group/map z-0 w-full ${expanded ? 'h-full' : 'h-[26rem] sm:h-[30rem] lg:h-[34rem]'}`}
        />
        {/* On a phone the attribution wraps to two lines along the bottom, so the hint sits under
            the zoom buttons instead; from 640 px it has room above the one-line attribution. */}
        {mode === 'ranking' && compact && (
          <p
            className="pointer-events-none absolute top-[5.25rem] left-2 z-[1000] sm:top-auto sm:bottom-7 rounded-full bg-white/95 px-2.5 py-1 text-xs font-medium text-slate-800 shadow-sm ring-1 ring-slate-300"
            data-testid="results-map-zoom-hint"
          >
            {t('map.zoomHint')}
          </p>
        )}
        {notice && (
          <p
            className="pointer-events-none absolute top-2 right-2 z-[1000] rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 shadow-sm ring-1 ring-amber-300"
            data-testid={notice === 'demo' ? 'results-map-demo' : 'results-map-approximation'}
          >
            {notice === 'demo' ? t('map.demo') : t('map.approximation')}
          </p>
        )}
      </div>
      <div className="mt-2 flex items-start gap-3">
        <ul
          aria-label={t('map.legend.title')}
          className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600"
        >
          {mode === 'ranking' ? (
            <>
              <li className="font-medium text-slate-700">{t('map.legend.positions')}</li>
              {legend.map((entry) => (
                <LegendItem
                  key={entry.tone}
                  swatch={
                    <span
                      className="inline-flex h-3.5 w-3.5 items-center justify-center rounded-full text-[9px] leading-none font-bold"
                      style={{
                        background: entry.fill,
                        color: entry.text,
                        border: entry.tone === 'failed' ? `1.5px dashed ${FAILED_MARKER.border}` : '1px solid #ffffff',
                        boxShadow: '0 0 0 1px rgb(148 163 184 / 0.6)',
                      }}
                    />
                  }
                  label={
                    entry.tone === 'failed' ? t('map.legend.failed') : entry.tone === 'notFound' ? t('map.legend.notFound') : entry.range
                  }
                />
              ))}
            </>
          ) : (
            <>
              <LegendItem swatch={<CompetitorSwatch color={COMPETITOR_COLOR} />} label={t('map.legend.competitor')} />
              <LegendItem swatch={<CompetitorSwatch color={OUR_COLOR} />} label={t('map.legend.ours')} />
              {places.markers.length === 0 && <li>{t('map.legend.noCompetitors')}</li>}
              {places.unplaced > 0 && places.markers.length > 0 && (
                <li>{t('map.legend.unplaced', { count: places.unplaced, top: COMPETITORS_TOP })}</li>
              )}
            </>
          )}
          <LegendItem
            swatch={
              <span className="inline-block h-3 w-4 rounded-[2px] border-[1.5px] border-dashed" style={{ borderColor: AREA_COLOR }} />
            }
            label={t('map.legend.area')}
          />
          {business && <LegendItem swatch={<BusinessPinSwatch />} label={t('map.legend.business')} />}
          {coastShown && <LegendItem swatch={<CoastSwatch />} label={t('map.legend.coast')} />}
        </ul>
        <button
          ref={toggleRef}
          type="button"
          onClick={() => setExpanded((v) => !v)}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          data-testid="results-map-fullscreen"
        >
          {expanded ? (
            <Minimize2Icon aria-hidden="true" className="h-3.5 w-3.5" />
          ) : (
            <Maximize2Icon aria-hidden="true" className="h-3.5 w-3.5" />
          )}
          {expanded ? t('map.fullscreen.close') : t('map.fullscreen.open')}
        </button>
      </div>
    </div>
  );
}

/** The legend's copy of the business pin (BUSINESS_PIN_SVG, smaller). */
function BusinessPinSwatch() {
  return (
    <svg viewBox="0 0 22 30" width="12" height="16">
      <path d="M11 29C11 29 2 18 2 11a9 9 0 0 1 18 0c0 7-9 18-9 18Z" fill={BUSINESS_COLOR} stroke="#ffffff" strokeWidth="2" />
      <circle cx="11" cy="11" r="3.5" fill="#ffffff" />
    </svg>
  );
}

function CompetitorSwatch({ color }: { color: string }) {
  return (
    <span
      className="inline-block h-3.5 w-3.5 rounded-full border-2 border-white"
      style={{ background: color, boxShadow: '0 0 0 1px rgb(148 163 184 / 0.6)' }}
    />
  );
}

/**
 * Full screen fits the whole grid to the screen (docs/decisions.md §22.3): the outer points a
 * marker's radius inside the edges rather than 10 % in, at the exact zoom rather than the next
 * quarter step down, so a 25×25 grid on a 1440×900 screen is big enough to carry its numbers.
 * A full-screen grid is centred and as tall as the map, so only the controls along its edges
 * need room: the zoom buttons on the left, the attribution line along the bottom.
 */
const FULL_SCREEN_CLEARANCE = { topLeft: [44, 8], bottomRight: [12, 22] } as const;

function fitWholeGrid(map: L.Map, grid: L.LatLngBounds) {
  const radius = MARKER_MAX_PX / 2;
  const snap = map.options.zoomSnap;
  map.options.zoomSnap = 0;
  map.fitBounds(grid, {
    paddingTopLeft: L.point(FULL_SCREEN_CLEARANCE.topLeft[0] + radius, FULL_SCREEN_CLEARANCE.topLeft[1] + radius),
    paddingBottomRight: L.point(FULL_SCREEN_CLEARANCE.bottomRight[0] + radius, FULL_SCREEN_CLEARANCE.bottomRight[1] + radius),
    animate: false,
  });
  map.options.zoomSnap = snap;
}

function drawArea(layer: L.LayerGroup, b: Bounds) {
  L.rectangle(
    [
      [b.south, b.west],
      [b.north, b.east],
    ],
    { color: AREA_COLOR, weight: 1.5, dashArray: '6 4', fill: false, interactive: false },
  ).addTo(layer);
}

/** A point of the ranking map: a focusable button (Leaflet's keyboard option) named by its row, column and position. */
function drawPoint(layer: L.LayerGroup, p: ResultMarker, name: string): L.Marker {
  // Only the border's colour and style here: its width shrinks with the markers (RANK_MARKER_INNER).
  const border = p.failed ? `border-style:dashed;border-color:${FAILED_MARKER.border}` : 'border-style:solid;border-color:#ffffff';
  const icon = L.divIcon({
    className: RANK_MARKER_CLASS,
    html: `<span aria-hidden="true" class="${RANK_MARKER_INNER} ${markerLabelSize(p.label)}" style="background:${p.fill};color:${p.text};${border}">${escapeHtml(p.label)}</span>`,
    // No size from Leaflet: the classes above size and centre it from --rm-marker.
    iconSize: undefined,
  });
  const marker = L.marker([p.lat, p.lng], { icon, keyboard: true, riseOnHover: true }).addTo(layer);
  const el = marker.getElement();
  if (el) {
    el.setAttribute('aria-label', name);
    el.dataset.row = String(p.row);
    el.dataset.col = String(p.col);
    el.dataset.tone = p.tone;
  }
  return marker;
}

/** A business of the competitor map: its table rank on a disc, ours larger and in the brand colour. */
function drawCompetitor(layer: L.LayerGroup, c: CompetitorMarker): L.Marker {
  const ours = c.competitor.isOurBusiness;
  const icon = L.divIcon({
    className: ours ? OUR_COMPETITOR_MARKER_CLASS : COMPETITOR_MARKER_CLASS,
    html: `<span class="${COMPETITOR_MARKER_INNER}" style="background:${ours ? OUR_COLOR : COMPETITOR_COLOR}">${c.rank}</span>`,
    iconSize: undefined,
  });
  // The table lists the same businesses as text, so these are not tab stops; the better-ranked sit on top.
  const marker = L.marker([c.lat, c.lng], {
    icon,
    keyboard: false,
    zIndexOffset: ours ? 2000 : (COMPETITORS_TOP - c.rank) * 10,
    riseOnHover: true,
  }).addTo(layer);
  marker.getElement()?.setAttribute('aria-hidden', 'true');
  return marker;
}

function markSelected(marker: L.Marker, selected: boolean) {
  marker.setZIndexOffset(selected ? 1000 : 0);
  const el = marker.getElement();
  if (!el) return;
  el.dataset.selected = String(selected);
  el.setAttribute('aria-pressed', String(selected));
}

/** A tooltip built as elements, so a business's name is never read as HTML. */
function tooltipContent(title: string, lines: string[]): HTMLElement {
  const root = document.createElement('div');
  const heading = document.createElement('div');
  heading.className = 'font-semibold';
  heading.textContent = title;
  root.append(heading);
  for (const text of lines) {
    const line = document.createElement('div');
    line.textContent = text;
    root.append(line);
  }
  return root;
}

export default ResultsMap;
