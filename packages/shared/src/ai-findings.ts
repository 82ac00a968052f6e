import type { AiPointShare } from './ai-metrics';
import { wilson } from './ai-metrics';
import { formatNumber, formatShare } from './report-insights/format';
import type { ReportInsight } from './schemas/report';

// The AI findings rule (docs/metrics.md §12 «Hallazgo: dónde te nombra la IA»): for each point
// engine, the grid split into halves (norte/sur, este/oeste); the half that names the business
// most against the other, said only when their 95 % Wilson intervals do not overlap: a gap
// inside the noise is no finding. Pure: the reports and their tests call it.

/** Answers naming any business a half needs before it is compared: fewer give intervals too wide to say anything. */
export const AI_HALF_MIN_ANSWERS = 10;
/** At most this many AI findings in a report, the strongest first. */
export const AI_FINDINGS_MAX = 2;

export interface AiFindingPoint {
  index: number;
  lat: number;
  lng: number;
}

export interface AiFindingEngine {
  id: string;
  label: string;
  /** The engine's per-point shares (metrics.enginePoints[id]); a city-wide engine has none to split. */
  points: readonly AiPointShare[];
}

type Half = 'norte' | 'sur' | 'este' | 'oeste';
const AXES: ReadonlyArray<readonly [Half, Half]> = [
  ['norte', 'sur'],
  ['este', 'oeste'],
];

/** Which half of an axis a point is in; null on the centre line (it belongs to neither). */
function halfOf(axis: readonly [Half, Half], p: AiFindingPoint, centre: { lat: number; lng: number }): Half | null {
  // A grid point's coordinates are rounded: within a metre of the centre line is on it.
  const EPS = 1e-5;
  const d = axis[0] === 'norte' ? p.lat - centre.lat : p.lng - centre.lng;
  if (Math.abs(d) < EPS) return null;
  return d > 0 ? axis[0] : axis[1];
}

interface HalfTally {
  half: Half;
  k: number;
  n: number;
}

interface Candidate {
  finding: ReportInsight;
  strength: number;
}

const pct = (x: number) => formatShare(100 * x);
const interval = (low: number, high: number) => `${formatNumber(100 * low, 0)}–${pct(high)}`;

/** The strongest split of one engine whose halves differ beyond the noise, or null. */
function engineFinding(engine: AiFindingEngine, grid: readonly AiFindingPoint[], centre: { lat: number; lng: number }): Candidate | null {
  const byIndex = new Map(grid.map((p) => [p.index, p]));
  let best: Candidate | null = null;
  for (const axis of AXES) {
    const tally: Record<string, HalfTally> = { [axis[0]]: { half: axis[0], k: 0, n: 0 }, [axis[1]]: { half: axis[1], k: 0, n: 0 } };
    for (const share of engine.points) {
      const point = byIndex.get(share.point);
      const half = point ? halfOf(axis, point, centre) : null;
      if (!half) continue;
      tally[half]!.k += share.share.k;
      tally[half]!.n += share.share.n;
    }
    const a = tally[axis[0]]!;
    const b = tally[axis[1]]!;
    if (a.n < AI_HALF_MIN_ANSWERS || b.n < AI_HALF_MIN_ANSWERS) continue;
    const [strong, weak] = a.k / a.n >= b.k / b.n ? [a, b] : [b, a];
    const s = wilson(strong.k, strong.n)!;
    const w = wilson(weak.k, weak.n)!;
    // Beyond the noise only: the weak half's whole interval under the strong half's.
    if (!(w.high < s.low)) continue;
    const strength = s.p - w.p;
    if (best && best.strength >= strength) continue;
    const lead =
      weak.k === 0
        ? `${engine.label} te nombra en el ${strong.half} pero no en el ${weak.half}`
        : `${engine.label} te nombra más en el ${strong.half} que en el ${weak.half}`;
    const text = `${lead}: en el ${strong.half}, en ${strong.k} de ${strong.n} respuestas, ${pct(s.p)} (${interval(s.low, s.high)}); en el ${weak.half}, en ${weak.k} de ${weak.n}, ${pct(w.p)} (${interval(w.low, w.high)}).`;
    best = {
      strength,
      finding: {
        rule: 'ai-halves',
        text,
        figures: {
          engine: engine.id,
          strongHalf: strong.half,
          strongNamed: strong.k,
          strongAnswers: strong.n,
          weakHalf: weak.half,
          weakNamed: weak.k,
          weakAnswers: weak.n,
        },
      },
    };
  }
  return best;
}

/**
 * The AI findings of one analysis: per point engine, its strongest half-against-half gap beyond
 * the noise; the strongest AI_FINDINGS_MAX of them, strongest first (ties: the engines' order).
 */
export function aiFindings(engines: readonly AiFindingEngine[], grid: readonly AiFindingPoint[], centre: { lat: number; lng: number }): ReportInsight[] {
  return engines
    .map((e) => engineFinding(e, grid, centre))
    .filter((c): c is Candidate => c !== null)
    .map((c, i) => ({ ...c, i }))
    .sort((x, y) => y.strength - x.strength || x.i - y.i)
    .slice(0, AI_FINDINGS_MAX)
    .map((c) => c.finding);
}
