import type { Container } from '../../container';
import { type UserNotificationDraft, notifyUser } from '../notifications/notifications.service';
import { rankMapsRepository } from '../rankmaps/rankmaps.repository';
import { campaignName } from './campaigns.presenter';
import { campaignsRepository } from './campaigns.repository';

// The one summary of a round (docs/decisions.md §25.6): when the last analysis of a campaign's
// or a weekly scan's round ends, the user gets one «Resumen de cada ronda» notification, with its
// e-mail, instead of an «Análisis completado» e-mail per analysis.

type SummaryContainer = Pick<Container, 'boss' | 'config' | 'database' | 'log'>;
type RoundWithAnalyses = NonNullable<Awaited<ReturnType<typeof campaignsRepository.roundWithAnalyses>>>;

/** Lines of analyses a summary lists before «y N más». */
export const SUMMARY_LINES_MAX = 20;

const num = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const analysesText = (n: number) => (n === 1 ? '1 análisis' : `${n} análisis`);

/** The summary's notification: what the round did, one line per analysis; deduplicated by the round. */
export function roundSummaryDraft(r: RoundWithAnalyses, placeName: string | undefined): UserNotificationDraft {
  const completed = r.analyses.filter((a) => a.status === 'completed').length;
  const failed = r.analyses.length - completed;
  const weekly = r.campaign.placeId !== null;
  const name = campaignName(r.campaign, [], placeName);
  const lines = r.analyses.slice(0, SUMMARY_LINES_MAX).map((a) => `«${a.query}» (${a.placeName}): ${a.status === 'completed' && a.geoRank !== null ? `GeoRank ${num.format(a.geoRank)}` : 'no se completó'}`);
  const more = r.analyses.length - lines.length;
  const counts = `${analysesText(r.analyses.length)}: ${completed} ${completed === 1 ? 'completado' : 'completados'}${failed > 0 ? ` y ${failed} ${failed === 1 ? 'fallido' : 'fallidos'}` : ''}.`;
  return {
    kind: 'round-completed',
    dedupeKey: `round-completed:${r.round.id}`,
    placeId: weekly ? r.campaign.placeId : null,
    title: weekly ? `${name}: ronda terminada` : `Ronda terminada de la campaña «${name}»`,
    body: `${counts} ${lines.join('; ')}${more > 0 ? `; y ${more} más` : ''}.`,
    link: weekly ? `/rankmap/${r.campaign.placeId}` : `/campanas/${r.campaign.id}`,
    data: { roundId: r.round.id, campaignId: r.campaign.id, slot: r.round.slot, analyses: r.analyses.length, completed, failed },
  };
}

/**
 * Called when an analysis completes or fails (the notify-analysis job). The round ends when each
 * of its analyses has ended and every keyword the campaign ran at the slot has its analysis: the
 * scheduler inserts them in batches, and a campaign's places in other zones start later, so a
 * quick first scan must not end it. Whichever analysis ends last sees it; two at once, or the job
 * run again, find the notification there (its dedupe key is the round): one summary per round.
 * Returns whether this call created it.
 */
export async function summarizeRoundAfterAnalysis(container: SummaryContainer, rankMapId: string): Promise<boolean> {
  const db = container.database.db;
  const row = await rankMapsRepository.findById(db, rankMapId);
  if (!row?.campaignRoundId || (row.status !== 'completed' && row.status !== 'failed')) return false;
  const r = await campaignsRepository.roundWithAnalyses(db, row.campaignRoundId);
  if (!r || r.round.skippedReason !== null) return false;
  if (r.analyses.some((a) => a.status !== 'completed' && a.status !== 'failed')) return false;
  const at = r.round.scheduledFor.getTime();
  const targets = await campaignsRepository.targets(db, { campaignIds: [r.campaign.id] });
  const expected = targets.filter((t) => Math.max(r.campaign.createdAt.getTime(), t.place.createdAt.getTime(), t.keywordCreatedAt.getTime()) <= at).length;
  if (r.analyses.length < expected) return false;
  const placeName = r.campaign.placeId ? (await campaignsRepository.placeNames(db, [r.campaign.placeId])).get(r.campaign.placeId) : undefined;
  return (await notifyUser(container, r.campaign.userId, [roundSummaryDraft(r, placeName)])) > 0;
}
