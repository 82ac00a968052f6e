import { describe, expect, it } from 'vitest';
import type { PlannedCampaign } from '../rankmaps/credit-forecast.service';
import { campaignOverlap } from './campaign-overlap';
import type { CampaignRow, CampaignTarget } from './campaigns.repository';

// Keywords scanned twice the same day (docs/decisions.md §25.5), on fixed dates: Monday 2026-11-30 is the first day after `now`.

const now = new Date('2026-11-28T12:00:00Z');
const horizon = new Date(now.getTime() + 30 * 86_400_000);
const place = { id: 'p1', name: 'Clínica Sonrisa', timeZone: 'Europe/Madrid', createdAt: new Date('2026-01-01T00:00:00Z') } as CampaignTarget['place'];
const target = (keywordId: string): CampaignTarget => ({ campaignId: '', keywordId, keywordName: keywordId, keywordCreatedAt: new Date('2026-01-01T00:00:00Z'), place });

function planned(id: string, fields: Partial<CampaignRow>, keywordIds: string[]): PlannedCampaign {
  const campaign = { id, userId: 'u1', placeId: null, name: id, frequency: 'weekly', day: 1, runOn: null, hour: 9, windowStart: null, windowEnd: null, weekParity: 0, active: true, pausedReason: null, pausedAt: null, createdAt: now, updatedAt: now, ...fields } as CampaignRow;
  return { campaign, targets: keywordIds.map((k) => ({ ...target(k), campaignId: id })) };
}

describe('campaignOverlap', () => {
  const weeklyScan = planned('weekly', { placeId: 'p1', name: null }, ['dentista', 'ortodoncia']);

  it('when the draft runs a keyword on the weekly scan’s day at another hour, then each such day counts, with its credits', () => {
    const draft = planned('draft', { day: 1, hour: 18 }, ['dentista', 'implantes']);
    const overlap = campaignOverlap(draft, [weeklyScan], new Map([['p1', 49]]), now, horizon);
    // Mondays 30 November to 21 December: 28 December at 18:00 is past the 30 days (at 9:00 it is not).
    expect(overlap).toEqual({ keywords: [{ keywordId: 'dentista', keywordName: 'dentista', placeName: 'Clínica Sonrisa', campaigns: ['Escaneo semanal · Clínica Sonrisa'], runs: 4, credits: 4 * 49 }], credits: 4 * 49 });
  });

  it('when the draft runs on other days, or is the campaign itself, then nothing overlaps', () => {
    expect(campaignOverlap(planned('draft', { day: 2 }, ['dentista']), [weeklyScan], new Map([['p1', 49]]), now, horizon)).toEqual({ keywords: [], credits: 0 });
    expect(campaignOverlap(planned('weekly', { placeId: 'p1' }, ['dentista']), [weeklyScan], new Map([['p1', 49]]), now, horizon).keywords).toEqual([]);
  });

  it('when two campaigns share a day with a daily draft, then both are named and each day is counted once', () => {
    const monthly = planned('Mensual', { frequency: 'monthly', day: 14 }, ['dentista']);
    const draft = planned('draft', { frequency: 'daily', day: null }, ['dentista']);
    const [line] = campaignOverlap(draft, [weeklyScan, monthly], new Map([['p1', 10]]), now, horizon).keywords;
    // Five Mondays and 14 December (a Monday too): five days.
    expect(line).toMatchObject({ campaigns: ['Escaneo semanal · Clínica Sonrisa', 'Mensual'], runs: 5, credits: 50 });
  });
});
