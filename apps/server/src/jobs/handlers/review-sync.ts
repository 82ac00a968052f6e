import type { Container } from '../../container';
import { gbpDepsOf } from '../../modules/reviews/review-link';
import { syncPlaceReviews } from '../../modules/reviews/review-sync.service';
import { reviewsRepository } from '../../modules/reviews/reviews.repository';
import { reviewSyncPayload, sendReviewSyncJob } from '../definitions/review-sync';

/** One business's incremental review sync (docs/decisions.md §32.4). */
export async function handleReviewSync(container: Container, data: unknown): Promise<void> {
  const { placeId } = reviewSyncPayload.parse(data);
  const outcome = await syncPlaceReviews(await gbpDepsOf(container), placeId);
  container.log.info({ placeId, ...outcome }, 'sincronización de reseñas');
}

/** Every 6 hours: a sync for each linked business whose connection does not need reconnecting. */
export async function handleReviewSyncSweep(container: Container): Promise<number> {
  const places = await reviewsRepository.syncablePlaces(container.database.db);
  for (const placeId of places) await sendReviewSyncJob(container.boss, placeId);
  return places.length;
}
