import { type ChangeVerdict, FIGURE_DIGITS, MINUS, PERCENT_DIGITS, changeVerdict } from '@rankmaps/shared/figures';
import type { AnalysisReport, ReportDataLabel } from '@rankmaps/shared/schemas/report';

// How the PDF writes figures and dates: es-ES, the same rules as the SPA's lib/format.ts
// (decimal comma; metrics to one decimal, docs/decisions.md §29.3), dates on the place's clock.

type MetricKey = AnalysisReport['metrics'][number]['key'];

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat('es-ES', options)));
  return f;
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat('es-ES', options)));
  return f;
}

export { MINUS };
export const DASH = '–';

/** The figure as `format` writes it, or «–» where there is none. */
export function orDash(n: number | null, format: (n: number) => string): string {
  return n === null ? DASH : format(n);
}

/** '47,3', '1234', '−1,2': at most `digits` decimals (a metric's FIGURE_DIGITS), a real minus sign. */
export function formatNumber(n: number, digits = FIGURE_DIGITS): string {
  return numberFormat({ maximumFractionDigits: digits }).format(n).replace('-', MINUS);
}

/** A 0–100 figure as a percentage: '38,4 %' (PERCENT_DIGITS). */
export function formatPercent(n: number, digits = PERCENT_DIGITS): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: digits })
    .format(n / 100)
    .replace('-', MINUS);
}

/** A rating with one decimal: '4,0'. */
export function formatRating(n: number): string {
  return numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}

/** '23 de noviembre de 2026, 9:30' on the place's clock. */
export function formatDateTime(iso: string, timeZone: string): string {
  return dateFormat({ timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** '23/11/2026' on the place's clock, for tables. */
export function formatShortDate(iso: string, timeZone: string): string {
  return dateFormat({ timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
}

/** '23/11' on the place's clock, for the trend chart's axis. */
export function formatDayMonth(iso: string, timeZone: string): string {
  return dateFormat({ timeZone, day: '2-digit', month: '2-digit' }).format(new Date(iso));
}

/** A radius in metres: '800 m', '5 km', '2,5 km'. */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${formatNumber(Math.round(metres), 0)} m` : `${formatNumber(metres / 1000, 1)} km`;
}

/** 'España', 'español' (Intl's Spanish names), or the code itself when unknown. */
export function regionName(code: string): string {
  try {
    return new Intl.DisplayNames(['es'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['es'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The metrics' names, as the panel and docs/metrics.md §3 call them. */
export const METRIC_LABELS: Record<MetricKey, string> = {
  geoRank: 'GeoRank',
  avgPosition: 'Posición media',
  avgTotalPosition: 'Posición media total',
  localPackPercentage: '% Local Pack',
  foundPercentage: '% encontrado',
  visibilityIndex: 'Índice de visibilidad',
};

const PERCENT_METRICS = new Set<MetricKey>(['localPackPercentage', 'foundPercentage']);

/** A metric's value: '38,4 %', '9,84', '–' when there is none. */
export function formatMetric(key: MetricKey, value: number | null): string {
  if (value === null) return DASH;
  return PERCENT_METRICS.has(key) ? formatPercent(value) : formatNumber(value);
}

/**
 * A change as better or worse for the business, as the app says it (docs/decisions.md §29.3):
 * '▲ mejora 3,5', '▼ empeora 1,2', 'sin cambios'; percentages in points ('▲ mejora 4,8 p. p.');
 * '–' without one. The arrow follows the verdict, never the sign: a position that went from 8
 * to 6 «mejora». `verdict` is null without a change, for the colour.
 */
export function changeText(delta: number | null, better: 'higher' | 'lower', unit: 'number' | 'points' = 'number'): { text: string; verdict: ChangeVerdict | null } {
  if (delta === null) return { text: DASH, verdict: null };
  const { verdict, amount } = changeVerdict(delta, better);
  if (verdict === 'same') return { text: 'sin cambios', verdict };
  const suffix = unit === 'points' ? ' p. p.' : '';
  return { text: `${verdict === 'better' ? '▲ mejora' : '▼ empeora'} ${formatNumber(amount)}${suffix}`, verdict };
}

/** A metric's change in words (changeText), percentages in points. */
export function metricChangeText(key: MetricKey, better: 'higher' | 'lower', delta: number | null): { text: string; verdict: ChangeVerdict | null } {
  return changeText(delta, better, PERCENT_METRICS.has(key) ? 'points' : 'number');
}

/** What each data label says (docs/metrics.md §8). */
export const DATA_LABELS: Record<Exclude<ReportDataLabel, null>, { title: string; text: string }> = {
  demo: {
    title: 'Datos de demostración',
    text: 'Estas cifras son una simulación, sin búsquedas reales, para probar el producto.',
  },
  approximation: {
    title: 'Aproximación con Google Places',
    text: 'Las posiciones salen de la búsqueda de texto de Google Places orientada hacia cada punto. No es exactamente el mapa que ve un móvil allí, así que son una aproximación.',
  },
};

/** WCAG contrast ratio of a #rrggbb colour against white. */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (l + 0.05);
}
