import type { ReportAi } from '@rankmaps/shared/schemas/report';
import { type AiEngineId, aiEngineInfo, isAiEngineId } from '@rankmaps/shared/ai-engines';
import { aiFindings } from '@rankmaps/shared/ai-findings';
import type { Container } from '../../container';
import { aiAnalysesRepository } from '../ai-visibility/ai-analyses.repository';

// A keyword report's «Visibilidad en IA» (docs/decisions.md §31.10): its latest completed AI
// analysis, read from the figures stored at completion. The caller has checked the keyword is
// the owner's; an AI analysis belongs to its keyword's workspace.

/** How many of the businesses named appear in the report. */
const REPORT_AI_COMPETITORS = 10;
/** AI analyses looked through for a completed one (a keyword rarely has a run of failures this long). */
const LOOK_BACK = 20;

const estimate = (e: { value: number | null; low: number | null; high: number | null }) => ({ value: e.value, low: e.low, high: e.high });

const engineLabel = (id: AiEngineId) => aiEngineInfo(id).label;

export async function latestAiReport(container: Pick<Container, 'database'>, keywordId: string): Promise<ReportAi | null> {
  const { db } = container.database;
  const rows = await aiAnalysesRepository.pageByKeyword(db, keywordId, null, LOOK_BACK);
  const row = rows.find((r) => r.status === 'completed' && r.metrics);
  if (!row?.metrics) return null;
  const m = row.metrics;
  const answers = await aiAnalysesRepository.listAnswers(db, row.id);
  const figures = (f: typeof m.overall) => ({ shareOfVoice: estimate(f.shareOfVoice), mentionedIn: estimate(f.mentionedIn), avgPosition: estimate(f.avgPosition) });
  const top = m.competitors.filter((c, i) => i < REPORT_AI_COMPETITORS || c.isTarget);
  return {
    date: (row.finishedAt ?? row.createdAt).toISOString(),
    gridSize: row.grid.gridSize,
    samples: row.samples,
    demo: answers.some((a) => a.provider === 'demo'),
    overall: figures(m.overall),
    engines: row.engines.flatMap((e) => (m.engines[e.id] && isAiEngineId(e.id) ? [{ label: engineLabel(e.id), ...figures(m.engines[e.id]!) }] : [])),
    competitors: top.map((c) => ({ name: c.name, isTarget: c.isTarget, share: estimate(c.share) })),
    findings: aiFindings(
      row.engines.flatMap((e) => (e.scope === 'point' && isAiEngineId(e.id) ? [{ id: e.id, label: engineLabel(e.id), points: m.enginePoints[e.id] ?? [] }] : [])),
      row.grid.points,
      row.grid.center,
    ),
  };
}
