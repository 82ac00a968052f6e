// Review pace (docs/metrics.md §13, docs/decisions.md §32.1): how fast a business and its
// followed competitors gain Google reviews, from the rating and review count every map scan
// already sees. Pure: the server reads the observations, this turns them into the figures.

import { wallClock } from '../schedule';

/** The window the pace is measured over, in days before the latest day with data. */
export const PACE_WINDOW_DAYS = 90;
/** Points needed in the window for a pace: one is a count, not a pace. */
export const PACE_MIN_POINTS = 2;
/** Days in an average month (365,25 / 12): the slope per day times this is reviews a month. */
export const DAYS_PER_MONTH = 365.25 / 12;
const DAY_MS = 86_400_000;

/** What one scan saw of one business: its rating and review count, and when. */
export interface ReviewObservation {
  at: Date;
  rating: number | null;
  reviews: number;
}

/** A business's best-known values on one day (YYYY-MM-DD, in the business's time zone). */
export interface ReviewDay {
  day: string;
  rating: number | null;
  reviews: number;
}

/** How the business stands against the leader at today's pace. */
export type CatchUp =
  /** It is the leader (or level with it). */
  | { kind: 'leader' }
  /** It closes the gap in this many months (one decimal, rounded up). */
  | { kind: 'months'; months: number }
  /** It gains no faster than the leader: «no la alcanzarás a este ritmo». */
  | { kind: 'never' }
  /** A pace is missing (its own or the leader's): «sin datos suficientes». */
  | { kind: 'unknown' };

export interface PaceInput {
  id: string;
  name: string;
  isOurs: boolean;
  observations: readonly ReviewObservation[];
}

export interface PaceRow {
  id: string;
  name: string;
  isOurs: boolean;
  /** One point per day with data, oldest first. */
  days: ReviewDay[];
  /** The latest day's values; null when no scan saw it. */
  rating: number | null;
  reviews: number | null;
  /** Reviews a month over the window (least squares), or null: «sin datos suficientes». */
  reviewsPerMonth: number | null;
  /** Reviews behind the leader (0 for the leader); null without a count. */
  gapToLeader: number | null;
  catchUp: CatchUp;
}

export interface PaceSummary {
  rows: PaceRow[];
  /** The id of the row with most reviews (ours on a tie), or null when no row has a count. */
  leaderId: string | null;
}

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayOf(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * One point per day. On a day seen by several scans, the highest count wins, with the rating
 * of the scan that saw it: a count only grows, and a lower one is a result Google cached
 * before the latest reviews arrived.
 */
export function dailyValues(observations: readonly ReviewObservation[], timeZone: string): ReviewDay[] {
  const byDay = new Map<string, ReviewDay>();
  for (const o of observations) {
    const day = dayOf(o.at, timeZone);
    const known = byDay.get(day);
    if (!known || o.reviews > known.reviews || (o.reviews === known.reviews && known.rating === null)) byDay.set(day, { day, rating: o.rating, reviews: o.reviews });
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * Reviews a month: the least-squares slope of the count against the day, over the days in
 * the PACE_WINDOW_DAYS before `lastDay` (that day included), times DAYS_PER_MONTH. Null with
 * fewer than PACE_MIN_POINTS days in the window.
 */
export function reviewsPerMonth(days: readonly ReviewDay[], lastDay: string): number | null {
  const end = dayNumber(lastDay);
  const inWindow = days.filter((d) => {
    const n = dayNumber(d.day);
    return n <= end && n > end - PACE_WINDOW_DAYS;
  });
  if (inWindow.length < PACE_MIN_POINTS) return null;
  const xs = inWindow.map((d) => dayNumber(d.day));
  const ys = inWindow.map((d) => d.reviews);
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  return sxx === 0 ? null : (sxy / sxx) * DAYS_PER_MONTH;
}

/** Months to close `gap` reviews at a relative pace, rounded up to one decimal. */
export function catchUp(gap: number, ownPace: number | null, leaderPace: number | null): CatchUp {
  if (gap <= 0) return { kind: 'leader' };
  if (ownPace === null || leaderPace === null) return { kind: 'unknown' };
  const closing = ownPace - leaderPace;
  if (closing <= 0) return { kind: 'never' };
  return { kind: 'months', months: Math.ceil(Number(((gap / closing) * 10).toPrecision(12))) / 10 };
}

/**
 * The pace of each business and how it stands against the leader: the one with the most
 * reviews on its latest day (ours wins a tie, then the first listed). Every row's pace is
 * measured over the window ending on the latest day any row has, so that a business no longer
 * seen is not measured over an older window than the others.
 */
export function reviewPace(inputs: readonly PaceInput[], timeZone: string): PaceSummary {
  const withDays = inputs.map((i) => ({ ...i, days: dailyValues(i.observations, timeZone) }));
  const lastDay = withDays.flatMap((r) => r.days.map((d) => d.day)).sort().at(-1);
  const measured = withDays.map((r) => {
    const latest = r.days.at(-1);
    return { ...r, latest, pace: lastDay ? reviewsPerMonth(r.days, lastDay) : null };
  });
  let leader: (typeof measured)[number] | undefined;
  for (const r of measured) {
    if (!r.latest) continue;
    if (!leader || r.latest.reviews > leader.latest!.reviews || (r.latest.reviews === leader.latest!.reviews && r.isOurs && !leader.isOurs)) leader = r;
  }
  const rows = measured.map((r): PaceRow => {
    const gap = r.latest && leader ? Math.max(0, leader.latest!.reviews - r.latest.reviews) : null;
    return {
      id: r.id,
      name: r.name,
      isOurs: r.isOurs,
      days: r.days,
      rating: r.latest?.rating ?? null,
      reviews: r.latest?.reviews ?? null,
      reviewsPerMonth: r.pace,
      gapToLeader: gap,
      catchUp: gap === null || !leader ? { kind: 'unknown' } : r === leader ? { kind: 'leader' } : catchUp(gap, r.pace, leader.pace),
    };
  });
  return { rows, leaderId: leader?.id ?? null };
}
