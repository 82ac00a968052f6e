import type { Competitor } from '@rankmaps/shared/metrics';

// The competitors table's rows and their sorting; the table component only renders them.

export interface CompetitorRow {
  /** 1-based place in the server's order (compositeScore, then avgPosition): kept whatever the sort. */
  rank: number;
  competitor: Competitor;
}

export type CompetitorSortKey =
  | 'rank'
  | 'name'
  | 'avgPosition'
  | 'avgTotalPosition'
  | 'appearances'
  | 'localPackPercentage'
  | 'visibilityIndex'
  | 'compositeScore'
  | 'rating';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: CompetitorSortKey;
  dir: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: 'rank', dir: 'asc' };

/** The direction a column sorts in first: best first (low ranks and positions, high scores), names A–Z. */
export function defaultDirection(key: CompetitorSortKey): SortDirection {
  return key === 'rank' || key === 'avgPosition' || key === 'avgTotalPosition' || key === 'name' ? 'asc' : 'desc';
}

/** A click on a column header: a new column starts in its own best-first direction, the same one flips. */
export function nextSort(current: SortState, key: CompetitorSortKey): SortState {
  if (current.key !== key) return { key, dir: defaultDirection(key) };
  return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}

export function ariaSort(current: SortState, key: CompetitorSortKey): 'ascending' | 'descending' | 'none' {
  if (current.key !== key) return 'none';
  return current.dir === 'asc' ? 'ascending' : 'descending';
}

export function rankCompetitors(competitors: readonly Competitor[]): CompetitorRow[] {
  return competitors.map((competitor, i) => ({ rank: i + 1, competitor }));
}

/**
 * The rows in the chosen order. Ties keep the table's rank order; a business without a
 * rating goes last whichever way the ratings sort (it is unknown, not low), and so does a
 * row of an older analysis without its "Posición media total". Ratings tie-break on the
 * review count, in the same direction.
 */
export function sortCompetitorRows(rows: readonly CompetitorRow[], sort: SortState, locale = 'es'): CompetitorRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const compare = (a: CompetitorRow, b: CompetitorRow): number => {
    const x = a.competitor;
    const y = b.competitor;
    switch (sort.key) {
      case 'rank':
        return sign * (a.rank - b.rank);
      case 'name':
        return sign * collator.compare(x.name, y.name);
      case 'avgTotalPosition': {
        const [p, q] = [x.avgTotalPosition, y.avgTotalPosition];
        if (p === null || q === null) return p === q ? 0 : p === null ? 1 : -1;
        return sign * (p - q);
      }
      case 'rating': {
        if (x.rating === null || y.rating === null) return x.rating === y.rating ? 0 : x.rating === null ? 1 : -1;
        return sign * (x.rating - y.rating || x.userRatingCount - y.userRatingCount);
      }
      default:
        return sign * (x[sort.key] - y[sort.key]);
    }
  };
  return [...rows].sort((a, b) => compare(a, b) || a.rank - b.rank);
}
