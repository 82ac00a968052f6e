import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POSITION_BAND_COLORS, POSITION_BAND_TEXT_COLORS, positionBand } from '@rankmaps/shared/metrics';
import type { RankResult } from '@rankmaps/shared/schemas/rankmaps';
import { XIcon } from 'lucide-react';
import { formatCoordinates } from '@/lib/format';
import { FAILED_MARKER, ourPosition } from '../utils/map-markers';
import { type PointEntry, pointEntries } from '../utils/point-entries';
import { AdBadge, OursBadge, RatingText } from './results-ui';

export interface PointPanelProps {
  result: RankResult;
  /** Our business's provider place id (the place's googlePlaceId): its result is highlighted. */
  ourPlaceId: string;
  onClose: () => void;
}

/**
 * The results of one grid point, in a panel that slides in from the right (a bottom sheet
 * below 768 px). It is a non-modal dialog: the map and the page stay usable behind it, so
 * another point can be picked while it is open. The focus moves into it when it opens or
 * shows another point, Escape and the × button close it, and the focus then goes back to
 * the marker that opened it.
 */
export function PointPanel({ result, ourPlaceId, onClose }: PointPanelProps) {
  const { t, i18n } = useTranslation('rankmap-results');
  const locale = i18n.language;
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [entered, setEntered] = useState(false);
  const pointKey = `${result.row}:${result.col}`;

  // Start off-screen and slide in on the next frame (no motion with prefers-reduced-motion).
  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  // Each point shown takes the focus (from the marker that asked for it) and starts at the top.
  useEffect(() => {
    const panel = panelRef.current;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !panel?.contains(active)) openerRef.current = active;
    headingRef.current?.focus({ preventScroll: true });
    panel?.querySelector('[data-scroll]')?.scrollTo({ top: 0 });
  }, [pointKey]);

  // Closing hands the focus back to the opener, unless the user already moved it elsewhere.
  useEffect(() => {
    const panel = panelRef.current;
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || Boolean(panel?.contains(active));
      const opener = openerRef.current;
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const failed = result.status === 'failed';
  const position = ourPosition(result);
  const { ads, organic } = pointEntries(result, ourPlaceId);
  const band = positionBand(position);

  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="point-panel"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
      className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[80vh] flex-col rounded-t-2xl bg-white shadow-2xl ring-1 ring-slate-200 transition-transform duration-300 ease-out motion-reduce:transition-none md:inset-x-auto md:top-0 md:right-0 md:h-full md:max-h-none md:w-[26rem] md:rounded-none md:rounded-l-2xl ${
        entered ? 'translate-y-0 md:translate-x-0' : 'translate-y-full md:translate-x-full md:translate-y-0'
      }`}
    >
      <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-10 shrink-0 rounded-full bg-slate-300 md:hidden" />
      <header className="flex shrink-0 items-start gap-3 border-b border-slate-200 px-5 pt-3 pb-4 md:pt-5">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {t('panel.title', { row: result.row + 1, col: result.col + 1 })}
          </h2>
          <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
            {t('panel.coordinates', { value: formatCoordinates(result.coordinates.lat, result.coordinates.lng) })}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('panel.close')}
          title={t('panel.close')}
          className="-mt-1 -mr-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <XIcon className="h-5 w-5" />
        </button>
      </header>

      {/* A tab stop of its own: the list holds no links or buttons, so the keyboard scrolls it from here. */}
      <div data-scroll role="region" aria-labelledby={titleId} tabIndex={0} className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
        {failed ? (
          <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="point-panel-position">
            <p className="flex items-center gap-2 font-semibold text-slate-800">
              <span
                aria-hidden="true"
                className="inline-flex h-7 w-7 items-center justify-center rounded-full text-sm font-bold"
                style={{ background: FAILED_MARKER.fill, color: FAILED_MARKER.text, border: `1.5px dashed ${FAILED_MARKER.border}` }}
              >
                ×
              </span>
              {t('panel.failed')}
            </p>
            <p className="mt-2 text-sm text-slate-600">{t('panel.failedHelp')}</p>
          </div>
        ) : (
          <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="point-panel-position">
            <span
              aria-hidden="true"
              className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums"
              style={{ background: POSITION_BAND_COLORS[band], color: POSITION_BAND_TEXT_COLORS[band] }}
            >
              {position ?? '+20'}
            </span>
            <div>
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('panel.yourPosition')}</p>
              <p className="font-semibold text-slate-900">{position !== null ? t('panel.position', { position }) : t('panel.notFound')}</p>
            </div>
          </div>
        )}

        {!failed && (
          <section aria-labelledby={`${titleId}-results`} className="mt-5">
            <h3 id={`${titleId}-results`} className="text-sm font-semibold text-slate-800">
              {t('panel.results')}
            </h3>
            {ads.length + organic.length === 0 ? (
              <p className="mt-2 text-sm text-slate-500">{t('panel.noResults')}</p>
            ) : (
              <ol className="mt-2 space-y-2">
                {ads.map((entry, i) => (
                  <ResultItem key={`ad-${i}`} entry={entry} locale={locale} />
                ))}
                {organic.map((entry) => (
                  <ResultItem key={`o-${entry.position}-${entry.placeId ?? entry.name}`} entry={entry} locale={locale} />
                ))}
              </ol>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

function ResultItem({ entry, locale }: { entry: PointEntry; locale: string }) {
  const { t } = useTranslation('rankmap-results');
  return (
    <li
      className={`flex gap-3 rounded-lg p-3 ring-1 ${entry.isOurs ? 'bg-brand-50 ring-2 ring-brand-300' : entry.isAd ? 'bg-amber-50/50 ring-amber-200' : 'ring-slate-200'}`}
      data-ours={entry.isOurs || undefined}
      data-ad={entry.isAd || undefined}
    >
      <div className="w-8 shrink-0 pt-0.5 text-center">
        {/* An ad has no organic position: its badge, next to the name, says what it is. */}
        {!entry.isAd && (
          <span className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-slate-100 text-xs font-bold text-slate-700 tabular-nums">
            <span className="sr-only">{t('panel.positionLabel', { position: entry.position })}</span>
            <span aria-hidden="true">{entry.position}</span>
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words text-slate-900">{entry.name}</span>
          {entry.isAd && <AdBadge>{t('panel.ad')}</AdBadge>}
          {entry.isOurs && <OursBadge>{t('panel.ours')}</OursBadge>}
        </p>
        <p className="mt-0.5">
          <RatingText rating={entry.rating} reviews={entry.userRatingCount} locale={locale} />
        </p>
        {entry.address && <p className="mt-0.5 text-xs break-words text-slate-600">{entry.address}</p>}
      </div>
    </li>
  );
}

export default PointPanel;
