import { type Estimate, shareDropped } from '@rankmaps/shared/ai-metrics';
import { aiEngineInfo, isAiEngineId } from '@rankmaps/shared/ai-engines';
import { formatFigure } from '@rankmaps/shared/figures';
import { keywordsRepository } from '../keywords/keywords.repository';
import { recipientsOf } from '../notifications/notification-audience';
import { type Draft, type NotifyContainer, deliverDrafts } from '../notifications/notifications.service';
import { type AiAnalysisRow, aiAnalysesRepository } from './ai-analyses.repository';

/** «38 % (29–47 %)»: a share with its interval, as the screens show it. */
export const shareText = (e: Estimate) => `${formatFigure(e.value ?? 0)} % (${formatFigure(e.low ?? 0)}–${formatFigure(e.high ?? 0)} %)`;

/** Where the alert takes the user: the keyword's AI-visibility screen, comparing the two analyses. */
export const aiAnalysisLink = (row: { placeId: string; keywordId: string; id: string }, comparedWith?: string) =>
  `/rankmap/${row.placeId}/keyword/${row.keywordId}/ai?analysis=${row.id}${comparedWith ? `&compare=${comparedWith}` : ''}`;

/**
 * The alerts of an AI-visibility analysis that completed (docs/decisions.md §31.7): when its
 * «Cuota de voz en IA», overall or of an engine, dropped beyond the noise against the keyword's
 * previous completed analysis (the new 95 % interval wholly below the old one), one
 * notification per recipient, through the bell, e-mail, Slack and the webhook's alert.triggered.
 * Its dedupe key is the analysis's, so a second run of the job sends nothing again.
 */
export async function evaluateAiAnalysis(container: NotifyContainer, analysisId: string): Promise<number> {
  const db = container.database.db;
  const row = await aiAnalysesRepository.findById(db, analysisId);
  if (row?.status === 'failed') return notifyFailure(container, row);
  if (row?.status !== 'completed' || !row.metrics) return 0;
  const prev = await aiAnalysesRepository.previousCompleted(db, row);
  if (!prev?.metrics) return 0;
  const drops: { label: string; before: Estimate; after: Estimate }[] = [];
  if (shareDropped(prev.metrics.overall.shareOfVoice, row.metrics.overall.shareOfVoice)) drops.push({ label: 'En conjunto', before: prev.metrics.overall.shareOfVoice, after: row.metrics.overall.shareOfVoice });
  for (const engine of row.engines) {
    const before = prev.metrics.engines[engine.id]?.shareOfVoice;
    const after = row.metrics.engines[engine.id]?.shareOfVoice;
    if (before && after && shareDropped(before, after)) drops.push({ label: isAiEngineId(engine.id) ? aiEngineInfo(engine.id).label : engine.id, before, after });
  }
  if (drops.length === 0) return 0;
  const found = await keywordsRepository.findOwned(db, row.userId, row.keywordId);
  const about = found ? `«${found.keyword.name}» (${found.place.name})` : `«${row.query}»`;
  const draft: Draft = {
    kind: 'ai-share-drop',
    dedupeKey: `ai-share-drop:${row.id}`,
    title: `Baja tu cuota de voz en IA en ${about}`,
    body: `${drops.map((d) => `${d.label}: del ${shareText(d.before)} al ${shareText(d.after)}.`).join(' ')} La bajada supera el margen de error: los intervalos del 95 % no se solapan.`,
    link: aiAnalysisLink(row, prev.id),
    comparedRankMapId: null,
    data: { aiAnalysisId: row.id, comparedAiAnalysisId: prev.id, drops: drops.map((d) => ({ label: d.label, before: d.before, after: d.after })) },
  };
  return deliver(container, row, draft);
}

/** Every member who sees the business gets the draft, with their settings and mutes; the dedupe key makes it once per recipient. */
async function deliver(container: NotifyContainer, row: AiAnalysisRow, draft: Draft): Promise<number> {
  let created = 0;
  for (const recipient of await recipientsOf(container.database.db, row.userId, row.placeId)) {
    created += await deliverDrafts(container, { workspaceId: row.userId, placeId: row.placeId, rankMapId: null, roundAnalysis: row.kind !== 'manual' }, recipient, [draft]);
  }
  return created;
}

/**
 * An AI analysis that failed (docs/decisions.md §31.14), as a map scan's «Análisis fallido»: the
 * reason it failed and that it cost nothing, through the same channels. The failure queues the
 * alerts job in its own transaction (failAiAnalysis); the dedupe key `ai-analysis-failed:<id>`
 * makes a retried job send nothing again.
 */
async function notifyFailure(container: NotifyContainer, row: AiAnalysisRow): Promise<number> {
  const found = await keywordsRepository.findOwned(container.database.db, row.userId, row.keywordId);
  const about = found ? `«${found.keyword.name}» (${found.place.name})` : `«${row.query}»`;
  return deliver(container, row, {
    kind: 'ai-analysis-failed',
    dedupeKey: `ai-analysis-failed:${row.id}`,
    title: `El análisis de visibilidad en IA de ${about} no se completó`,
    body: row.failureReason ?? 'No se pudo completar el análisis de IA. El análisis no se ha cobrado.',
    link: aiAnalysisLink(row),
    comparedRankMapId: null,
    data: { aiAnalysisId: row.id, reason: row.failureReason },
  });
}
