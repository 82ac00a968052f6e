import { MADRID, type ScanEnv, subscribedUser } from './scan-env';
import { reviewsRepository } from '../apps/server/src/modules/reviews/reviews.repository';
import type { GbpReview } from '../apps/server/src/providers/gbp';

// What the reviews benchmarks share (docs/decisions.md §32.4): an Agency user, one business of
// the demo catalogue with its Business Profile connected, and synthetic reviews.

/** A synthetic review of `location`, the i-th, four hours after the one before; every third answered. */
function syntheticReview(location: string, i: number): GbpReview {
  const at = new Date(Date.parse('2022-01-01T09:00:00Z') + i * 4 * 3_600_000);
  return {
    name: `${location}/reviews/bench-${i}`,
    reviewId: `bench-${i}`,
    stars: ((i % 5) + 1) as GbpReview['stars'],
    comment: i % 7 === 0 ? null : `Reseña de prueba número ${i}, con un texto de longitud normal para una reseña de Google.`,
    reviewer: { displayName: `Cliente ${i}`, photoUrl: null, anonymous: false },
    createTime: at,
    updateTime: at,
    reply:
      i % 3 === 0
        ? { comment: 'Gracias por tu reseña.', updateTime: new Date(at.getTime() + 7_200_000), state: 'published', policyViolation: null }
        : null,
    media: i % 11 === 0 ? [{ kind: 'photo', url: 'https://example.com/p.jpg', thumbnailUrl: 'https://example.com/t.jpg' }] : [],
    replyUrl: null,
  };
}

/**
 * A new pro_agency user with `googlePlaceId` (a demo place; a 3×3 grid in Madrid) and its Business
 * Profile connected: through the demo connection, or, with `oauthCode`, through Google's OAuth
 * callback (a local fake of Google). `beforeLink` runs before the first read of its reviews,
 * which links the business and imports what Google holds (a fake's reviews go in there); then
 * `stored` synthetic reviews are written straight to the database, in pages of 500, and
 * `storedMs` is how long that took.
 */
export async function seedReviews(
  env: ScanEnv,
  opts: { googlePlaceId: string; oauthCode?: string; beforeLink?: () => void; stored?: number },
): Promise<{ headers: Record<string, string>; placeId: string; storedMs: number }> {
  const { app, container } = env;
  const { headers } = await subscribedUser(env, 'pro_agency');
  const created = await app.inject({
    method: 'POST',
    url: '/api/place',
    headers,
    payload: { googlePlaceId: opts.googlePlaceId, matrixConfig: { gridSize: 3, radius: 1000, coordinates: MADRID } },
  });
  if (created.statusCode !== 201) throw new Error(`POST /api/place answered ${created.statusCode}: ${created.body.slice(0, 200)}`);
  const placeId = created.json<{ _id: string }>()._id;
  const start = await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect&redirectAfter=/reviews', headers });
  const startUrl = start.json<{ url: string }>().url;
  if (opts.oauthCode === undefined) {
    await app.inject({ method: 'GET', url: startUrl, headers });
  } else {
    const state = new URL(startUrl).searchParams.get('state')!;
    await app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?code=${encodeURIComponent(opts.oauthCode)}&state=${encodeURIComponent(state)}&scope=${encodeURIComponent('https://www.googleapis.com/auth/business.manage')}`,
    });
  }
  opts.beforeLink?.();
  const linked = await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews`, headers });
  if (linked.statusCode !== 200) throw new Error(`reviews answered ${linked.statusCode}: ${linked.body.slice(0, 200)}`);

  const started = performance.now();
  const stored = opts.stored ?? 0;
  if (stored > 0) {
    const sync = (await reviewsRepository.findSync(container.database.db, placeId))!;
    for (let i = 0; i < stored; i += 500) {
      const page = Array.from({ length: Math.min(500, stored - i) }, (_, j) => syntheticReview(sync.location, i + j));
      await reviewsRepository.upsertPage(
        container.database.db,
        { userId: sync.userId, placeId, location: sync.location, demo: true },
        page,
        true,
      );
    }
  }
  return { headers, placeId, storedMs: performance.now() - started };
}
