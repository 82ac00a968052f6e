import { CITY_POINT } from '@rankmaps/shared/ai-metrics';
import type { AiEngine } from '../../providers/ai-answers/interface';
import type { AiEnginePlan } from './ai-analyses.repository';

// What an AI-visibility analysis asks and what it costs (docs/decisions.md §31.4, docs/decisions.md §31.5): kept
// on the analysis when it is created, so a later change of an engine's price or scope changes
// neither its calls nor its refund.

export type { AiEnginePlan };

/** One call to make: an engine, a grid point (CITY_POINT for a city-wide engine) and a sample. */
export interface AiCall {
  engine: string;
  pointIndex: number;
  sample: number;
}

export function planEngines(engines: readonly Pick<AiEngine, 'id' | 'scope' | 'creditsPerCall'>[], validPoints: number, samples: number): AiEnginePlan[] {
  return engines.map((e) => ({ id: e.id, scope: e.scope, creditsPerCall: e.creditsPerCall, calls: (e.scope === 'city' ? 1 : validPoints) * samples }));
}

export const totalCalls = (plan: readonly AiEnginePlan[]) => plan.reduce((s, e) => s + e.calls, 0);
export const totalCredits = (plan: readonly AiEnginePlan[]) => plan.reduce((s, e) => s + e.calls * e.creditsPerCall, 0);

/** Every call of the analysis, sample by sample (so an interrupted run has every point's first sample before any second one). */
export function callsOf(plan: readonly AiEnginePlan[], pointIndices: readonly number[], samples: number): AiCall[] {
  const calls: AiCall[] = [];
  for (let sample = 1; sample <= samples; sample++) {
    for (const e of plan) {
      if (e.scope === 'city') calls.push({ engine: e.id, pointIndex: CITY_POINT, sample });
      else for (const pointIndex of pointIndices) calls.push({ engine: e.id, pointIndex, sample });
    }
  }
  return calls;
}

/** The tag the vendor keeps with the call (≤ 255 characters): the same for every try of the same call, so a lost answer is the same question asked again. */
export const callTag = (analysisId: string, call: AiCall) => `ai:${analysisId}:${call.engine}:${call.pointIndex}:${call.sample}`;
