import type { ReportInsight } from '../schemas/report';
import { changesFinding } from './changes';
import { decayFinding } from './decay';
import type { Finding } from './finding';
import { placePoints } from './geometry';
import { ringFinding } from './rings';
import { sectorFinding } from './sectors';
import type { InsightInput } from './types';
import { zoneLeaderFindings } from './zone-leader';

export type { InsightCell, InsightInput } from './types';

/** A report opens with at most this many findings. */
export const MAX_INSIGHTS = 5;

/**
 * The report's opening findings: 3 to 5, fewer when the data does not support them, each
 * citing its figures (docs/metrics.md §11, docs/decisions.md §24.2). Deterministic: the same
 * input always gives the same findings in the same order, whatever the order of its cells.
 *
 * Order: what changed since the previous analysis first, then the rest by the strength of
 * their evidence (0 to 1, each rule's gap on its own scale), ties in the order the rules are
 * listed here (sectors, rings, decay, zone leaders).
 */
export function computeInsights(input: InsightInput): ReportInsight[] {
  const points = placePoints(input);
  const changes = changesFinding(input.metrics, input.movement);
  const spatial: Finding[] = [
    sectorFinding(points),
    ringFinding(points, input.radius),
    decayFinding(points, input.radius),
    ...zoneLeaderFindings(points),
  ].filter((f): f is Finding => f !== null);
  // Array.prototype.sort is stable, so equal strengths keep the rules' order.
  spatial.sort((a, b) => b.strength - a.strength);
  return [...(changes ? [changes] : []), ...spatial].slice(0, MAX_INSIGHTS).map((f) => f.insight);
}
