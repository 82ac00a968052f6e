import { describe, expect, it } from 'vitest';
import { REPLY_MAX_LENGTH, fillTemplate } from '@rankmaps/shared/schemas/reviews';
import {
  NO_FILTERS,
  STARTER_TEMPLATES,
  distributionRows,
  isFiltered,
  replyDraftState,
  responseTime,
  reviewsSearch,
  toggleStar,
} from './reviews-view';

describe('the reviews list query string', () => {
  it('sends nothing for the default list', () => {
    expect(reviewsSearch(NO_FILTERS, null)).toBe('');
  });

  it('sends each filter in the contract’s terms, stars sorted, and the cursor', () => {
    const search = reviewsSearch(
      { stars: [3, 1], answered: 'unanswered', from: '2026-01-01', to: '2026-02-01', order: 'unanswered' },
      'abc+/=',
    );
    const params = new URLSearchParams(search.slice(1));
    expect(search.startsWith('?')).toBe(true);
    expect(params.get('stars')).toBe('1,3');
    expect(params.get('answered')).toBe('false');
    expect(params.get('from')).toBe('2026-01-01');
    expect(params.get('to')).toBe('2026-02-01');
    expect(params.get('order')).toBe('unanswered');
    expect(params.get('cursor')).toBe('abc+/=');
    expect(reviewsSearch({ ...NO_FILTERS, answered: 'answered' }, null)).toBe('?answered=true');
  });

  it('treats all five stars as no star filter', () => {
    expect(reviewsSearch({ ...NO_FILTERS, stars: [1, 2, 3, 4, 5] }, null)).toBe('');
    expect(isFiltered({ ...NO_FILTERS, stars: [1, 2, 3, 4, 5] })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, stars: [2] })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, order: 'unanswered' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, to: '2026-01-01' })).toBe(true);
  });

  it('toggles a star in and out', () => {
    expect(toggleStar([], 2)).toEqual([2]);
    expect(toggleStar([4, 2], 1)).toEqual([1, 2, 4]);
    expect(toggleStar([1, 2], 1)).toEqual([2]);
  });
});

describe('the median time to answer in words', () => {
  it('is under an hour, then hours up to a day and a half, then days', () => {
    expect(responseTime(0.2)).toEqual({ unit: 'underHour' });
    expect(responseTime(1)).toEqual({ unit: 'hours', count: 1 });
    expect(responseTime(2.4)).toEqual({ unit: 'hours', count: 2 });
    expect(responseTime(35.4)).toEqual({ unit: 'hours', count: 35 });
    expect(responseTime(36)).toEqual({ unit: 'days', count: 2 });
    expect(responseTime(72)).toEqual({ unit: 'days', count: 3 });
  });
});

describe('the distribution bars', () => {
  it('lists five stars first with each share of the total', () => {
    const rows = distributionRows({ total: 4, distribution: { '1': 1, '2': 0, '3': 0, '4': 1, '5': 2 } });
    expect(rows.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(rows.map((r) => r.share)).toEqual([0.5, 0.25, 0, 0, 0.25]);
  });

  it('has no share without reviews', () => {
    expect(distributionRows({ total: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } }).every((r) => r.share === 0)).toBe(true);
  });
});

describe('the reply draft', () => {
  it('is sendable with text up to Google’s limit', () => {
    expect(replyDraftState('   ').sendable).toBe(false);
    expect(replyDraftState('Gracias').sendable).toBe(true);
    expect(replyDraftState('a'.repeat(REPLY_MAX_LENGTH))).toMatchObject({ sendable: true, tooLong: false, length: REPLY_MAX_LENGTH });
    expect(replyDraftState('a'.repeat(REPLY_MAX_LENGTH + 1))).toMatchObject({ sendable: false, tooLong: true });
  });

  it('starter templates use both placeholders and fill into plain Spanish within the limit', () => {
    for (const starter of STARTER_TEMPLATES) {
      expect(starter.text).toContain('{nombre}');
      expect(starter.text).toContain('{negocio}');
      const filled = fillTemplate(starter.text, { reviewer: 'Lucía', business: 'Clínica Dental Sonrisas' });
      expect(filled).not.toMatch(/[{}]/);
      expect(filled).toContain('Lucía');
      expect(replyDraftState(filled).sendable).toBe(true);
    }
  });
});
