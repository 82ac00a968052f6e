import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './date-field';

describe('a typed date', () => {
  it('reads «dd/mm/aaaa», with or without leading zeros, and the ISO form', () => {
    expect(parseTypedDate('05/01/2026')).toBe('2026-01-05');
    expect(parseTypedDate('5/1/2026')).toBe('2026-01-05');
    expect(parseTypedDate(' 29-02-2028 ')).toBe('2028-02-29');
    expect(parseTypedDate('2026-12-01')).toBe('2026-12-01');
  });

  it('answers nothing for a day that does not exist or text that is not a date', () => {
    expect(parseTypedDate('31/04/2026')).toBe('');
    expect(parseTypedDate('29/02/2026')).toBe('');
    expect(parseTypedDate('2026-13-01')).toBe('');
    expect(parseTypedDate('mañana')).toBe('');
    expect(parseTypedDate('')).toBe('');
  });
});
