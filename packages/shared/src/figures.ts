// How every surface writes a metric (docs/decisions.md §29.3): the app, the share page, the PDF
// and the e-mails format through here, so a GeoRank reads the same everywhere. Figures are stored
// to 2 decimals (docs/metrics.md §10) and shown to ONE: GeoRank, positions and indices to one
// decimal, percentages to one decimal too, and a change is rounded before it is judged.

import { roundTo } from './report-insights/format';

/** Decimals shown for GeoRank, the average positions and the visibility index. */
export const FIGURE_DIGITS = 1;
/** Decimals shown for a 0–100 percentage (% Local Pack, % encontrado, a share). */
export const PERCENT_DIGITS = 1;

/** The typographic minus sign, as Spanish figures are printed (−1,2). */
export const MINUS = '\u2212';

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** A figure as shown: rounded half away from zero to one decimal. */
export function shownFigure(n: number): number {
  return roundTo(n, FIGURE_DIGITS);
}

/** GeoRank, a position or an index: '47,3', '9', '−1,2' (es-ES unless told). */
export function formatFigure(n: number, locale = 'es-ES'): string {
  return numberFormat(locale, { maximumFractionDigits: FIGURE_DIGITS }).format(shownFigure(n)).replace('-', MINUS);
}

/** A 0–100 figure as a percentage: '38,4 %' in Spanish, '38.4%' in English. */
export function formatPercentage(n: number, locale = 'es-ES'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: PERCENT_DIGITS })
    .format(roundTo(n, PERCENT_DIGITS) / 100)
    .replace('-', MINUS);
}

/** A change with its sign, as shown: '+3,5', '−1,2', '0'. */
export function formatSignedFigure(delta: number, locale = 'es-ES'): string {
  const shown = shownFigure(delta);
  if (shown === 0) return '0';
  return `${shown > 0 ? '+' : MINUS}${formatFigure(Math.abs(shown), locale)}`;
}

export type ChangeVerdict = 'better' | 'worse' | 'same';

/**
 * Whether a change is better or worse for the business, on the rounded figure the reader sees
 * (a change shown as 0 is «sin cambios»): higher is better for GeoRank and the percentages,
 * lower for the positions (docs/decisions.md §29.3). `amount` is the change's size as shown.
 */
export function changeVerdict(change: number, better: 'higher' | 'lower'): { verdict: ChangeVerdict; amount: number } {
  const shown = shownFigure(change);
  if (shown === 0) return { verdict: 'same', amount: 0 };
  return { verdict: shown > 0 === (better === 'higher') ? 'better' : 'worse', amount: Math.abs(shown) };
}
