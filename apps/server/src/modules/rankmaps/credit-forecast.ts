import type { CreditForecastRound } from '@rankmaps/shared/schemas/credit-forecast';

// The credit forecast (docs/decisions.md §23.4), pure: the work scheduled in the next 7 days,
// paid in time order as the scans pay when they start, against the credits there are now.

export interface ScheduledWork {
  kind: CreditForecastRound['kind'];
  placeId: string;
  placeName: string;
  /** The place's time zone, for saying when. */
  timeZone: string;
  at: Date;
  /** What each analysis of it costs (its valid grid points): one entry per keyword of a weekly round. */
  analysisCosts: number[];
  /** The weekly slot ('2026-W48') or the scheduled analysis' id: names the round in dedupe keys. */
  ref: string;
}

export interface ForecastRound extends ScheduledWork {
  credits: number;
  availableBefore: number;
  skippedAnalyses: number;
}

export interface CreditForecast {
  available: number;
  needed: number;
  shortfall: number;
  rounds: ForecastRound[];
}

/**
 * Each analysis reserves its points when it starts and fails for lack of credits when they are
 * not all there; a later, cheaper one may still run. So the rounds are paid soonest first (same
 * time: in the order given), each analysis in turn: what the credits left pay is spent, what
 * they do not pay is skipped. Only work after `now` and within `days` counts.
 */
export function forecastCredits(work: ScheduledWork[], available: number, now: Date, days = 7): CreditForecast {
  const horizon = now.getTime() + days * 86_400_000;
  const due = work
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => w.at.getTime() > now.getTime() && w.at.getTime() <= horizon && w.analysisCosts.length > 0)
    .sort((a, b) => a.w.at.getTime() - b.w.at.getTime() || a.i - b.i)
    .map(({ w }) => w);
  let left = Math.max(0, available);
  let needed = 0;
  const rounds = due.map((w): ForecastRound => {
    const availableBefore = left;
    let skipped = 0;
    for (const cost of w.analysisCosts) {
      if (cost <= left) left -= cost;
      else skipped++;
    }
    const credits = w.analysisCosts.reduce((s, c) => s + c, 0);
    needed += credits;
    return { ...w, credits, availableBefore, skippedAnalyses: skipped };
  });
  return { available: Math.max(0, available), needed, shortfall: Math.max(0, needed - Math.max(0, available)), rounds };
}
