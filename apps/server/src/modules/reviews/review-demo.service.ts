import type { Review } from '@rankmaps/shared/schemas/reviews';
import { conflict } from '../../errors';
import type { DemoGbpProvider } from '../../providers/gbp/demo';
import type { GbpDeps } from '../gbp/gbp.deps';
import { ownedOr404 } from '../places/places.service';
import { linkedLocation } from './review-link';
import { syncPlaceReviews } from './review-sync.service';
import { reviewsRepository } from './reviews.repository';
import { presentReview } from './reviews.service';

export const DEMO_ARRIVAL_NEEDS_DEMO = 'Solo la conexión de demostración del Perfil de Empresa de Google puede simular reseñas.';
export const DEMO_ARRIVAL_BUSY = 'Hay una sincronización de reseñas en marcha. Inténtalo de nuevo en unos segundos.';

/**
 * «Simular una reseña» (developer tools only, docs/decisions.md §32.4): the demo location gets a
 * new review now and the normal sync reads it, stores it and notifies it, exactly as a review
 * arriving on Google would (the first sync of a business is its baseline and notifies nothing,
 * so the first one is made before the review arrives).
 */
export async function simulateReviewArrival(
  deps: GbpDeps,
  workspaceId: string,
  placeId: string,
  stars?: 1 | 2 | 3 | 4 | 5,
): Promise<Review> {
  const place = await ownedOr404(deps.container, workspaceId, placeId);
  if (deps.provider.name !== 'demo') throw conflict(DEMO_ARRIVAL_NEEDS_DEMO, 'DEMO_ARRIVAL_NEEDS_DEMO');
  const { sync } = await linkedLocation(deps, place);
  if (!sync.demo) throw conflict(DEMO_ARRIVAL_NEEDS_DEMO, 'DEMO_ARRIVAL_NEEDS_DEMO');
  if (!sync.highWater) await syncPlaceReviews(deps, place.id);
  const arrived = (deps.provider as DemoGbpProvider).reviewStore.arrive(sync.location, deps.now(), stars);
  const outcome = await syncPlaceReviews(deps, place.id);
  if (outcome.skipped) throw conflict(DEMO_ARRIVAL_BUSY, 'REVIEW_SYNC_RUNNING');
  const row = await reviewsRepository.findByName(deps.container.database.db, place.id, arrived.name);
  if (!row) throw conflict(DEMO_ARRIVAL_BUSY, 'REVIEW_SYNC_RUNNING');
  return presentReview(row);
}
