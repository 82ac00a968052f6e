import { loadavg } from 'node:os';
import { round, runWhenAlone } from './lib';
import { seedReviews } from './reviews-env';
import { openScanEnv } from './scan-env';
import { GBP_FIXTURE_IDS as ID, startFakeGoogleBusiness } from '../apps/server/test/fake-google-business';
import { reviewJson, startFakeGoogleReviews } from '../apps/server/test/fake-google-reviews';
import { gbpDepsOf } from '../apps/server/src/modules/reviews/review-link';
import { syncPlaceReviews } from '../apps/server/src/modules/reviews/review-sync.service';

// The incremental review sync (issue 31, docs/decisions.md §32.4): a location with 5,000 reviews
// through the real Google adapter against the local fake of Google's reviews API (real HTTP
// on loopback), its first import, then 20 new reviews: the calls made and the time. Repeated
// 5 times (20 new each), the median reported.

const REVIEWS = 5000;
const NEW = 20;
const ROUNDS = 5;
const HOUR = 3_600_000;
const at = (i: number) => new Date(Date.parse('2025-01-01T08:00:00Z') + i * HOUR);

export async function benchReviewsSync(opts: { databaseUrl?: string } = {}) {
  const google = await startFakeGoogleBusiness();
  const fake = await startFakeGoogleReviews({ tokens: [ID.accessOne, ID.accessTwo] });
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: { ...google.env, GBP_MY_BUSINESS_URL: fake.baseUrl } });
  try {
    const { container } = env;
    // The fake's Business Information answers this place id for its first location; its
    // reviews are there before the first read links the business.
    const { placeId } = await seedReviews(env, {
      googlePlaceId: 'demo-malaga-dentista-1',
      oauthCode: ID.goodCode,
      beforeLink: () => fake.setReviews(Array.from({ length: REVIEWS }, (_, i) => reviewJson(i, at(i)))),
    });
    const deps = await gbpDepsOf(container);

    let t = performance.now();
    const baseline = await syncPlaceReviews(deps, placeId);
    const baselineMs = performance.now() - t;

    const rounds: { calls: number; read: number; created: number; ms: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const from = REVIEWS + r * NEW;
      for (let i = from; i < from + NEW; i++) fake.add(reviewJson(i, at(i)));
      t = performance.now();
      const o = await syncPlaceReviews(deps, placeId);
      rounds.push({ calls: o.calls, read: o.read, created: o.created, ms: round(performance.now() - t, 1) });
    }
    const ms = rounds.map((x) => x.ms).sort((a, b) => a - b);
    return {
      name: `Incremental review sync, ${REVIEWS} reviews then ${NEW} new, Google adapter against a local fake over loopback (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      firstImport: { calls: baseline.calls, read: baseline.read, created: baseline.created, ms: round(baselineMs) },
      incremental: rounds,
      incrementalMedianMs: ms[Math.floor(ms.length / 2)],
      goal: `an incremental sync with ${NEW} new reads only the new (one page of 50), not the ${REVIEWS}`,
    };
  } finally {
    await env.close();
    await fake.close();
    await google.close();
  }
}

await runWhenAlone(import.meta.url, benchReviewsSync);
