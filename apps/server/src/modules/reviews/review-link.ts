import type { Container } from '../../container';
import { demoReviewLocation } from '../../providers/gbp/demo';
import { type GbpDeps, createGbpDeps } from '../gbp/gbp.deps';
import { liveConnection, withAccessToken } from '../gbp/gbp-token.service';
import type { PlaceRow } from '../places/place-schedule';
import { asReviewsError, reviewsNotConnected } from './review-errors';
import { type ReviewSyncRow, reviewsRepository } from './reviews.repository';

// Which Business Profile location a business is (docs/decisions.md §32.4). With Google: the
// location of the workspace's connection whose Maps place id (Location.metadata.placeId) is the
// business's. With the demo connection: every business has its own simulated location.

const depsOf = new WeakMap<object, Promise<GbpDeps>>();

/** The GBP services' dependencies, built once per container. */
export function gbpDepsOf(container: Container): Promise<GbpDeps> {
  let deps = depsOf.get(container);
  if (!deps) {
    deps = createGbpDeps(container);
    depsOf.set(container, deps);
  }
  return deps;
}

/** Runs a Google call with the workspace's token, errors in the reviews' words. */
export async function withReviewsToken<T>(deps: GbpDeps, workspaceId: string, call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await withAccessToken(deps, workspaceId, call);
  } catch (err) {
    throw asReviewsError(err);
  }
}

/**
 * The place's link to its location, made on first use; 409 GBP_NOT_CONNECTED without a live
 * connection or a location of this business, 409 GBP_RECONNECT_REQUIRED when it expired.
 */
export async function linkedLocation(
  deps: GbpDeps,
  place: Pick<PlaceRow, 'id' | 'userId' | 'googlePlaceId'>,
): Promise<{ sync: ReviewSyncRow; created: boolean }> {
  const db = deps.container.database.db;
  let connection;
  try {
    connection = await liveConnection(deps, place.userId);
  } catch (err) {
    throw asReviewsError(err);
  }
  const demo = connection.provider === 'demo';
  const existing = await reviewsRepository.findSync(db, place.id);
  if (existing && existing.demo === demo) return { sync: existing, created: false };
  let location: string | null = null;
  if (demo) location = demoReviewLocation(place.id);
  else {
    location = await withReviewsToken(deps, place.userId, async (token) => {
      for (const account of await deps.provider.listAccounts(token)) {
        const found = (await deps.provider.listLocationPlaceIds(token, account.name)).find((l) => l.placeId === place.googlePlaceId);
        // Business Information names a location 'locations/{id}'; the v4 reviews want it under its account.
        if (found) return `${account.name}/${found.name}`;
      }
      return null;
    });
  }
  if (!location) throw reviewsNotConnected();
  return { sync: await reviewsRepository.saveLink(db, { placeId: place.id, userId: place.userId, location, demo }), created: true };
}
