import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, ariaSort, nextSort, rankCompetitors, sortCompetitorRows } from './competitor-sort';
import { competitor } from './results-fixtures';

describe('sorting the competitors', () => {
  const rows = rankCompetitors([
    competitor({ placeId: 'a', name: 'Zeta', avgPosition: 2, compositeScore: 80, rating: 4.2, userRatingCount: 5 }),
    competitor({ placeId: 'b', name: 'alfa', avgPosition: 1.5, compositeScore: 70, rating: null }),
    competitor({ placeId: 'c', name: 'Beta', avgPosition: 2, compositeScore: 60, rating: 4.2, userRatingCount: 50 }),
  ]);
  const ids = (r: ReturnType<typeof rankCompetitors>) => r.map((x) => x.competitor.placeId).join('');

  it('starts in rank order and keeps the rank whatever the sort', () => {
    expect(ids(sortCompetitorRows(rows, DEFAULT_SORT))).toBe('abc');
    const byName = sortCompetitorRows(rows, { key: 'name', dir: 'asc' });
    expect(ids(byName)).toBe('bca');
    expect(byName.map((r) => r.rank)).toEqual([2, 3, 1]);
  });

  it('breaks ties by rank', () => {
    expect(ids(sortCompetitorRows(rows, { key: 'avgPosition', dir: 'asc' }))).toBe('bac');
    expect(ids(sortCompetitorRows(rows, { key: 'avgPosition', dir: 'desc' }))).toBe('acb');
  });

  it('puts businesses without a rating last both ways, and ties ratings on reviews', () => {
    expect(ids(sortCompetitorRows(rows, { key: 'rating', dir: 'desc' }))).toBe('cab');
    expect(ids(sortCompetitorRows(rows, { key: 'rating', dir: 'asc' }))).toBe('acb');
  });

  it('sorts by the average over all points best first, a row without it (an older analysis) last both ways', () => {
    const total = rankCompetitors([
      competitor({ placeId: 'a', avgTotalPosition: 9.5 }),
      competitor({ placeId: 'b', avgTotalPosition: null }),
      competitor({ placeId: 'c', avgTotalPosition: 4.25 }),
    ]);
    expect(nextSort(DEFAULT_SORT, 'avgTotalPosition')).toEqual({ key: 'avgTotalPosition', dir: 'asc' });
    expect(ids(sortCompetitorRows(total, { key: 'avgTotalPosition', dir: 'asc' }))).toBe('cab');
    expect(ids(sortCompetitorRows(total, { key: 'avgTotalPosition', dir: 'desc' }))).toBe('acb');
  });

  it('starts each column best first and flips on a second click', () => {
    expect(nextSort(DEFAULT_SORT, 'compositeScore')).toEqual({ key: 'compositeScore', dir: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'avgPosition')).toEqual({ key: 'avgPosition', dir: 'asc' });
    expect(nextSort({ key: 'avgPosition', dir: 'asc' }, 'avgPosition')).toEqual({ key: 'avgPosition', dir: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'rank')).toEqual({ key: 'rank', dir: 'desc' });
    expect(ariaSort(DEFAULT_SORT, 'rank')).toBe('ascending');
    expect(ariaSort({ key: 'rank', dir: 'desc' }, 'rank')).toBe('descending');
    expect(ariaSort(DEFAULT_SORT, 'name')).toBe('none');
  });
});
