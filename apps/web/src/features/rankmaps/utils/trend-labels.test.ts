import { describe, expect, it } from 'vitest';
import { trendLabels } from './trend-labels';

describe('trendLabels', () => {
  it('shows only the day when each analysis has its own day', () => {
    expect(trendLabels(['2026-11-18T09:00:00Z', '2026-11-25T09:00:00Z'], 'es-ES', 'Europe/Madrid')).toEqual(['18 nov', '25 nov']);
  });

  it('adds the time to the analyses that share a day, in the place’s time zone', () => {
    const labels = trendLabels(['2026-11-18T09:00:00Z', '2026-11-25T08:30:00Z', '2026-11-25T15:05:00Z'], 'es-ES', 'Europe/Madrid');
    expect(labels).toEqual(['18 nov', '25 nov, 9:30', '25 nov, 16:05']);
    expect(new Set(labels).size).toBe(3);
  });

  it('groups by the place’s day, not the UTC one', () => {
    // 23:30 UTC on the 24th is already the 25th in Madrid, the same day as the second analysis.
    expect(trendLabels(['2026-11-24T23:30:00Z', '2026-11-25T10:00:00Z'], 'es-ES', 'Europe/Madrid')).toEqual([
      '25 nov, 0:30',
      '25 nov, 11:00',
    ]);
    expect(trendLabels(['2026-11-24T23:30:00Z', '2026-11-25T10:00:00Z'], 'es-ES', 'UTC')).toEqual(['24 nov', '25 nov']);
  });
});
