import type { CreditForecastRound } from '@rankmaps/shared/schemas/credit-forecast';

// The credit forecast (docs/decisions.md §23.4 and docs/decisions.md §25.4), pure: the scheduled work of the next days,
// paid in time order as the scans pay when they start, against the credits there are now and
// the monthly grant that comes in the meantime.

export interface ScheduledWork {
  kind: CreditForecastRound['kind'];
  placeId: string;
  placeName: string;
  /** The place's time zone, for saying when. */
  timeZone: string;
  at: Date;
  /** What each analysis of it costs (its valid grid points): one entry per keyword of a round. */
  analysisCosts: number[];
  /** The weekly slot ('2026-W48'), the campaign's round or the scheduled analysis' id: names the round in dedupe keys. */
  ref: string;
  /** The campaign it belongs to (a place's weekly scan is one too). */
  campaignId?: string;
  campaignName?: string;
  /**
   * A custom campaign's round runs whole or not at all (it pauses instead, see
   * docs/decisions.md §25.3): entries with the same group and time are paid together or skipped together.
   */
  allOrNothingGroup?: string;
}

export interface ForecastRound extends ScheduledWork {
  credits: number;
  availableBefore: number;
  skippedAnalyses: number;
}

/** The credits now: plan credits (replaced at each grant, no carry-over) and bought ones (kept). */
export interface CreditBalance {
  subscription: number;
  extra: number;
}

/** The subscription's next monthly grant: its plan credits replace what is left of the month's. */
export interface CreditGrant {
  at: Date;
  credits: number;
}

export interface CreditForecast {
  available: number;
  needed: number;
  shortfall: number;
  rounds: ForecastRound[];
  /** The first round the credits do not fully pay, or null. */
  runsOutAt: Date | null;
}

/**
 * Each analysis reserves its points when it starts and fails for lack of credits when they are
 * not all there; a later, cheaper one may still run. So the rounds are paid soonest first (same
 * time: in the order given), each analysis in turn: what the credits left pay is spent, what
 * they do not pay is skipped (plan credits first: they expire at the grant). Only work after
 * `now` and within `days` counts. A plain number is a balance of bought credits only.
 */
export function forecastCredits(work: ScheduledWork[], balance: number | CreditBalance, now: Date, days = 7, grants: CreditGrant[] = []): CreditForecast {
  const horizon = now.getTime() + days * 86_400_000;
  const due = work
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => w.at.getTime() > now.getTime() && w.at.getTime() <= horizon && w.analysisCosts.length > 0)
    // A round's entries stay together: same time, then by group, then as given.
    .sort((a, b) => a.w.at.getTime() - b.w.at.getTime() || (a.w.allOrNothingGroup ?? '').localeCompare(b.w.allOrNothingGroup ?? '') || a.i - b.i)
    .map(({ w }) => w);
  const start = typeof balance === 'number' ? { subscription: 0, extra: balance } : balance;
  let sub = Math.max(0, start.subscription);
  let extra = Math.max(0, start.extra);
  const available = sub + extra;
  const pending = grants.filter((g) => g.at.getTime() > now.getTime() && g.at.getTime() <= horizon).sort((a, b) => a.at.getTime() - b.at.getTime());
  const withGrant = pending.length > 0;
  const spend = (cost: number) => {
    const fromSub = Math.min(sub, cost);
    sub -= fromSub;
    extra -= cost - fromSub;
  };
  let needed = 0;
  let skippedCredits = 0;
  let runsOutAt: Date | null = null;
  const rounds: ForecastRound[] = [];
  for (let i = 0; i < due.length; i++) {
    const w = due[i]!;
    while (pending.length > 0 && pending[0]!.at.getTime() <= w.at.getTime()) sub = Math.max(0, pending.shift()!.credits);
    const availableBefore = sub + extra;
    let skipped = 0;
    if (w.allOrNothingGroup) {
      // The whole group (this entry and the ones of the same round at the same time) is paid or skipped together.
      const group = due.slice(i).filter((x) => x.allOrNothingGroup === w.allOrNothingGroup && x.at.getTime() === w.at.getTime());
      const groupCost = group.reduce((s, x) => s + x.analysisCosts.reduce((t, c) => t + c, 0), 0);
      const groupLeft = sub + extra;
      for (const x of group) {
        const cost = x.analysisCosts.reduce((t, c) => t + c, 0);
        const before = sub + extra;
        const skip = groupCost > groupLeft ? x.analysisCosts.length : 0;
        if (skip === 0) spend(cost);
        else skippedCredits += cost;
        needed += cost;
        rounds.push({ ...x, credits: cost, availableBefore: before, skippedAnalyses: skip });
        if (skip > 0) runsOutAt ??= x.at;
      }
      i += group.length - 1;
      continue;
    }
    for (const cost of w.analysisCosts) {
      if (cost <= sub + extra) spend(cost);
      else {
        skipped++;
        skippedCredits += cost;
      }
    }
    const credits = w.analysisCosts.reduce((s, c) => s + c, 0);
    needed += credits;
    if (skipped > 0) runsOutAt ??= w.at;
    rounds.push({ ...w, credits, availableBefore, skippedAnalyses: skipped });
  }
  // Without a grant, what is missing is the difference; with one, credits granted later cannot pay
  // earlier rounds, so what is missing is what the skipped analyses cost.
  const shortfall = withGrant ? skippedCredits : Math.max(0, needed - available);
  return { available, needed, shortfall, rounds, runsOutAt };
}
