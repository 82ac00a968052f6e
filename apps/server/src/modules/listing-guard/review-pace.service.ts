import { SYNTHETIC_PLACE_ID_PREFIX } from '@rankmaps/shared/metrics';
import { PACE_WINDOW_DAYS, type PaceSummary, dayOf, reviewPace } from '@rankmaps/shared/review-pace/pace';
import type { ReviewPaceResponse } from '@rankmaps/shared/schemas/review-pace';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { followedOf } from '../places/competitors.service';
import { ownedOr404 } from '../places/places.service';
import { reviewPaceRepository } from './review-pace.repository';

/** How far back the chart goes: a year of scans. The pace itself reads only the last PACE_WINDOW_DAYS. */
export const REVIEW_PACE_HISTORY_DAYS = 365;
const DAY_MS = 86_400_000;

export interface PlaceForPace {
  id: string;
  googlePlaceId: string;
  name: string;
  timeZone: string;
}

/**
 * A place's review pace against its followed competitors (docs/decisions.md §32.1), from
 * what its completed analyses saw over the last year. A competitor the provider gave no id
 * (a `local:` id) cannot be told apart from one scan to the next by its counts: it gets a
 * row with no points («sin datos suficientes»).
 */
export async function placeReviewPace(db: DbOrTx, place: PlaceForPace, now = new Date()): Promise<{ summary: PaceSummary; since: string; demo: boolean }> {
  const followed = await followedOf(db, place.id);
  const since = new Date(now.getTime() - REVIEW_PACE_HISTORY_DAYS * DAY_MS);
  const keys = [place.googlePlaceId, ...followed.map((f) => f.placeId).filter((id) => !id.startsWith(SYNTHETIC_PLACE_ID_PREFIX))];
  const sightings = await reviewPaceRepository.sightings(db, place.id, keys, since);
  const of = (key: string) => sightings.filter((s) => s.key === key);
  const summary = reviewPace(
    [{ id: place.googlePlaceId, name: place.name, isOurs: true, observations: of(place.googlePlaceId) }, ...followed.map((f) => ({ id: f.placeId, name: f.name, isOurs: false, observations: of(f.placeId) }))],
    place.timeZone,
  );
  return { summary, since: dayOf(since, place.timeZone), demo: sightings.some((s) => s.provider === 'demo') };
}

export function presentReviewPace({ summary, since, demo }: Awaited<ReturnType<typeof placeReviewPace>>): ReviewPaceResponse {
  return {
    rows: summary.rows.map((r) => ({
      placeId: r.id,
      name: r.name,
      isOurs: r.isOurs,
      points: r.days,
      rating: r.rating,
      reviews: r.reviews,
      reviewsPerMonth: r.reviewsPerMonth,
      gapToLeader: r.gapToLeader,
      catchUp: r.catchUp,
    })),
    leaderPlaceId: summary.leaderId,
    windowDays: PACE_WINDOW_DAYS,
    since,
    demo,
  };
}

/** GET /api/place/:id/review-pace: someone else's place (or one outside a member's clients) is 404. */
export async function getReviewPace(container: Pick<Container, 'database'>, workspaceId: string, placeId: string): Promise<ReviewPaceResponse> {
  const place = await ownedOr404(container, workspaceId, placeId);
  return presentReviewPace(await placeReviewPace(container.database.db, place));
}
