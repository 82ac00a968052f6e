import * as L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FIT_CLEARANCE, LegendItem, NO_BASEMAP_BACKGROUND, TilesFailedNotice, useBaseMap, useCoastlineLayer, useLayerGroup } from '@/components/map/base-map';
import { boundsOf, unwrapLng } from '@/components/map/map-geometry';
import { formatPercent } from '@/lib/format';
import { NO_SHARE, SHARE_STEPS, formatShare, markerBackground, shareColour } from '@/lib/ai-figures';

export interface AiMapPoint {
  index: number;
  row: number;
  col: number;
  lat: number;
  lng: number;
  share: { value: number | null; low: number | null; high: number | null };
  wide: boolean;
}

interface Props {
  points: AiMapPoint[];
  center: { lat: number; lng: number };
  selected: number | null;
  onSelect: (index: number) => void;
  demo: boolean;
}

const MARKER_CLASS = 'rm-ai-marker size-9 ml-[-18px] mt-[-18px] rounded-full';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The AI map (issue 30 item 5): each grid point in the colour of its «Cuota de voz en IA»,
 * its share written on it, hatched when the 95 % interval is wide (docs/metrics.md §12). The
 * markers are buttons (Enter or Space) that open the point's answers. Loaded lazily: Leaflet
 * belongs in the maps' chunk.
 */
export default function AiMap({ points, center, selected, onSelect, demo }: Props) {
  const { t, i18n } = useTranslation('ai-visibility');
  const language = i18n.language;
  const containerRef = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const shown = useMemo(() => points.map((p) => ({ ...p, lng: unwrapLng(p.lng, center.lng) })), [points, center.lng]);
  const bounds = useMemo(() => boundsOf(shown), [shown]);
  const { mapRef, tileStatus } = useBaseMap(containerRef, { initialView: { center: [center.lat, center.lng], zoom: 13 }, attribution: t('map.attribution') });
  const coastShown = useCoastlineLayer(mapRef, tileStatus, bounds);
  const layerRef = useLayerGroup(mapRef);

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    layer.clearLayers();
    for (const p of shown) {
      const colour = shareColour(p.share.value);
      const value = p.share.value === null ? '—' : formatPercent(p.share.value, language, 0).replace(/\s?%$/, '');
      const label = t(p.wide ? 'map.pointWide' : 'map.point', { row: p.row + 1, col: p.col + 1, share: formatShare(p.share, language) });
      // The figure sits on a solid patch of the fill, so the hatching never runs through it.
      const html = `<span class="flex size-full items-center justify-center rounded-full border-2 text-[11px] font-bold tabular-nums shadow-[0_1px_3px_rgb(15_23_42/0.45)]" style="background:${markerBackground(colour.fill, p.wide)};color:${colour.text};border-color:${p.index === selected ? '#0f172a' : '#ffffff'};${p.index === selected ? 'outline:3px solid #0f172a;outline-offset:2px;' : ''}"><span class="rounded px-0.5 leading-tight" style="background:${colour.fill}">${escapeHtml(value)}</span></span>`;
      const marker = L.marker([p.lat, p.lng], { icon: L.divIcon({ className: MARKER_CLASS, html, iconSize: undefined }), title: label, alt: label, keyboard: true }).addTo(layer);
      const el = marker.getElement();
      el?.setAttribute('role', 'button');
      el?.setAttribute('aria-label', label);
      el?.setAttribute('data-wide', String(p.wide));
      el?.setAttribute('data-point', String(p.index));
      if (p.index === selected) el?.setAttribute('aria-pressed', 'true');
      marker.on('click', () => onSelectRef.current(p.index));
      el?.addEventListener('keydown', (e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        e.stopPropagation();
        onSelectRef.current(p.index);
      });
    }
  }, [shown, selected, language, t, layerRef]);

  // Fit the grid, and again whenever the map's box changes size (a phone turned, the sidebar folded).
  useEffect(() => {
    const map = mapRef.current;
    const container = containerRef.current;
    if (!map || !bounds || !container) return;
    const fit = () => {
      map.invalidateSize({ animate: false });
      map.fitBounds(
        [
          [bounds.south, bounds.west],
          [bounds.north, bounds.east],
        ],
        { ...FIT_CLEARANCE, animate: false },
      );
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(container);
    return () => observer.disconnect();
  }, [bounds, mapRef]);

  return (
    <div data-testid="ai-map">
      {tileStatus === 'failed' && <TilesFailedNotice>{t('map.tilesFailed')}</TilesFailedNotice>}
      <div className="relative">
        <div
          ref={containerRef}
          role="region"
          aria-label={t('map.label')}
          className="h-80 w-full overflow-hidden rounded-xl ring-1 ring-slate-200 sm:h-[26rem]"
          style={tileStatus === 'failed' ? { background: NO_BASEMAP_BACKGROUND } : undefined}
        />
        {demo && (
          <span className="pointer-events-none absolute top-2 right-2 z-[500] rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300" data-testid="ai-map-demo">
            {t('demo')}
          </span>
        )}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={t('map.legend')}>
        {[...SHARE_STEPS].reverse().map((s, i, all) => (
          <LegendItem key={s.min} swatch={<span className="inline-block size-3.5 rounded-full" style={{ background: s.fill }} />} label={t('map.legendRange', { from: s.min, to: all[i + 1]?.min ?? 100 })} />
        ))}
        <LegendItem swatch={<span className="inline-block size-3.5 rounded-full" style={{ background: NO_SHARE.fill }} />} label={t('map.legendNone')} />
        <LegendItem swatch={<span className="inline-block size-3.5 rounded-full" style={{ background: markerBackground('#64748b', true) }} />} label={t('map.legendWide')} />
        {coastShown && <LegendItem swatch={<span className="inline-block h-0.5 w-4 bg-sky-900" />} label={t('map.coast')} />}
      </ul>
    </div>
  );
}
