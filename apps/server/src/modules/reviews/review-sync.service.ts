import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors';
import type { GbpDeps } from '../gbp/gbp.deps';
import { placesRepository } from '../places/places.repository';
import { guardListing } from './gbp-listing.service';
import { notifyPendingReviews } from './review-alerts';
import { withReviewsToken } from './review-link';
import { type ReviewSyncRow, reviewsRepository } from './reviews.repository';

// The incremental sync of one location's reviews (docs/decisions.md §32.4).

/** Reviews re-read below the high-water mark, so one whose time sits just under it (clock skew) is never lost. */
export const SYNC_OVERLAP_MS = 10 * 60_000;
/** Google's documented maximum page size of reviews.list. */
export const SYNC_PAGE_SIZE = 50;
/** Pages one sync reads at most (50 × 400 = 20,000 reviews): the next one goes on. */
const MAX_PAGES = 400;

export interface SyncOutcome {
  state: ReviewSyncRow['state'];
  /** Google calls made (pages read). */
  calls: number;
  read: number;
  created: number;
  /** The sync did not run: another held the location. */
  skipped: boolean;
}

/**
 * Reads the location's reviews newest updateTime first and stops at the first one older than
 * the high-water mark less the overlap: a sync reads only what changed since the last one. Each
 * page is stored as it arrives (upsert by Google's name, so re-reading is harmless). The mark
 * moves only when the sync reached it: a sync cut short (token expired, Google failing) keeps
 * what it read, and the next one reads again from the old mark, so nothing between is lost. A
 * review that arrives mid-sync is newer than every page read, so the next sync reads it.
 * The first sync of a location is its baseline: its reviews notify nothing.
 */
export async function syncPlaceReviews(deps: GbpDeps, placeId: string): Promise<SyncOutcome> {
  const db = deps.container.database.db;
  const owner = randomUUID();
  const sync = await reviewsRepository.takeLease(db, placeId, owner, deps.now());
  if (!sync) return { state: 'running', calls: 0, read: 0, created: 0, skipped: true };
  const baseline = sync.highWater === null;
  const cutoff = sync.highWater ? sync.highWater.getTime() - SYNC_OVERLAP_MS : null;
  let calls = 0;
  let read = 0;
  let created = 0;
  let newest = sync.highWater;
  try {
    let pageToken: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await withReviewsToken(deps, sync.userId, (token) =>
        deps.provider.listReviews(token, sync.location, { pageSize: SYNC_PAGE_SIZE, ...(pageToken ? { pageToken } : {}) }),
      );
      calls++;
      const fresh = cutoff === null ? page.reviews : page.reviews.filter((r) => r.updateTime.getTime() >= cutoff);
      read += fresh.length;
      created += await reviewsRepository.upsertPage(
        db,
        { userId: sync.userId, placeId, location: sync.location, demo: sync.demo },
        fresh,
        baseline,
      );
      for (const r of fresh) if (!newest || r.updateTime > newest) newest = r.updateTime;
      const reachedMark = fresh.length < page.reviews.length;
      if (reachedMark || !page.nextPageToken) break;
      pageToken = page.nextPageToken;
    }
  } catch (err) {
    const reconnect = err instanceof AppError && (err.code === 'GBP_RECONNECT_REQUIRED' || err.code === 'GBP_NOT_CONNECTED');
    const message =
      err instanceof AppError ? err.message : 'No se han podido leer las reseñas de Google. Se reintentará en la próxima sincronización.';
    await reviewsRepository.releaseLease(db, placeId, owner, {
      state: reconnect ? 'needs-reconnect' : 'failed',
      message,
      lastCalls: calls,
    });
    await notifyAfterSync(deps, sync.userId, placeId);
    deps.container.log.warn({ placeId, calls, read, err: (err as Error).message }, 'sincronización de reseñas interrumpida');
    return { state: reconnect ? 'needs-reconnect' : 'failed', calls, read, created, skipped: false };
  }
  // The listing guard with the Business Profile (docs/decisions.md §32.6), under the same lease.
  const place = await placesRepository.findOwned(db, sync.userId, placeId);
  if (place) await guardListing(deps, sync, { id: place.id, name: place.name, userId: place.userId });
  await reviewsRepository.releaseLease(db, placeId, owner, {
    state: 'idle',
    message: null,
    highWater: newest,
    lastSyncedAt: deps.now(),
    lastCalls: calls,
  });
  await notifyAfterSync(deps, sync.userId, placeId);
  return { state: 'idle', calls, read, created, skipped: false };
}

/** The events of the new reviews stored (those of a sync cut short too: they were read). */
async function notifyAfterSync(deps: GbpDeps, workspaceId: string, placeId: string): Promise<void> {
  const place = await placesRepository.findOwned(deps.container.database.db, workspaceId, placeId);
  if (place) await notifyPendingReviews(deps.container, { id: place.id, name: place.name, userId: place.userId });
}
