import type { PointMovement } from '@rankmaps/shared/metrics';
import type { RankMapSummary } from '@rankmaps/shared/schemas/rankmaps';
import { FAILED_MARKER } from './map-markers';

/** The completed analyses of a keyword, newest first: the ones a comparison can use. */
export function comparableAnalyses(entries: readonly RankMapSummary[]): RankMapSummary[] {
  const at = (e: RankMapSummary) => Date.parse(e.completedAt ?? e.createdAt);
  return entries.filter((e) => !e.virtual && e.status === 'completed').sort((a, b) => at(b) - at(a));
}

/**
 * The analysis the selected one is compared with by default (issue 16: the latest against the
 * one before): the completed analysis just before it, or, for the oldest, the one just after.
 */
export function defaultReference(selectedId: string, completed: readonly RankMapSummary[]): string | null {
  const i = completed.findIndex((e) => e.id === selectedId);
  if (i === -1) return completed[0]?.id ?? null;
  return completed[i + 1]?.id ?? completed[i - 1]?.id ?? null;
}

/**
 * How each movement looks on the movement map. Movement is not a position, so it keeps its own
 * diverging colours rather than the position scale (docs/decisions.md §23.1): green better, navy
 * newly found, slate unchanged, orange lost, dark red worse, every one with white text at 4.5:1 or
 * more; a point that cannot be compared looks like a failed point. The label is the cue that does
 * not rely on colour: an arrow with the places moved, "=", "N" or "×".
 */
export const MOVEMENT_STYLE: Readonly<Record<PointMovement, { fill: string; text: string }>> = {
  improved: { fill: '#177d49', text: '#ffffff' },
  newlyFound: { fill: '#193e65', text: '#ffffff' },
  same: { fill: '#64748b', text: '#ffffff' },
  lost: { fill: '#c84d03', text: '#ffffff' },
  worsened: { fill: '#5e1626', text: '#ffffff' },
  notComparable: { fill: FAILED_MARKER.fill, text: FAILED_MARKER.text },
};

/** Legend order: better first. */
export const MOVEMENTS: readonly PointMovement[] = ['improved', 'newlyFound', 'same', 'lost', 'worsened', 'notComparable'];

/** The text on a point of the movement map: '↑3', '↓2', '=', 'N' (newly found), '↓' with the places to 21 when lost, '×'. */
export function movementLabel(movement: PointMovement, change: number | null): string {
  switch (movement) {
    case 'improved':
      return `↑${change ?? ''}`;
    case 'worsened':
      return `↓${Math.abs(change ?? 0)}`;
    case 'same':
      return '=';
    case 'newlyFound':
      return 'N';
    case 'lost':
      return '−';
    default:
      return '×';
  }
}

/** A signed figure: '+3,5', '−2', '0' (a real minus sign, and no sign on zero). */
export function signed(value: number, format: (n: number) => string): string {
  if (value === 0) return format(0);
  return `${value > 0 ? '+' : '−'}${format(Math.abs(value))}`;
}
