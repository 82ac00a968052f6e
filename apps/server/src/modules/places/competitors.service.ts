import { type FollowCompetitorRequest, type FollowedCompetitor, MAX_FOLLOWED_COMPETITORS } from '@rankmaps/shared/schemas/trend';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { type FollowedCompetitorRow, followedCompetitorsRepository } from './competitors.repository';
import { PLACE_NOT_FOUND, ownedOr404 } from './places.service';

export const FOLLOW_LIMIT = `Solo puedes seguir hasta ${MAX_FOLLOWED_COMPETITORS} competidores por negocio. Deja de seguir uno para añadir otro.`;
export const FOLLOW_OWN_BUSINESS = 'No puedes seguir a tu propio negocio.';

const present = (row: FollowedCompetitorRow): FollowedCompetitor => ({ placeId: row.competitorPlaceId, name: row.name });

/** A place's followed competitors, oldest first; the caller has checked that the place is the user's. */
export async function followedOf(db: DbOrTx, placeId: string): Promise<FollowedCompetitor[]> {
  return (await followedCompetitorsRepository.listByPlace(db, placeId)).map(present);
}

export async function listFollowed(container: Pick<Container, 'database'>, userId: string, placeId: string): Promise<FollowedCompetitor[]> {
  const place = await ownedOr404(container, userId, placeId);
  return followedOf(container.database.db, place.id);
}

/**
 * Follows a competitor of the place. Following one already followed changes nothing
 * (`added` false). The count is taken under the place's row lock, so two follows at
 * once cannot make a sixth.
 */
export async function follow(container: Pick<Container, 'database'>, userId: string, placeId: string, input: FollowCompetitorRequest): Promise<{ added: boolean; followed: FollowedCompetitor[] }> {
  const place = await ownedOr404(container, userId, placeId);
  if (input.placeId === place.googlePlaceId) throw badRequest(FOLLOW_OWN_BUSINESS, 'OWN_BUSINESS');
  return container.database.db.transaction(async (tx) => {
    if (!(await followedCompetitorsRepository.lockPlace(tx, place.id))) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
    const current = await followedCompetitorsRepository.listByPlace(tx, place.id);
    if (current.some((c) => c.competitorPlaceId === input.placeId)) return { added: false, followed: current.map(present) };
    if (current.length >= MAX_FOLLOWED_COMPETITORS) throw conflict(FOLLOW_LIMIT, 'FOLLOW_LIMIT');
    await followedCompetitorsRepository.insert(tx, { placeId: place.id, competitorPlaceId: input.placeId, name: input.name });
    return { added: true, followed: await followedOf(tx, place.id) };
  });
}

/** Stops following; one not followed is a no-op. */
export async function unfollow(container: Pick<Container, 'database'>, userId: string, placeId: string, competitorPlaceId: string): Promise<FollowedCompetitor[]> {
  const place = await ownedOr404(container, userId, placeId);
  await followedCompetitorsRepository.delete(container.database.db, place.id, competitorPlaceId);
  return followedOf(container.database.db, place.id);
}
