import type { ReportInsight } from '../schemas/report';
import type { InsightInput } from './types';

export type { InsightCell, InsightInput } from './types';

/**
 * The report's opening findings: 3 to 5, fewer when the data does not support them, each
 * citing its figures (docs/metrics.md, "Report insights"). Deterministic: the same input
 * always gives the same findings in the same order.
 */
export function computeInsights(input: InsightInput): ReportInsight[] {
  // The rules arrive with issue 17's insights work; until then a report opens with none.
  void input;
  return [];
}
