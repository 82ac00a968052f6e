import { aiEngineInfo } from '@rankmaps/shared/ai-engines';
import type { CampaignAi } from '@rankmaps/shared/schemas/campaigns';
import type { Container } from '../../container';
import type { Tx } from '../../db/client';
import { sendAiAlertsJob } from '../../jobs/definitions/ai-visibility-alerts';
import { sendAiScanJob } from '../../jobs/definitions/ai-visibility-scan';
import type { AiEngineCatalogue } from '../../providers/ai-answers/interface';
import { AppError } from '../../errors';
import type { PlaceColumns } from '../places/place-schedule';
import type { RankMapGrid } from '../rankmaps/rankmaps.repository';
import { gridSnapshotOf } from '../rankmaps/scan/scan-snapshot.service';
import { aiAnalysesRepository } from './ai-analyses.repository';
import { type AiEnginePlan, planEngines, totalCalls, totalCredits } from './ai-plan';
import { targetOfPlace } from './ai-visibility.service';
import { reserveAiCredits } from './scan/ai-billing.service';

// AI visibility in campaign rounds (docs/decisions.md §31.16): what one keyword's AI analysis of a
// round asks and costs, and its insertion with the round's map analyses, in their transaction.

/** Why a round's AI analysis did not run: the balance could not pay it when queued. */
export const AI_ROUND_NO_CREDITS = 'No había créditos suficientes para el análisis de IA programado. El análisis no se ha cobrado.';

export interface AiRoundPlan {
  samples: number;
  grid: RankMapGrid;
  plan: AiEnginePlan[];
  credits: number;
}

/**
 * One keyword's AI analysis at a place: the grid at the AI's size (sea points dropped, as any scan)
 * and each engine's calls and credits. Credits per call come from the engine running here, or the
 * shared table when it cannot run (its calls then fail and are refunded).
 */
export async function aiRoundPlan(container: Pick<Container, 'log' | 'seaIndex'>, place: PlaceColumns, ai: CampaignAi, catalogue?: AiEngineCatalogue): Promise<AiRoundPlan> {
  const grid = await gridSnapshotOf(container, { ...place, matrixConfig: { ...place.matrixConfig, gridSize: ai.gridSize } });
  const engines = ai.engines.map((id) => catalogue?.get(id) ?? aiEngineInfo(id));
  const plan = grid.points.length > 0 ? planEngines(engines, grid.points.length, ai.samples) : [];
  return { samples: ai.samples, grid, plan, credits: totalCredits(plan) };
}

/** A cache of plans by place and AI settings, for a tick or a forecast that meets a place many times. */
export function aiRoundPlanner(container: Pick<Container, 'log' | 'seaIndex'>, catalogue?: AiEngineCatalogue) {
  const cache = new Map<string, Promise<AiRoundPlan>>();
  return (place: PlaceColumns, ai: CampaignAi): Promise<AiRoundPlan> => {
    const key = `${place.id}|${ai.gridSize}|${ai.samples}|${ai.engines.join(',')}`;
    let found = cache.get(key);
    if (!found) cache.set(key, (found = aiRoundPlan(container, place, ai, catalogue)));
    return found;
  };
}

export interface RoundAiItem {
  keywordId: string;
  keywordName: string;
  place: PlaceColumns;
  userId: string;
  roundId: string;
  kind: 'scheduled' | 'campaign';
  plan: AiRoundPlan;
  startAt: Date | null;
}

/**
 * Inserts each keyword's AI analysis of its round, through `tx` (the transaction of the round's map
 * analyses): unique per (keyword, round), so a tick run twice or by two workers makes one and
 * reserves its credits once (the reservation happens only with a new row, docs/decisions.md §31.5). A
 * balance that cannot pay it leaves it failed with the reason, refunded of nothing, and its failure
 * alert queued (docs/decisions.md §31.14). Returns how many were queued to run.
 */
export async function insertRoundAiAnalyses(tx: Tx, boss: Pick<Container, 'boss'>['boss'], items: RoundAiItem[], now: Date): Promise<number> {
  let queued = 0;
  for (const item of items) {
    if (item.plan.plan.length === 0) continue;
    const row = await aiAnalysesRepository.insertForRound(tx, {
      keywordId: item.keywordId,
      placeId: item.place.id,
      userId: item.userId,
      query: item.keywordName,
      engines: item.plan.plan,
      grid: item.plan.grid,
      target: targetOfPlace(item.place),
      samples: item.plan.samples,
      kind: item.kind,
      campaignRoundId: item.roundId,
      totalCalls: totalCalls(item.plan.plan),
    });
    if (!row) continue;
    let reserved: number;
    try {
      reserved = await reserveAiCredits(tx, row, item.plan.credits, null);
    } catch (err) {
      if (!(err instanceof AppError && err.errorType === 'insufficient_credits')) throw err;
      await aiAnalysesRepository.update(tx, row.id, { status: 'failed', failureReason: AI_ROUND_NO_CREDITS, failedCalls: row.totalCalls, finishedAt: now });
      await sendAiAlertsJob(boss, tx, row.id);
      continue;
    }
    const jobId = await sendAiScanJob(boss, tx, row.id, { startAfter: item.startAt && item.startAt.getTime() > now.getTime() ? item.startAt : null });
    await aiAnalysesRepository.update(tx, row.id, { creditsReserved: reserved, jobId });
    queued++;
  }
  return queued;
}
