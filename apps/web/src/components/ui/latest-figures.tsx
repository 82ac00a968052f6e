import type { CardFigures } from '@rankmaps/shared/schemas/workspace';
import { changeVerdict } from '@rankmaps/shared/figures';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatMediumDate } from '@/lib/format';

/**
 * A change of a metric in words and colour (docs/decisions.md §25.1 and docs/decisions.md §29.3):
 * «▲ mejora 4,2» in green when it is better, «▼ empeora 3,1» in red when worse, «sin cambios» in
 * grey. The arrow and the word say better or worse, never up or down: `better` says which way is
 * good, higher for GeoRank and % Local Pack, lower for the average positions. With `gridChanged`
 * the analysis before ran on another grid, so there is no change to show: it says why instead
 * (docs/decisions.md §25.6).
 */
export function ChangeText({
  change,
  better = 'higher',
  gridChanged = false,
  className = '',
}: {
  change: number | null;
  better?: 'higher' | 'lower';
  gridChanged?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation('common');
  if (gridChanged) {
    return (
      <span data-testid="grid-changed" className={`text-slate-500 ${className}`}>
        {t('figures.gridChanged')}
      </span>
    );
  }
  if (change === null) return null;
  const { verdict, amount } = changeVerdict(change, better);
  if (verdict === 'same') return <span className={`text-slate-500 ${className}`}>{t('figures.unchanged')}</span>;
  const good = verdict === 'better';
  const shown = formatDecimal(amount, i18n.language);
  return (
    <span className={`font-medium whitespace-nowrap ${good ? 'text-emerald-700' : 'text-red-700'} ${className}`}>
      <span aria-hidden="true">{good ? '▲' : '▼'} </span>
      {good ? t('figures.better', { amount: shown }) : t('figures.worse', { amount: shown })}
    </span>
  );
}

/** A business's or keyword's latest GeoRank, its change and the last scan's date, on its card. */
export function LatestFigures({ figures }: { figures: CardFigures | undefined }) {
  const { t, i18n } = useTranslation('common');
  if (!figures || (figures.geoRank === null && figures.lastAt === null)) {
    return <p className="text-xs text-slate-500">{t('figures.never')}</p>;
  }
  return (
    <dl className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs text-slate-600">
      <div className="flex items-baseline gap-1">
        <dt>{t('figures.geoRank')}</dt>
        <dd className="text-sm font-semibold text-slate-900">{figures.geoRank === null ? '—' : formatDecimal(figures.geoRank, i18n.language)}</dd>
      </div>
      {/* The analysis before ran on another grid: a change would compare different points (docs/decisions.md §25.6). */}
      {(figures.gridChanged || figures.geoRankChange !== null) && (
        <div className="flex items-baseline gap-1">
          <dt className="sr-only">{t('figures.change')}</dt>
          <dd>
            <ChangeText change={figures.geoRankChange} gridChanged={figures.gridChanged || figures.geoRankChange === null} />
          </dd>
        </div>
      )}
      {figures.lastAt && (
        <div className="flex items-baseline gap-1">
          <dt>{t('figures.lastScan')}</dt>
          <dd>{formatMediumDate(figures.lastAt, i18n.language)}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The last GeoRanks as a small line (0–100, oldest first), with its text alternative: what a
 * screen reader hears instead of the drawing.
 */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const width = 72;
  const height = 20;
  if (values.length === 0) return <span className="text-xs text-slate-400">—</span>;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (v: number) => height - 1 - (Math.max(0, Math.min(100, v)) / 100) * (height - 2);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const last = values[values.length - 1] ?? 0;
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="overflow-visible text-brand-600">
      <title>{label}</title>
      {values.length > 1 && <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />}
      <circle cx={(values.length - 1) * step} cy={y(last)} r="2" fill="currentColor" />
    </svg>
  );
}
