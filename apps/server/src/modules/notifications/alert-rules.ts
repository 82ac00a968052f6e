import { LOCAL_PACK_SIZE, type PointComparison } from '@rankmaps/shared/metrics';
import { FAILURE_REASONS } from '../rankmaps/scan/scan-billing.service';

// The rank-drop and rank-gain rules (docs/decisions.md §23.2): pure, unit-tested in alert-rules.test.ts.

export interface AlertThresholds {
  geoRankDropPoints: number;
  geoRankGainPoints: number;
  localPackLostPercent: number;
  localPackGainedPercent: number;
}

/** Where we were in the Local Pack (positions 1–3) before and now, over the points comparable in both. */
export interface LocalPackShift {
  /** Points where we were in the Local Pack before. */
  heldBefore: number;
  /** Of those, the points where we are not any more. */
  lost: number;
  /** Points where we are in the Local Pack now. */
  heldNow: number;
  /** Of those, the points where we were not before. */
  gained: number;
}

const inPack = (p: number | null) => p !== null && p <= LOCAL_PACK_SIZE;

export function localPackShift(points: readonly Pick<PointComparison, 'movement' | 'position' | 'referencePosition'>[]): LocalPackShift {
  const shift: LocalPackShift = { heldBefore: 0, lost: 0, heldNow: 0, gained: 0 };
  for (const p of points) {
    if (p.movement === 'notComparable') continue;
    const before = inPack(p.referencePosition);
    const now = inPack(p.position);
    if (before) shift.heldBefore++;
    if (now) shift.heldNow++;
    if (before && !now) shift.lost++;
    if (now && !before) shift.gained++;
  }
  return shift;
}

/** A share as a whole percentage, rounded down (19,9 % never reaches a 20 % threshold). */
const percent = (part: number, whole: number) => (whole > 0 ? Math.floor((part * 100) / whole) : 0);

export interface RankAlert {
  /** What crossed its threshold. */
  geoRank: boolean;
  localPack: boolean;
  geoRankDelta: number;
  /** The share of the Local Pack points lost (a drop) or newly held (a gain), as a whole percentage. */
  localPackPercent: number;
  localPackPoints: number;
  localPackBase: number;
}

/**
 * A drop: GeoRank down by the threshold or more, or the Local Pack lost at that share or more
 * of the points where it was held. A gain mirrors it: GeoRank up by its threshold, or the
 * Local Pack newly held at that share or more of the points where it is held now. Both may
 * fire at once (GeoRank up while the Local Pack shrinks): each is its own event.
 */
export function rankAlerts(geoRankDelta: number, shift: LocalPackShift, t: AlertThresholds): { drop: RankAlert | null; gain: RankAlert | null } {
  const lostPercent = percent(shift.lost, shift.heldBefore);
  const gainedPercent = percent(shift.gained, shift.heldNow);
  const dropGeo = geoRankDelta <= -t.geoRankDropPoints;
  const dropPack = shift.lost > 0 && lostPercent >= t.localPackLostPercent;
  const gainGeo = geoRankDelta >= t.geoRankGainPoints;
  const gainPack = shift.gained > 0 && gainedPercent >= t.localPackGainedPercent;
  return {
    drop: dropGeo || dropPack ? { geoRank: dropGeo, localPack: dropPack, geoRankDelta, localPackPercent: lostPercent, localPackPoints: shift.lost, localPackBase: shift.heldBefore } : null,
    gain: gainGeo || gainPack ? { geoRank: gainGeo, localPack: gainPack, geoRankDelta, localPackPercent: gainedPercent, localPackPoints: shift.gained, localPackBase: shift.heldNow } : null,
  };
}

const CREDITS_PREFIX = FAILURE_REASONS.insufficientCredits(0).split('(')[0] ?? '';

/** Why an analysis failed, from its stored reason: credits, the search vendor, the plan, or other. */
export function failureCause(reason: string | null): 'credits' | 'vendor' | 'plan' | 'other' {
  if (!reason) return 'other';
  if (reason.startsWith(CREDITS_PREFIX)) return 'credits';
  if (reason === FAILURE_REASONS.providerRejected || reason === FAILURE_REASONS.noResults) return 'vendor';
  if (reason === FAILURE_REASONS.planEnded) return 'plan';
  return 'other';
}
