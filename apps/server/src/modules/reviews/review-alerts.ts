import type { Container } from '../../container';
import { recipientsOf } from '../notifications/notification-audience';
import { type Draft, deliverDrafts } from '../notifications/notifications.service';
import type { ReviewRow } from './reviews.repository';
import { reviewsRepository } from './reviews.repository';

/** A review of this many stars or fewer is urgent (issue 31): its own notification kind. */
export const LOW_STAR_MAX = 3;

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

export function reviewDraft(r: ReviewRow, place: { id: string; name: string }): Draft {
  const urgent = r.stars <= LOW_STAR_MAX;
  const who = r.reviewerAnonymous || !r.reviewerName ? 'Alguien' : r.reviewerName;
  const excerpt = r.comment ? ` «${r.comment.length > 140 ? `${r.comment.slice(0, 139)}…` : r.comment}»` : '';
  return {
    kind: urgent ? 'review-low-star' : 'review-created',
    // One per review whatever its kind: a review notifies once.
    dedupeKey: `review:${r.id}`,
    title: urgent
      ? `Reseña de ${r.stars} ${r.stars === 1 ? 'estrella' : 'estrellas'} en ${place.name}: responde pronto`
      : `Nueva reseña de ${r.stars} estrellas en ${place.name}`,
    body: `${who} ha dejado ${stars(r.stars)}.${excerpt}${r.demo ? ' (Datos de demostración)' : ''}`,
    link: `/reviews?place=${place.id}&review=${r.id}`,
    comparedRankMapId: null,
    data: {
      reviewId: r.id,
      stars: r.stars,
      urgent,
      reviewer: r.reviewerAnonymous ? null : r.reviewerName,
      comment: r.comment,
      createdAt: r.createTime.toISOString(),
      demo: r.demo,
    },
  };
}

/**
 * Notifies the place's new reviews not yet notified (bell, e-mail, Slack, webhook
 * `review.created`), for each member who sees the business. Each notification is inserted once
 * by its dedupe key, and the review's pending mark is cleared after: a crash in between
 * notifies on the next sync, and nothing twice.
 */
export async function notifyPendingReviews(
  container: Pick<Container, 'boss' | 'config' | 'database' | 'log'>,
  place: { id: string; name: string; userId: string },
): Promise<number> {
  const db = container.database.db;
  const pending = await reviewsRepository.pendingEvents(db, place.id);
  if (pending.length === 0) return 0;
  const drafts = pending.map((r) => reviewDraft(r, place));
  let created = 0;
  for (const recipient of await recipientsOf(db, place.userId, place.id)) {
    created += await deliverDrafts(
      container,
      { workspaceId: place.userId, placeId: place.id, rankMapId: null, roundAnalysis: false },
      recipient,
      drafts,
    );
  }
  await reviewsRepository.clearPending(
    db,
    pending.map((r) => r.id),
  );
  return created;
}
