import type { AiAnswer, AiAnswerRequest, AiEngineId } from '../../../providers/ai-answers/interface';
import type { AiAnalysisRow, NewAiAnswer } from '../ai-analyses.repository';
import type { AiMatcher } from '../ai-matcher';
import { type AiCall, callTag } from '../ai-plan';

// One call of an AI analysis: the question it asks and the answer row it stores, shared by the
// live run and the standard queue's collector (docs/decisions.md §31.4, docs/decisions.md §31.16).

/** The question of one call, in the business's market. */
export function requestOf(row: AiAnalysisRow, call: AiCall, ordinal: number): AiAnswerRequest {
  const { target, grid } = row;
  const point = grid.points.find((p) => p.index === call.pointIndex);
  const at = { lat: point?.lat ?? grid.center.lat, lng: point?.lng ?? grid.center.lng };
  return {
    engine: call.engine as AiEngineId,
    query: row.query,
    lat: at.lat,
    lng: at.lng,
    city: target.city,
    languageCode: target.languageCode ?? 'es',
    sample: call.sample,
    target: { placeId: target.placeId, name: target.name, lat: target.lat ?? grid.center.lat, lng: target.lng ?? grid.center.lng, domain: target.domain },
    now: row.createdAt,
    tag: callTag(row.id, call),
    run: { id: row.id, ordinal },
  };
}

/** A valid answer as stored: matched against the target (docs/decisions.md §31.3), every business keyed for the competitor table. */
export function okAnswer(match: AiMatcher, row: Pick<AiAnalysisRow, 'id' | 'target'>, call: AiCall, provider: string, answer: AiAnswer, costUsd: number): NewAiAnswer {
  const verdict = match.match(row.target, answer.businesses);
  return {
    analysisId: row.id,
    engine: call.engine,
    pointIndex: call.pointIndex,
    sample: call.sample,
    status: 'ok',
    provider,
    named: verdict.named,
    matchRule: verdict.rule,
    position: verdict.position,
    businesses: answer.businesses.map((b) => ({ ...b, key: match.keyOf(b), isTarget: verdict.named && b.position === verdict.position })),
    sources: answer.sources,
    answerText: answer.text,
    costUsd,
  };
}

export function failedAnswer(analysisId: string, call: AiCall, provider: string, error: string, costUsd: number): NewAiAnswer {
  return { analysisId, engine: call.engine, pointIndex: call.pointIndex, sample: call.sample, status: 'failed', provider, error: error.slice(0, 1000), costUsd };
}

