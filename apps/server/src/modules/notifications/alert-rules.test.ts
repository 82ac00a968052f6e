import { describe, expect, it } from 'vitest';
import { FAILURE_REASONS } from '../rankmaps/scan/scan-billing.service';
import { failureCause, localPackShift, rankAlerts } from './alert-rules';

const DEFAULTS = { geoRankDropPoints: 10, geoRankGainPoints: 10, localPackLostPercent: 20, localPackGainedPercent: 20 };
type P = { movement: 'improved' | 'worsened' | 'same' | 'newlyFound' | 'lost' | 'notComparable'; position: number | null; referencePosition: number | null };
const pt = (referencePosition: number | null, position: number | null, movement: P['movement'] = 'same'): P => ({ movement, position, referencePosition });
const none = { heldBefore: 0, lost: 0, heldNow: 0, gained: 0 };

describe('alert rules', () => {
  it('when GeoRank falls by exactly the threshold, then a drop fires; one point less does not', () => {
    expect(rankAlerts(-10, none, DEFAULTS).drop).toMatchObject({ geoRank: true, localPack: false, geoRankDelta: -10 });
    expect(rankAlerts(-9.99, none, DEFAULTS).drop).toBeNull();
    expect(rankAlerts(-9.99, none, DEFAULTS).gain).toBeNull();
  });

  it('when GeoRank rises by the gain threshold, then a gain fires and no drop', () => {
    const { drop, gain } = rankAlerts(12, none, { ...DEFAULTS, geoRankGainPoints: 12 });
    expect(drop).toBeNull();
    expect(gain).toMatchObject({ geoRank: true, geoRankDelta: 12 });
    expect(rankAlerts(11, none, { ...DEFAULTS, geoRankGainPoints: 12 }).gain).toBeNull();
  });

  it('when the Local Pack is lost at 20 % of the points where it was held, then a drop fires; at 19 % it does not', () => {
    expect(rankAlerts(0, { heldBefore: 10, lost: 2, heldNow: 8, gained: 0 }, DEFAULTS).drop).toMatchObject({ localPack: true, localPackPercent: 20, localPackPoints: 2, localPackBase: 10 });
    // 19 of 100: 19 %, under the threshold.
    expect(rankAlerts(0, { heldBefore: 100, lost: 19, heldNow: 81, gained: 0 }, DEFAULTS).drop).toBeNull();
    // 39 of 199 is 19,6 %: rounded down, still under 20.
    expect(rankAlerts(0, { heldBefore: 199, lost: 39, heldNow: 160, gained: 0 }, DEFAULTS).drop).toBeNull();
  });

  it('when GeoRank rises while the Local Pack shrinks, then both a gain and a drop fire, each for its own reason', () => {
    const { drop, gain } = rankAlerts(15, { heldBefore: 5, lost: 5, heldNow: 0, gained: 0 }, DEFAULTS);
    expect(gain).toMatchObject({ geoRank: true, localPack: false });
    expect(drop).toMatchObject({ geoRank: false, localPack: true, localPackPercent: 100 });
  });

  it('when nothing was held before, then no Local Pack drop can fire; newly held points are a gain over those held now', () => {
    expect(rankAlerts(0, { heldBefore: 0, lost: 0, heldNow: 4, gained: 4 }, DEFAULTS)).toMatchObject({ drop: null, gain: { localPack: true, localPackPercent: 100 } });
  });

  it('when the Local Pack shift is counted, then points not comparable are left out and 1–3 is the pack', () => {
    const shift = localPackShift([
      pt(1, 1),
      pt(3, 4, 'worsened'),
      pt(2, null, 'lost'),
      pt(5, 3, 'improved'),
      pt(null, 2, 'newlyFound'),
      pt(1, null, 'notComparable'),
      pt(null, null),
    ]);
    expect(shift).toEqual({ heldBefore: 3, lost: 2, heldNow: 3, gained: 2 });
  });

  it('when an analysis failed, then its cause is told from the stored reason', () => {
    expect(failureCause(FAILURE_REASONS.insufficientCredits(49))).toBe('credits');
    expect(failureCause(FAILURE_REASONS.providerRejected)).toBe('vendor');
    expect(failureCause(FAILURE_REASONS.noResults)).toBe('vendor');
    expect(failureCause(FAILURE_REASONS.planEnded)).toBe('plan');
    expect(failureCause(FAILURE_REASONS.internal)).toBe('other');
    expect(failureCause(null)).toBe('other');
  });
});
