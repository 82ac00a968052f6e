import { competitorKey, matchBusiness } from '../../providers/ai-answers/match-business';
import type { AiNamedBusiness } from '../../providers/ai-answers/interface';
import type { AiAnalysisTarget, AiMatchRule } from './ai-analyses.repository';

export interface AiMatchVerdict {
  named: boolean;
  rule: AiMatchRule | null;
  /** Its position in the answer's list when named. */
  position: number | null;
}

/**
 * Whether an answer names the tracked business, and the key that identifies any named business
 * across answers (for the competitor table). The scan takes it from its deps: the process uses
 * providers/ai-answers/match-business.ts (docs/decisions.md §31.3).
 */
export interface AiMatcher {
  match(target: AiAnalysisTarget, businesses: readonly AiNamedBusiness[]): AiMatchVerdict;
  keyOf(business: AiNamedBusiness): string;
}

/** The process's matcher: the rules of providers/ai-answers/match-business.ts, over the target as the analysis keeps it. */
export const businessMatcher: AiMatcher = {
  match: (target, businesses) => matchBusiness({ placeId: target.placeId, cid: target.cid ?? null, domain: target.domain, name: target.name }, businesses),
  keyOf: competitorKey,
};
