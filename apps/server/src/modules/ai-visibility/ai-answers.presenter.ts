import type { AiMetricsAnswer } from '@rankmaps/shared/ai-metrics';
import type { AiAnswerRow } from './ai-analyses.repository';

/** A stored answer as the metrics read it (packages/shared/src/ai-metrics.ts). */
export function metricsAnswerOf(a: AiAnswerRow): AiMetricsAnswer {
  return { engine: a.engine, point: a.pointIndex, sample: a.sample, status: a.status, named: a.named, position: a.position, businesses: a.businesses };
}
