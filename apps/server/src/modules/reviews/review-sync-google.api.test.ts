import type { ReviewsResponse, ReviewsSummary } from '@rankmaps/shared/schemas/reviews';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GBP_FIXTURE_IDS as ID, startFakeGoogleBusiness } from '../../../test/fake-google-business';
import { FAKE_LOCATION, reviewJson, startFakeGoogleReviews } from '../../../test/fake-google-reviews';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { notifications } from '../../db/notifications-schema';
import { reviews } from '../../db/reviews-schema';
import { gbpDepsOf } from './review-link';
import { syncPlaceReviews } from './review-sync.service';
import { reviewsRepository } from './reviews.repository';

// The incremental sync through the real Google adapter against local fakes of Google's OAuth,
// Business Information and reviews APIs (docs/decisions.md §32.4).

const HOUR = 3_600_000;
const BASE = Date.parse('2025-01-01T08:00:00Z');
const at = (i: number) => new Date(BASE + i * HOUR);

describe('review sync through Google (local fakes)', async () => {
  const google = await startFakeGoogleBusiness();
  const fake = await startFakeGoogleReviews({ tokens: [ID.accessOne, ID.accessTwo] });
  afterAll(async () => {
    await google.close();
    await fake.close();
  });
  const { app, container } = await createTestApp({
    ...google.env,
    GBP_MY_BUSINESS_URL: fake.baseUrl,
    DATA_DIR: GEO_TEST_DATA_DIR,
    RATE_LIMIT_API_MAX: '1000',
  });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const db = container.database.db;
  const { signedIn, createPlace } = rankmapFixtures(app, container);
  const { user, headers } = await signedIn('pro_agency');

  async function connect() {
    const start = await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect&redirectAfter=/reviews', headers });
    const state = new URL(start.json<{ url: string }>().url).searchParams.get('state')!;
    const res = await app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?code=${encodeURIComponent(ID.goodCode)}&state=${encodeURIComponent(state)}&scope=${encodeURIComponent('https://www.googleapis.com/auth/business.manage')}`,
    });
    expect(res.headers.location).toBe('/reviews?gbp=connected');
  }
  const reviewNotes = async () =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), like(notifications.kind, 'review-%')));

  it(
    'when a location of 5,000 reviews gets 20 new ones, then the next sync reads one page and notifies exactly the 20; a token lapsing mid-sync keeps what was read and loses nothing',
    { timeout: 240_000 },
    async () => {
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', undefined, 3);
      fake.setReviews(Array.from({ length: 5000 }, (_, i) => reviewJson(i, at(i))));
      await connect();

      // The business is linked by its Maps place id (Location.metadata.placeId); Google's first import goes to the job.
      const first = await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews`, headers });
      expect(first.statusCode, first.body).toBe(200);
      expect((await reviewsRepository.findSync(db, placeId))?.location).toBe(FAKE_LOCATION);
      const deps = await gbpDepsOf(container);
      const baseline = await syncPlaceReviews(deps, placeId);
      expect(baseline).toMatchObject({ state: 'idle', calls: 100, read: 5000, created: 5000 });
      expect(await reviewNotes()).toHaveLength(0);

      for (let i = 5000; i < 5020; i++) fake.add(reviewJson(i, at(i)));
      fake.requests.length = 0;
      const incremental = await syncPlaceReviews(deps, placeId);
      // 20 new and the one inside the overlap below the mark, in one call.
      expect(incremental).toMatchObject({ state: 'idle', calls: 1, read: 21, created: 20 });
      expect(fake.requests.filter((r) => r.path.endsWith('/reviews'))).toHaveLength(1);
      expect(await reviewNotes()).toHaveLength(20);

      // 120 more arrive; the token lapses after the first page (Google refuses even the refreshed one).
      for (let i = 5020; i < 5140; i++) fake.add(reviewJson(i, at(i)));
      fake.expireTokenAfterListCalls(1);
      const cut = await syncPlaceReviews(deps, placeId);
      expect(cut).toMatchObject({ state: 'needs-reconnect', read: 50, created: 50 });
      const summary = await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews/summary`, headers });
      expect(summary.statusCode).toBe(409);
      expect(summary.json().code).toBe('GBP_RECONNECT_REQUIRED');

      fake.expireTokenAfterListCalls(null);
      await connect();
      const after = await syncPlaceReviews(deps, placeId);
      expect(after.state).toBe('idle');
      const stored = await db.select({ n: reviews.id }).from(reviews).where(eq(reviews.placeId, placeId));
      expect(stored).toHaveLength(5140);
      expect(await reviewNotes()).toHaveLength(140);
      const s = (await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews/summary`, headers })).json<ReviewsSummary>();
      expect(s).toMatchObject({ total: 5140, demo: false, sync: { state: 'idle', message: null } });
    },
  );

  it('when a reply is sent through Google, then Google gets it and the stored review shows it; Google’s refusal is a 422 with its reason', async () => {
    const placeId = (await db.select().from(reviews).limit(1))[0]!.placeId;
    const list = await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews?answered=false&limit=1`, headers });
    const review = list.json<ReviewsResponse>().items[0]!;
    const url = `/api/place/${placeId}/reviews/${review.id}/reply`;
    const ok = await app.inject({ method: 'PUT', url, headers, payload: { comment: 'Gracias por tu visita.' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const name = (await reviewsRepository.findInPlace(db, placeId, review.id))!.googleName;
    expect(fake.find(name)?.reviewReply?.comment).toBe('Gracias por tu visita.');
    const refused = await app.inject({ method: 'PUT', url, headers, payload: { comment: 'Un texto prohibido' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'GBP_REPLY_REFUSED',
      error: 'Google ha rechazado la respuesta: Request contains an invalid argument.',
    });
    expect((await reviewsRepository.findInPlace(db, placeId, review.id))!.replyComment).toBe('Gracias por tu visita.');
    expect((await app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    expect(fake.find(name)?.reviewReply).toBeUndefined();
  });
});
