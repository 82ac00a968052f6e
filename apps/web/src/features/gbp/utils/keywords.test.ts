import { describe, expect, it } from 'vitest';
import { formatKeywordCount, sortKeywords, toKeywordRow, topKeywords } from './keywords';

const kw = (keyword: string, insightsValue: { value?: string; threshold?: string }) => ({ keyword, insightsValue });

describe('topKeywords', () => {
  it('when Google sends more than 9, then only the 9 most searched are kept, counts before thresholds', () => {
    const list = [kw('raro', { threshold: '15' }), ...Array.from({ length: 10 }, (_, i) => kw(`kw${i}`, { value: String(100 + i) }))];
    const top = topKeywords(list);
    expect(top).toHaveLength(9);
    expect(top[0]).toEqual({ keyword: 'kw9', value: 109, threshold: null });
    expect(top.map((r) => r.keyword)).not.toContain('raro');
  });

  it('when some keywords carry only a threshold, then they come after the counted ones, by threshold then name', () => {
    const rows = sortKeywords(
      [
        kw('b', { threshold: '15' }),
        kw('a', { threshold: '15' }),
        kw('c', { value: '3' }),
        kw('d', { threshold: '30' }),
        kw('e', {}),
        kw('f', { value: '40' }),
      ].map(toKeywordRow),
    );
    expect(rows.map((r) => r.keyword)).toEqual(['f', 'c', 'd', 'a', 'b', 'e']);
  });

  it('when ties happen, then names decide in Spanish order', () => {
    expect(topKeywords([kw('ñu', { value: '5' }), kw('nube', { value: '5' }), kw('óptica', { value: '5' })]).map((r) => r.keyword)).toEqual(
      ['nube', 'ñu', 'óptica'],
    );
  });
});

describe('formatKeywordCount', () => {
  it('when a count is disclosed, then it reads as a number in the language; a threshold reads "< 15"', () => {
    expect(formatKeywordCount(toKeywordRow(kw('a', { value: '1234' })), 'es-ES')).toBe('1234');
    expect(formatKeywordCount(toKeywordRow(kw('a', { value: '12345' })), 'es-ES')).toBe('12.345');
    expect(formatKeywordCount(toKeywordRow(kw('a', { threshold: '15' })), 'es-ES')).toBe('< 15');
    expect(formatKeywordCount(toKeywordRow(kw('a', {})), 'es-ES')).toBe('—');
  });

  it('when both a value and a threshold arrive, then the value wins', () => {
    expect(toKeywordRow(kw('a', { value: '20', threshold: '15' }))).toEqual({ keyword: 'a', value: 20, threshold: null });
  });
});
