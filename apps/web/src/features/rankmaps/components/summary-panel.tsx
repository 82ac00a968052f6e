import { POSITION_BANDS, POSITION_BAND_COLORS, type PositionBand, type ScanStats, countByBand } from '@rankmaps/shared/metrics';
import type { RankResult } from '@rankmaps/shared/schemas/rankmaps';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatPercent } from '@/lib/format';
import { bandRangeLabel, ourPosition } from '../utils/map-markers';

interface SummaryPanelProps {
  /** Null when the analysis has none (it failed before finishing). */
  stats: ScanStats | null;
  /** Points that failed after retries: refunded, and never counted as 'not found'. */
  failedPoints: number;
  /** The analysis's points: the distribution counts the valid ones by the map's bands. */
  results: readonly RankResult[];
}

/** The analysis's figures (docs/decisions.md §3), each with a one-line explanation, and the position distribution. */
export function SummaryPanel({ stats, failedPoints, results }: SummaryPanelProps) {
  const { t, i18n } = useTranslation('rankmaps');
  const lang = i18n.language;
  const dash = '—';

  const figures = [
    { key: 'geoRank', value: stats ? formatDecimal(stats.geoRank, lang) : dash, hint: t('summary.geoRank.hint') },
    {
      key: 'avgPosition',
      value: stats ? (stats.avgPosition === null ? '+20' : formatDecimal(stats.avgPosition, lang)) : dash,
      hint: stats && stats.avgPosition === null ? t('summary.avgPosition.notFoundHint') : t('summary.avgPosition.hint'),
    },
    {
      key: 'avgTotalPosition',
      value: stats ? formatDecimal(stats.avgTotalPosition, lang) : dash,
      hint: t('summary.avgTotalPosition.hint'),
    },
    { key: 'localPack', value: stats ? formatPercent(stats.localPackPercentage, lang) : dash, hint: t('summary.localPack.hint') },
    { key: 'visibility', value: stats ? formatDecimal(stats.visibilityIndex, lang) : dash, hint: t('summary.visibility.hint') },
    { key: 'found', value: stats ? formatPercent(stats.foundPercentage, lang) : dash, hint: t('summary.found.hint') },
  ];

  return (
    <section aria-labelledby="summary-title" className="@container rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="summary-title" className="text-base font-semibold text-slate-900">
          {t('summary.title')}
        </h2>
        {stats && <p className="text-sm text-slate-600">{t('summary.points', { count: stats.totalPoints })}</p>}
      </div>
      {failedPoints > 0 && (
        <p className="mt-2 inline-block rounded-lg bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          {t('summary.failedPoints', { count: failedPoints })}
        </p>
      )}
      {!stats && <p className="mt-2 text-sm text-slate-600">{t('summary.noStats')}</p>}
      <dl className="mt-4 grid grid-cols-2 gap-3 @lg:grid-cols-3 @4xl:grid-cols-6">
        {figures.map((f) => (
          <div key={f.key} className="flex flex-col rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200" data-metric={f.key}>
            <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t(`summary.${f.key}.label`)}</dt>
            <dd className="mt-1 text-2xl font-bold whitespace-nowrap text-slate-900 tabular-nums">{f.value}</dd>
            <dd className="mt-1 text-xs leading-snug text-slate-600">{f.hint}</dd>
          </div>
        ))}
      </dl>
      {stats && <Distribution results={results} />}
    </section>
  );
}

/**
 * Where the valid points fall, by the bands and colours of the map's legend (bands.ts), so a
 * colour on the bar is the colour of those points on the map. Failed points are left out,
 * as from every metric.
 */
function Distribution({ results }: { results: readonly RankResult[] }) {
  const { t, i18n } = useTranslation('rankmaps');
  const lang = i18n.language;
  const counts = countByBand(results.filter((r) => r.status === 'ok').map(ourPosition));
  const total = POSITION_BANDS.reduce((sum, band) => sum + counts[band], 0);
  const label = (band: PositionBand) => (band === 'notFound' ? t('summary.distribution.notFound') : bandRangeLabel(band));
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold text-slate-800">{t('summary.distribution.title')}</h3>
      {total > 0 && (
        <div aria-hidden="true" className="mt-2 flex h-4 w-full overflow-hidden rounded-full bg-slate-100">
          {POSITION_BANDS.filter((band) => counts[band] > 0).map((band) => (
            <div
              key={band}
              className="h-full"
              style={{ width: `${(counts[band] / total) * 100}%`, backgroundColor: POSITION_BAND_COLORS[band] }}
            />
          ))}
        </div>
      )}
      <ul className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 @xs:grid-cols-2 @3xl:grid-cols-3 @5xl:grid-cols-6">
        {POSITION_BANDS.map((band) => (
          <li key={band} className="flex items-center gap-2 text-sm" data-bucket={band} data-count={counts[band]}>
            <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: POSITION_BAND_COLORS[band] }} />
            <span className="font-medium whitespace-nowrap text-slate-800">{label(band)}</span>
            <span className="text-slate-600 tabular-nums">
              {t('summary.distribution.count', { count: counts[band] })}
              {total > 0 && ` (${formatPercent((counts[band] / total) * 100, lang, 0)})`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
