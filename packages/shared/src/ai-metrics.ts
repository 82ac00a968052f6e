import { roundMetric } from './metrics/core';

// The figures of an AI-visibility analysis (docs/metrics.md §12, docs/decisions.md §31.6):
// «Cuota de voz en IA», «Mencionado en» and «Posición media en IA», per engine and overall,
// each with a 95 % interval; the competitor table; the share per grid point for the map; and
// the comparison of two analyses. Pure: the server and the web app compute the same figures.
// Failed answers are left out of every count: a failure is not a «no te nombra».

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959964;
/** A point's interval wider than this (in percentage points) is hatched on the map: too few answers to read its colour. */
export const WIDE_INTERVAL_POINTS = 50;
/** The point index of city-wide engines' answers (ChatGPT): one figure for the whole city. */
export const CITY_POINT = -1;

/** One business an answer names, as stored: `key` identifies it across answers (place id, else domain, else normalised name). */
export interface AiMetricsBusiness {
  key: string;
  name: string;
  position: number;
  /** This entry is the tracked business (the matcher's verdict). */
  isTarget: boolean;
}

/** One stored answer, as the metrics read it. */
export interface AiMetricsAnswer {
  engine: string;
  /** The grid point, or CITY_POINT for a city-wide engine. */
  point: number;
  sample: number;
  status: 'ok' | 'failed';
  named: boolean;
  /** Our position in the answer's list when named. */
  position: number | null;
  businesses: AiMetricsBusiness[];
}

/** A figure with its 95 % interval; all null when there is nothing to measure (no valid answer). */
export interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
  /** Successes (answers or points that count) and the total they are out of; for a mean, k is 0 and n the answers averaged. */
  k: number;
  n: number;
}

export interface AiFigures {
  /** «Cuota de voz en IA», in %: answers naming the business / answers naming any business. */
  shareOfVoice: Estimate;
  /** «Mencionado en», in %: points where some sample names it / points with a valid answer. */
  mentionedIn: Estimate;
  /** «Posición media en IA»: the mean position when named, with a Student t interval. */
  avgPosition: Estimate;
  answers: { ok: number; failed: number; namingAny: number; naming: number };
}

export interface AiCompetitor {
  key: string;
  name: string;
  isTarget: boolean;
  /** Answers naming it / answers naming any business, in %. */
  share: Estimate;
  avgPosition: number | null;
}

export interface AiPointShare {
  point: number;
  /** Share of voice at this point, over the engines given, in %. */
  share: Estimate;
  /** Whether some valid sample named the business here. */
  mentioned: boolean;
  /** The interval is wider than WIDE_INTERVAL_POINTS: the map hatches the point. */
  wide: boolean;
}

export interface AiMetrics {
  overall: AiFigures;
  engines: Record<string, AiFigures>;
  competitors: AiCompetitor[];
  /** The grid points of point engines, pooled over them, in point order. */
  points: AiPointShare[];
  /** Per engine, its points (a city-wide engine has the one CITY_POINT). */
  enginePoints: Record<string, AiPointShare[]>;
}

const EMPTY: Estimate = { value: null, low: null, high: null, k: 0, n: 0 };

/** Wilson's 95 % score interval of k successes out of n, as proportions (0..1); null bounds when n = 0. */
export function wilson(k: number, n: number, z = Z95): { p: number; low: number; high: number } | null {
  if (n <= 0) return null;
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Exact at the edges: 0/n starts at 0 and n/n ends at 1 (floating point leaves 1e-17).
  return { p, low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}

/** A proportion in % with its Wilson interval. */
export function proportion(k: number, n: number): Estimate {
  const w = wilson(k, n);
  if (!w) return { ...EMPTY, k, n };
  return { value: 100 * w.p, low: 100 * w.low, high: 100 * w.high, k, n };
}

// Student t's 97.5 % quantile for 1..30 degrees of freedom; past 30, Cornish–Fisher's expansion (error < 1e-4).
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

export function tQuantile975(df: number): number {
  if (df < 1) return Number.POSITIVE_INFINITY;
  if (df <= 30) return T975[Math.floor(df) - 1] ?? Number.POSITIVE_INFINITY;
  const z = Z95;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

/**
 * The mean of positions with a Student t 95 % interval, clamped to [1, max seen]: positions are
 * whole numbers ≥ 1, so a bound below 1 says nothing. One position gives the value and no interval.
 */
export function meanPosition(positions: number[]): Estimate {
  const n = positions.length;
  if (n === 0) return EMPTY;
  const mean = positions.reduce((a, b) => a + b, 0) / n;
  if (n === 1) return { value: mean, low: null, high: null, k: 0, n };
  const variance = positions.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1);
  const half = tQuantile975(n - 1) * Math.sqrt(variance / n);
  return { value: mean, low: Math.max(1, mean - half), high: Math.min(Math.max(...positions), mean + half), k: 0, n };
}

/** What the figures of a set of answers are made of, gathered in one pass (docs/metrics.md §12). */
interface Tally {
  ok: number;
  total: number;
  namingAny: number;
  naming: number;
  /** Our positions in the answers naming us, in the answers' order. */
  positions: number[];
  /** Points (of one engine) with a valid answer, and those where some valid answer names us. */
  points: number;
  mentioned: number;
}

const emptyTally = (): Tally => ({ ok: 0, total: 0, namingAny: 0, naming: 0, positions: [], points: 0, mentioned: 0 });

function figuresOfTally(t: Tally): AiFigures {
  return {
    shareOfVoice: proportion(t.naming, t.namingAny),
    mentionedIn: proportion(t.mentioned, t.points),
    avgPosition: meanPosition(t.positions),
    answers: { ok: t.ok, failed: t.total - t.ok, namingAny: t.namingAny, naming: t.naming },
  };
}

/** One point's answers, of one engine or pooled. */
interface PointTally {
  ok: number;
  namingAny: number;
  naming: number;
  named: boolean;
}

function pointShareOf(point: number, p: PointTally): AiPointShare {
  const share = proportion(p.naming, p.namingAny);
  const wide = share.low === null || share.high === null || share.high - share.low > WIDE_INTERVAL_POINTS;
  return { point, share, mentioned: p.named, wide };
}

/** Every point that has an answer (a failed one too), in point order. */
const pointSharesOf = (points: Map<number, PointTally>): AiPointShare[] =>
  [...points.keys()].sort((a, b) => a - b).map((point) => pointShareOf(point, points.get(point)!));

/** One collator for every sort: localeCompare with a locale builds a new one per call. */
const byName = new Intl.Collator('es');

function competitorsOf(namingAny: readonly AiMetricsAnswer[]): AiCompetitor[] {
  const byKey = new Map<string, { name: string; isTarget: boolean; count: number; positionSum: number }>();
  for (const a of namingAny) {
    const list = a.businesses;
    for (let i = 0; i < list.length; i++) {
      const b = list[i]!;
      // A business listed twice in one answer counts once, at its best position: the first
      // listing of its key speaks for all of them (an answer lists a handful, so a scan beats a Map).
      let first = true;
      let position = b.position;
      let isTarget = b.isTarget;
      for (let j = 0; j < list.length; j++) {
        if (j === i || list[j]!.key !== b.key) continue;
        if (j < i) {
          first = false;
          break;
        }
        position = Math.min(position, list[j]!.position);
        isTarget ||= list[j]!.isTarget;
      }
      if (!first) continue;
      let entry = byKey.get(b.key);
      if (!entry) byKey.set(b.key, (entry = { name: b.name, isTarget: false, count: 0, positionSum: 0 }));
      entry.isTarget ||= isTarget;
      entry.count++;
      entry.positionSum += position;
    }
  }
  const rows = [...byKey].map(([key, e]) => ({ key, name: e.name, isTarget: e.isTarget, share: proportion(e.count, namingAny.length), avgPosition: e.positionSum / e.count }));
  // Most named first; ties by better mean position, then name, so the order never depends on the answers' order.
  return rows.sort((a, b) => b.share.k - a.share.k || a.avgPosition - b.avgPosition || byName.compare(a.name, b.name) || a.key.localeCompare(b.key));
}

const roundEstimate = (e: Estimate): Estimate => ({ ...e, value: e.value === null ? null : roundMetric(e.value), low: e.low === null ? null : roundMetric(e.low), high: e.high === null ? null : roundMetric(e.high) });
const roundFigures = (f: AiFigures): AiFigures => ({ ...f, shareOfVoice: roundEstimate(f.shareOfVoice), mentionedIn: roundEstimate(f.mentionedIn), avgPosition: roundEstimate(f.avgPosition) });
const roundPoint = (p: AiPointShare): AiPointShare => ({ ...p, share: roundEstimate(p.share) });

/**
 * Every figure of an analysis from its answers. `engines` lists the analysis's engines in order
 * (an engine with no answer yet still gets its empty figures). Rounded once, at the end
 * (docs/metrics.md §10); the wide flag and the competitors' order use the exact values.
 */
export function computeAiMetrics(answers: readonly AiMetricsAnswer[], engines: readonly string[]): AiMetrics {
  // One pass over the answers: each engine's tally and its points, the grid's pooled points, and
  // the answers naming any business (for the competitors). The overall figures add the engines'
  // tallies up: «Mencionado en» counts (engine, point) pairs, so no answer is read twice.
  const perEngine = new Map<string, { tally: Tally; points: Map<number, PointTally> }>(engines.map((e) => [e, { tally: emptyTally(), points: new Map() }]));
  const pooled = new Map<number, PointTally>();
  const namingAny: AiMetricsAnswer[] = [];
  const overall = emptyTally();
  for (const a of answers) {
    let engine = perEngine.get(a.engine);
    if (!engine) perEngine.set(a.engine, (engine = { tally: emptyTally(), points: new Map() }));
    const t = engine.tally;
    t.total++;
    let here = engine.points.get(a.point);
    if (!here) engine.points.set(a.point, (here = { ok: 0, namingAny: 0, naming: 0, named: false }));
    let all: PointTally | undefined;
    if (a.point !== CITY_POINT) {
      all = pooled.get(a.point);
      if (!all) pooled.set(a.point, (all = { ok: 0, namingAny: 0, naming: 0, named: false }));
    }
    if (a.status !== 'ok') continue;
    t.ok++;
    if (here.ok++ === 0) t.points++;
    if (all) all.ok++;
    if (a.named && !here.named) {
      here.named = true;
      t.mentioned++;
    }
    if (a.named && all) all.named = true;
    if (a.businesses.length === 0) continue;
    namingAny.push(a);
    t.namingAny++;
    here.namingAny++;
    if (all) all.namingAny++;
    if (!a.named) continue;
    t.naming++;
    here.naming++;
    if (all) all.naming++;
    if (a.position !== null) {
      t.positions.push(a.position);
      overall.positions.push(a.position);
    }
  }
  for (const { tally } of perEngine.values()) {
    overall.ok += tally.ok;
    overall.total += tally.total;
    overall.namingAny += tally.namingAny;
    overall.naming += tally.naming;
    overall.points += tally.points;
    overall.mentioned += tally.mentioned;
  }
  return {
    overall: roundFigures(figuresOfTally(overall)),
    engines: Object.fromEntries([...perEngine].map(([engine, e]) => [engine, roundFigures(figuresOfTally(e.tally))])),
    competitors: competitorsOf(namingAny).map((c) => ({ ...c, share: roundEstimate(c.share), avgPosition: c.avgPosition === null ? null : roundMetric(c.avgPosition) })),
    points: pointSharesOf(pooled).map(roundPoint),
    enginePoints: Object.fromEntries([...perEngine].map(([engine, e]) => [engine, pointSharesOf(e.points).map(roundPoint)])),
  };
}

/** Whether two estimates differ beyond the noise: their 95 % intervals do not overlap (docs/metrics.md §12). */
export function beyondNoise(before: Estimate, after: Estimate): boolean {
  if (before.low === null || before.high === null || after.low === null || after.high === null) return false;
  return after.low > before.high || after.high < before.low;
}

export interface AiChange {
  before: Estimate;
  after: Estimate;
  /** after − before (null when either is missing). */
  change: number | null;
  beyondNoise: boolean;
}

export function changeOf(before: Estimate, after: Estimate): AiChange {
  const change = before.value === null || after.value === null ? null : roundMetric(after.value - before.value);
  return { before, after, change, beyondNoise: beyondNoise(before, after) };
}

/** The share of voice dropped beyond the noise: the new interval lies wholly below the old one (what alerts on). */
export function shareDropped(before: Estimate, after: Estimate): boolean {
  return beyondNoise(before, after) && after.high !== null && before.low !== null && after.high < before.low;
}
