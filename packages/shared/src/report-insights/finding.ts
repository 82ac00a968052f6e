import type { ReportInsight } from '../schemas/report';

/**
 * A finding before ordering: the insight and how strong its evidence is, from 0 to 1 (the
 * gap it describes on its own scale). computeInsights puts the changes first, then the rest
 * by strength, and keeps at most five.
 */
export interface Finding {
  insight: ReportInsight;
  strength: number;
}
