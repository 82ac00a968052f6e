import { describe, expect, it } from 'vitest';
import { formatMeanPosition, formatShare, markerBackground, shareColour } from './ai-figures';

describe('formatShare', () => {
  // Intl writes a non-breaking space before % in Spanish: the sign never wraps onto its own line.
  it('writes a share with its interval the Spanish way', () => {
    expect(formatShare({ value: 38.2, low: 29, high: 47.4 }, 'es')).toBe('38\u00a0% (29–47\u00a0%)');
  });
  it('writes it the English way', () => {
    expect(formatShare({ value: 38.2, low: 29, high: 47.4 }, 'en')).toBe('38% (29–47%)');
  });
  it('says nothing was measured with a dash, and leaves out a missing interval', () => {
    expect(formatShare({ value: null, low: null, high: null }, 'es')).toBe('—');
    expect(formatShare({ value: 50, low: null, high: null }, 'es')).toBe('50\u00a0%');
  });
});

describe('formatMeanPosition', () => {
  it('uses a decimal comma in Spanish', () => {
    expect(formatMeanPosition({ value: 2.34, low: 1.8, high: 2.9 }, 'es')).toBe('2,3 (1,8–2,9)');
  });
  it('gives the value alone for a single position', () => {
    expect(formatMeanPosition({ value: 3, low: null, high: null }, 'es')).toBe('3');
  });
});

describe('shareColour', () => {
  it('runs from red at 0 % to green at 100 %, grey without a figure', () => {
    expect(shareColour(0).fill).toBe('#dc2626');
    expect(shareColour(50).fill).toBe('#facc15');
    expect(shareColour(100).fill).toBe('#15803d');
    expect(shareColour(null).fill).toBe('#e2e8f0');
  });
});

describe('markerBackground', () => {
  it('hatches only a wide interval', () => {
    expect(markerBackground('#15803d', false)).toBe('#15803d');
    expect(markerBackground('#15803d', true)).toContain('repeating-linear-gradient');
  });
});
