import { loadavg } from 'node:os';
import { latencyStats } from './http-timing';
import { round, runWhenAlone } from './lib';
import { seedReviews } from './reviews-env';
import { openScanEnv } from './scan-env';

// GET /api/place/:id/reviews at 5,000 stored reviews (issue 31, docs/decisions.md §32.4): the
// first page newest first, unanswered first, a stars filter, and a page deep in the cursor,
// each timed through the app (inject) 200 times after a warm-up. Goal: p95 ≤ 50 ms on PostgreSQL.

const REVIEWS = 5000;
const WARM_UP = 20;
const CALLS = 200;

export async function benchReviewsPage(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl });
  try {
    const { app } = env;
    const { headers, placeId, storedMs } = await seedReviews(env, { googlePlaceId: 'demo-madrid-dentista-1', stored: REVIEWS });
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
      seedMs: round(storedMs),
      pages,
      allPages: latencyStats(all),
      goal: 'p95 ≤ 50 ms on PostgreSQL',
    };
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchReviewsPage);
