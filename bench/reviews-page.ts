import { loadavg } from 'node:os';
import { latencyStats } from './http-timing';
import { round, runWhenAlone } from './lib';
import { MADRID, openScanEnv, subscribedUser } from './scan-env';
import { reviewsRepository } from '../apps/server/src/modules/reviews/reviews.repository';
import type { GbpReview } from '../apps/server/src/providers/gbp';

// GET /api/place/:id/reviews at 5,000 stored reviews (issue 31, docs/decisions.md §32.4): the
// first page newest first, unanswered first, a stars filter, and a page deep in the cursor,
// each timed through the app (inject) 200 times after a warm-up. Goal: p95 ≤ 50 ms on PostgreSQL.

const REVIEWS = 5000;
const WARM_UP = 20;
const CALLS = 200;

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

export async function benchReviewsPage(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl });
  try {
    const { app, container } = env;
    const { headers } = await subscribedUser(env, 'pro_agency');
    const created = await app.inject({
      method: 'POST',
      url: '/api/place',
      headers,
      payload: { googlePlaceId: 'demo-madrid-dentista-1', matrixConfig: { gridSize: 3, radius: 1000, coordinates: MADRID } },
    });
    const placeId = created.json<{ _id: string }>()._id;
    const start = await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect', headers });
    await app.inject({ method: 'GET', url: start.json<{ url: string }>().url, headers });
    // Links the business and imports the demo's history; then the synthetic reviews.
    const first = await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews`, headers });
    if (first.statusCode !== 200) throw new Error(`reviews answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
    const sync = (await reviewsRepository.findSync(container.database.db, placeId))!;
    const seedStart = performance.now();
    for (let i = 0; i < REVIEWS; i += 500) {
      const page = Array.from({ length: 500 }, (_, j) => syntheticReview(sync.location, i + j));
      await reviewsRepository.upsertPage(
        container.database.db,
        { userId: sync.userId, placeId, location: sync.location, demo: true },
        page,
        true,
      );
    }
    const seedMs = performance.now() - seedStart;
    const total = (await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews/summary`, headers })).json<{ total: number }>()
      .total;
    const deep = async () => {
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const res: { json<T>(): T } = await app.inject({
          method: 'GET',
          url: `/api/place/${placeId}/reviews?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
          headers,
        });
        cursor = res.json<{ nextCursor: string | null }>().nextCursor;
      }
      return cursor!;
    };
    const deepCursor = await deep();
    const queries: Record<string, string> = {
      'newest, first page (20)': '',
      'unanswered first, first page (20)': '?order=unanswered',
      'stars 1,2 (20)': '?stars=1,2',
      'unanswered only, 100': '?answered=false&limit=100',
      'page 11 by cursor (20)': `?cursor=${deepCursor}`,
    };
    const pages: Record<string, unknown> = {};
    const all: number[] = [];
    for (const [label, query] of Object.entries(queries)) {
      const url = `/api/place/${placeId}/reviews${query}`;
      const call = async () => {
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return performance.now() - t;
      };
      for (let i = 0; i < WARM_UP; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) times.push(await call());
      all.push(...times);
      pages[label] = latencyStats(times);
    }
    return {
      name: `GET /api/place/:id/reviews at ${total} stored reviews, through the app (inject, ${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      seedMs: round(seedMs),
      pages,
      allPages: latencyStats(all),
      goal: 'p95 ≤ 50 ms on PostgreSQL',
    };
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchReviewsPage);
