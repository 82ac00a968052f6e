import type { NotificationKind } from '@rankmaps/shared/schemas/notifications';
import type { WebhookEventType } from '@rankmaps/shared/schemas/webhooks';
import type { Container } from '../../container';
import type { NotificationRow } from '../notifications/notifications.repository';
import { presentAnalysis } from '../api-v1/api-v1.presenter';
import { type WebhookEvent, emitWebhookEvent } from './webhook-events.service';
import { webhooksRepository } from './webhooks.repository';

// Where the facts become events (docs/webhooks.md, "Events"): an analysis that ended (the
// notify-analysis job), the campaign round it completed, and the notifications of alerts and
// credit warnings as they are created.

const NOTIFICATION_EVENTS: Partial<Record<NotificationKind, WebhookEventType>> = {
  'rank-drop': 'alert.triggered',
  'rank-gain': 'alert.triggered',
  'competitor-overtook': 'alert.triggered',
  'ai-share-drop': 'alert.triggered',
  'round-lacks-credits-tomorrow': 'credits.low',
  'round-skipped-no-credits': 'credits.low',
  'credits-running-out': 'credits.low',
  'listing-changed': 'listing.changed',
  // One event per new review; details.urgent says it has 3 stars or fewer (docs/decisions.md §32.5).
  'review-created': 'review.created',
  'review-low-star': 'review.created',
};

/** The event a notification of an alert or credit warning is, or null (an analysis's own notices come from the analysis). */
export function notificationEvent(n: NotificationRow, appUrl: string): WebhookEvent | null {
  const type = NOTIFICATION_EVENTS[n.kind];
  if (!type) return null;
  return {
    userId: n.userId,
    type,
    key: `notification:${n.id}`,
    createdAt: n.createdAt,
    data: {
      notificationId: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      url: `${appUrl}${n.link}`,
      placeId: n.placeId,
      analysisId: n.rankMapId,
      comparedAnalysisId: n.comparedRankMapId,
      details: n.data,
    },
  };
}

/**
 * The events of an analysis that ended: `analysis.completed` or `analysis.failed` (its v1
 * shape), and `campaign.round.completed` when it was the last of its round to end. Each
 * event once, whatever the job's retries: deliveries are unique per (event, endpoint).
 */
export async function emitAnalysisEvents(container: Pick<Container, 'boss' | 'database'>, rankMapId: string): Promise<number> {
  const db = container.database.db;
  const row = await webhooksRepository.analysis(db, rankMapId);
  if (!row || (row.status !== 'completed' && row.status !== 'failed')) return 0;
  const events: WebhookEvent[] = [
    { userId: row.userId, type: row.status === 'completed' ? 'analysis.completed' : 'analysis.failed', key: `analysis:${row.status}:${row.id}`, createdAt: row.completedAt ?? new Date(), data: { analysis: presentAnalysis(row) } },
  ];
  if (row.campaignRoundId) {
    const { round, analyses } = await webhooksRepository.roundProgress(db, row.campaignRoundId);
    if (round && analyses.every((a) => a.status === 'completed' || a.status === 'failed')) {
      events.push({
        userId: row.userId,
        type: 'campaign.round.completed',
        key: `campaign-round:${round.id}`,
        data: {
          campaignId: round.campaignId,
          roundId: round.id,
          slot: round.slot,
          scheduledFor: round.scheduledFor.toISOString(),
          analyses: analyses.length,
          completed: analyses.filter((a) => a.status === 'completed').length,
          failed: analyses.filter((a) => a.status === 'failed').length,
          analysisIds: analyses.map((a) => a.id),
        },
      });
    }
  }
  return db.transaction(async (tx) => {
    let made = 0;
    for (const e of events) made += (await emitWebhookEvent(container, tx, e)).length;
    return made;
  });
}
