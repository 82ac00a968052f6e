import { formatDecimal, formatPercent } from '@/lib/format';

// How an AI figure reads on screen (docs/metrics.md §12): a value with its 95 % interval,
// "38 % (29–47 %)", in the interface's language; the map's colour for a point's share.

/** The estimate shape of the API: value and bounds, null when nothing could be measured. */
export interface EstimateLike {
  value: number | null;
  low: number | null;
  high: number | null;
}

/** A percentage with its interval: '38 % (29–47 %)'; '—' when there is no figure. */
export function formatShare(e: EstimateLike, language: string): string {
  if (e.value === null) return '—';
  const value = formatPercent(e.value, language, 0);
  if (e.low === null || e.high === null) return value;
  return `${value} (${formatPercent(e.low, language, 0).replace(/\s?%$/, '')}–${formatPercent(e.high, language, 0)})`;
}

/** A mean position with its interval: '2,3 (1,8–2,9)'. */
export function formatMeanPosition(e: EstimateLike, language: string): string {
  if (e.value === null) return '—';
  const value = formatDecimal(e.value, language, 1);
  if (e.low === null || e.high === null) return value;
  return `${value} (${formatDecimal(e.low, language, 1)}–${formatDecimal(e.high, language, 1)})`;
}

/**
 * The colour of a share on the AI map: red (0 %) through amber to green (100 %), five steps so
 * nearby values read alike; grey when the point has no answer naming any business.
 * Text colours keep 4.5:1 on their fill (axe checks the map in e2e/ai-visibility.spec.ts).
 */
export const SHARE_STEPS = [
  { min: 80, fill: '#15803d', text: '#ffffff' },
  { min: 60, fill: '#4d7c0f', text: '#ffffff' },
  { min: 40, fill: '#facc15', text: '#1f2937' },
  { min: 20, fill: '#fb923c', text: '#1f2937' },
  { min: 0, fill: '#dc2626', text: '#ffffff' },
] as const;
export const NO_SHARE = { fill: '#e2e8f0', text: '#334155' } as const;

export function shareColour(value: number | null): { fill: string; text: string } {
  if (value === null) return NO_SHARE;
  return SHARE_STEPS.find((s) => value >= s.min) ?? SHARE_STEPS[SHARE_STEPS.length - 1]!;
}

/**
 * The marker's background: the fill, hatched with white diagonals when the interval is wide
 * (too few answers to trust the colour), so the reader sees the doubt without a legend lookup.
 */
export function markerBackground(fill: string, wide: boolean): string {
  return wide ? `repeating-linear-gradient(45deg, ${fill} 0 4px, rgba(255,255,255,0.75) 4px 7px)` : fill;
}
