import { describe, expect, it } from 'vitest';
import { SUMMARY_LINES_MAX, roundSummaryDraft } from './round-summary.service';

// The text of a round's summary (docs/decisions.md §25.6).

type Round = Parameters<typeof roundSummaryDraft>[0];
const round = (placeId: string | null, name: string | null, analyses: Round['analyses']): Round =>
  ({ round: { id: 'r1', slot: '2026-W49', campaignId: 'c1' }, campaign: { id: 'c1', placeId, name }, analyses }) as unknown as Round;
const analysis = (i: number, status: 'completed' | 'failed' = 'completed') => ({ id: `a${i}`, query: `kw ${i}`, placeName: 'Clínica Sonrisa', status, geoRank: status === 'completed' ? 40 + i / 10 : null });

describe('roundSummaryDraft', () => {
  it('when a weekly scan’s round ends with a failure, then it is named after the business, links to it and counts both', () => {
    const d = roundSummaryDraft(round('p1', null, [analysis(1), analysis(2, 'failed')]), 'Clínica Sonrisa');
    expect(d).toMatchObject({ kind: 'round-completed', dedupeKey: 'round-completed:r1', placeId: 'p1', link: '/rankmap/p1', title: 'Escaneo semanal · Clínica Sonrisa: ronda terminada' });
    expect(d.body).toBe('2 análisis: 1 completado y 1 fallido. «kw 1» (Clínica Sonrisa): GeoRank 40,1; «kw 2» (Clínica Sonrisa): no se completó.');
  });

  it('when a custom round has more analyses than the summary lists, then it says how many more', () => {
    const many = Array.from({ length: SUMMARY_LINES_MAX + 3 }, (_, i) => analysis(i));
    const d = roundSummaryDraft(round(null, 'Sonrisas', many), undefined);
    expect(d).toMatchObject({ placeId: null, link: '/campanas/c1', title: 'Ronda terminada de la campaña «Sonrisas»' });
    expect(d.body).toMatch(/^23 análisis: 23 completados\. /);
    expect(d.body.endsWith('; y 3 más.')).toBe(true);
  });
});
