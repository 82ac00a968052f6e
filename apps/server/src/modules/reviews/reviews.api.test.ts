import type { Review, ReviewsResponse, ReviewsSummary } from '@rankmaps/shared/schemas/reviews';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { joinAsNewPerson } from '../../../test/team';
import { createTestApp } from '../../../test/test-app';
import { gbpConnections } from '../../db/gbp-schema';
import { notifications } from '../../db/notifications-schema';
import { reviews } from '../../db/reviews-schema';
import { listingChanges } from '../../db/listing-schema';
import type { GbpGoogleUpdated } from '../../providers/gbp';
import { notifyGoogleChanges, recordGoogleUpdated } from './gbp-listing.service';
import { REVIEWS_NOT_CONNECTED } from './review-errors';
import { gbpDepsOf } from './review-link';
import { syncPlaceReviews } from './review-sync.service';
import { reviewsRepository } from './reviews.repository';

// Reviews on the demo connection, through the API and a real database (docs/decisions.md §32.4).

type Headers = Record<string, string>;

async function connectDemoGbp(app: FastifyInstance, headers: Headers) {
  const start = await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect', headers });
  expect(start.statusCode, start.body).toBe(200);
  const callback = await app.inject({ method: 'GET', url: start.json<{ url: string }>().url, headers });
  expect(callback.statusCode).toBe(302);
}

describe('reviews (API, demo connection)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, RATE_LIMIT_API_MAX: '2000' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const db = container.database.db;
  const { signedIn, createPlace } = rankmapFixtures(app, container);
  const get = <T>(headers: Headers, url: string) =>
    app.inject({ method: 'GET', url, headers }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));

  const connected = async () => {
    const { user, headers } = await signedIn('pro_agency');
    const placeId = await createPlace(headers, 'demo-malaga-dentista-1', undefined, 3);
    await connectDemoGbp(app, headers);
    return { user, headers, placeId };
  };

  it('when the business has no Business Profile connected, then list, summary and sync answer 409 GBP_NOT_CONNECTED in Spanish', async () => {
    const { headers } = await signedIn('pro_agency');
    const placeId = await createPlace(headers, 'demo-malaga-dentista-1', undefined, 3);
    for (const [method, url] of [
      ['GET', `/api/place/${placeId}/reviews`],
      ['GET', `/api/place/${placeId}/reviews/summary`],
      ['POST', `/api/place/${placeId}/reviews/sync`],
    ] as const) {
      const res = await app.inject({ method, url, headers });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ code: 'GBP_NOT_CONNECTED', error: REVIEWS_NOT_CONNECTED });
    }
  });

  it('when connected, then the first sync imports the history newest first without notifying, and the figures add up', async () => {
    const { user, headers, placeId } = await connected();
    const list = await get<ReviewsResponse>(headers, `/api/place/${placeId}/reviews?limit=100`);
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(20);
    expect(list.body.items.every((r) => r.demo)).toBe(true);
    const times = list.body.items.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.body.items.some((r) => r.media.length > 0)).toBe(true);

    const summary = await get<ReviewsSummary>(headers, `/api/place/${placeId}/reviews/summary`);
    expect(summary.status).toBe(200);
    const s = summary.body;
    expect(Object.values(s.distribution).reduce((a, b) => a + b, 0)).toBe(s.total);
    expect(s.total).toBeGreaterThanOrEqual(list.body.items.length);
    expect(s.responseRate).toBeGreaterThan(0);
    expect(s.medianResponseHours).toBeGreaterThan(0);
    expect(s.sync).toMatchObject({ state: 'idle', lastSyncedAt: expect.any(String), message: null });
    expect(s.demo).toBe(true);
    // The baseline: no notification for the history.
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), like(notifications.kind, 'review-%'))),
    ).toHaveLength(0);
  });

  it('when filtered and paged, then the stars, answered and order filters hold and the cursor walks every review once', async () => {
    const { headers, placeId } = await connected();
    const { body: summary } = await get<ReviewsSummary>(headers, `/api/place/${placeId}/reviews/summary`);
    const low = await get<ReviewsResponse>(headers, `/api/place/${placeId}/reviews?stars=1,2,3&limit=100`);
    expect(low.body.items.every((r) => r.stars <= 3)).toBe(true);
    expect(low.body.items).toHaveLength(summary.distribution['1'] + summary.distribution['2'] + summary.distribution['3']);
    const unanswered = await get<ReviewsResponse>(headers, `/api/place/${placeId}/reviews?answered=false&limit=100`);
    expect(unanswered.body.items.every((r) => r.reply === null)).toBe(true);

    for (const order of ['newest', 'unanswered'] as const) {
      const seen: Review[] = [];
      let cursor: string | null = null;
      do {
        const page: { status: number; body: ReviewsResponse } = await get<ReviewsResponse>(
          headers,
          `/api/place/${placeId}/reviews?order=${order}&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status).toBe(200);
        seen.push(...page.body.items);
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(new Set(seen.map((r) => r.id)).size).toBe(summary.total);
      if (order === 'unanswered') {
        const firstAnswered = seen.findIndex((r) => r.reply !== null);
        expect(seen.slice(firstAnswered).every((r) => r.reply !== null)).toBe(true);
      }
    }
    const bad = await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews?cursor=nope`, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/cursor no es válido/);
    const reversed = await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews?from=2026-05-01&to=2026-04-01`, headers });
    expect(reversed.statusCode).toBe(400);
  });

  it('when replying, then a bad text is refused before anything is sent, Google’s refusal is shown, a good one is stored published and can be deleted', async () => {
    const { headers, placeId } = await connected();
    const { body } = await get<ReviewsResponse>(headers, `/api/place/${placeId}/reviews?answered=false&limit=1`);
    const review = body.items[0]!;
    const url = `/api/place/${placeId}/reviews/${review.id}/reply`;
    const before = await reviewsRepository.findInPlace(db, placeId, review.id);

    for (const payload of [{ comment: '   ' }, { comment: 'x'.repeat(4097) }, {}]) {
      const res = await app.inject({ method: 'PUT', url, headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/respuesta|caracteres/i);
    }
    const refused = await app.inject({ method: 'PUT', url, headers, payload: { comment: 'Visítanos en https://example.com' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'GBP_REPLY_REFUSED',
      error: expect.stringMatching(/^Google ha rechazado la respuesta: .*enlaces/),
    });
    expect(await reviewsRepository.findInPlace(db, placeId, review.id)).toEqual(before);

    const ok = await app.inject({ method: 'PUT', url, headers, payload: { comment: '  ¡Gracias por tu visita!  ' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Review>().reply).toMatchObject({ comment: '¡Gracias por tu visita!', state: 'published', policyViolation: null });
    const edited = await app.inject({ method: 'PUT', url, headers, payload: { comment: 'Gracias de nuevo.' } });
    expect(edited.json<Review>().reply?.comment).toBe('Gracias de nuevo.');

    expect((await app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    expect((await reviewsRepository.findInPlace(db, placeId, review.id))?.replyComment).toBeNull();
    // Deleting again is harmless.
    expect((await app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/place/${placeId}/reviews/00000000-0000-4000-8000-000000000000/reply`,
          headers,
          payload: { comment: 'Hola' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('when a review arrives, then the normal sync stores it and notifies it once: a low-star one as urgent, a good one as new', async () => {
    const { user, headers, placeId } = await connected();
    const arrive = (stars: number) => app.inject({ method: 'POST', url: `/api/dev/review-arrive/${placeId}`, headers, payload: { stars } });
    const low = await arrive(2);
    expect(low.statusCode, low.body).toBe(201);
    expect(low.json<Review>()).toMatchObject({ stars: 2, reply: null, demo: true });
    const good = await arrive(5);
    expect(good.statusCode).toBe(201);

    // Syncing again changes nothing and notifies nothing more.
    const deps = await gbpDepsOf(container);
    await syncPlaceReviews(deps, placeId);
    await syncPlaceReviews(deps, placeId);
    const mine = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), like(notifications.kind, 'review-%')));
    expect(mine.map((n) => n.kind).sort()).toEqual(['review-created', 'review-low-star']);
    const urgent = mine.find((n) => n.kind === 'review-low-star')!;
    expect(urgent.title).toMatch(/2 estrellas.*responde pronto/);
    expect(urgent.body).toMatch(/Datos de demostración/);
    expect(
      await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.placeId, placeId), eq(reviews.eventPending, true))),
    ).toHaveLength(0);

    const bad = await app.inject({ method: 'POST', url: `/api/dev/review-arrive/${placeId}`, headers, payload: { stars: 7 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/estrellas/);
  });

  it('when a sync holds the location, then a second one does not run, and POST sync answers 202', async () => {
    const { headers, placeId } = await connected();
    const deps = await gbpDepsOf(container);
    await get(headers, `/api/place/${placeId}/reviews/summary`);
    expect(await reviewsRepository.takeLease(db, placeId, 'another-process', new Date())).toBeDefined();
    const second = await syncPlaceReviews(deps, placeId);
    expect(second).toMatchObject({ skipped: true, calls: 0 });
    const res = await app.inject({ method: 'POST', url: `/api/place/${placeId}/reviews/sync`, headers });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ state: 'running' });
    await reviewsRepository.releaseLease(db, placeId, 'another-process', { state: 'idle', message: null, lastCalls: 0 });
    const third = await syncPlaceReviews(deps, placeId);
    expect(third).toMatchObject({ skipped: false, state: 'idle', calls: 1 });
  });

  it('when the connection expired, then the reviews ask to reconnect (409 GBP_RECONNECT_REQUIRED)', async () => {
    const { user, headers, placeId } = await connected();
    await get(headers, `/api/place/${placeId}/reviews`);
    await db.update(gbpConnections).set({ expired: true }).where(eq(gbpConnections.userId, user.id));
    const res = await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews`, headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'GBP_RECONNECT_REQUIRED', error: expect.stringMatching(/Vuelve a conectar/) });
  });

  it('when someone else asks for the business, its reviews or a template, then 404; a Cliente reads but never replies', async () => {
    const { headers, placeId } = await connected();
    const { body } = await get<ReviewsResponse>(headers, `/api/place/${placeId}/reviews?limit=1`);
    const reviewId = body.items[0]!.id;
    const template = await app.inject({
      method: 'POST',
      url: '/api/review-templates',
      headers,
      payload: { name: 'Gracias', text: 'Gracias, {nombre}, por visitar {negocio}.' },
    });
    expect(template.statusCode).toBe(201);

    const other = await signedIn('pro_agency');
    await connectDemoGbp(app, other.headers);
    expect((await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews`, headers: other.headers })).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/place/${placeId}/reviews/${reviewId}/reply`,
          headers: other.headers,
          payload: { comment: 'Hola' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/review-templates/${template.json().id}`,
          headers: other.headers,
          payload: { name: 'X', text: 'Y' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/review-templates/${template.json().id}`, headers: other.headers })).statusCode,
    ).toBe(404);

    // A Cliente of the business's client reads its reviews and cannot reply; a Miembro of another client does not see it.
    const agencyClient = await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name: 'Clínica Larios' } });
    expect(agencyClient.statusCode, agencyClient.body).toBe(201);
    const clientId = agencyClient.json().id as string;
    expect((await app.inject({ method: 'PUT', url: `/api/place/${placeId}/client`, headers, payload: { clientId } })).statusCode).toBe(200);
    const viewer = await joinAsNewPerson(app, container, headers, { role: 'client', clientIds: [clientId] });
    expect((await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews`, headers: viewer.headers })).statusCode).toBe(200);
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/place/${placeId}/reviews/${reviewId}/reply`,
      headers: viewer.headers,
      payload: { comment: 'Hola' },
    });
    expect(refused.statusCode).toBe(403);
    const otherClient = await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name: 'Otro cliente' } });
    const member = await joinAsNewPerson(app, container, headers, { role: 'member', clientIds: [otherClient.json().id] });
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/place/${placeId}/reviews/${reviewId}/reply`,
          headers: member.headers,
          payload: { comment: 'Hola' },
        })
      ).statusCode,
    ).toBe(404);
    const assigned = await joinAsNewPerson(app, container, headers, { role: 'member', clientIds: [clientId] });
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/place/${placeId}/reviews/${reviewId}/reply`,
          headers: assigned.headers,
          payload: { comment: 'Gracias por venir.' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('when templates are created, changed and deleted, then the list follows and bad ones are refused in Spanish', async () => {
    const { headers } = await signedIn('pro_agency');
    expect((await get<{ items: unknown[] }>(headers, '/api/review-templates')).body.items).toEqual([]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/review-templates',
      headers,
      payload: { name: ' Agradecimiento ', text: 'Gracias, {nombre}.' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name: 'Agradecimiento', text: 'Gracias, {nombre}.' });
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/review-templates/${id}`,
      headers,
      payload: { name: 'Disculpa', text: 'Sentimos lo ocurrido, {nombre}.' },
    });
    expect(changed.json()).toMatchObject({ id, name: 'Disculpa' });
    const empty = await app.inject({ method: 'POST', url: '/api/review-templates', headers, payload: { name: '', text: 'x' } });
    expect(empty.statusCode).toBe(400);
    expect((await get<{ items: unknown[] }>(headers, '/api/review-templates')).body.items).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url: `/api/review-templates/${id}`, headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/review-templates/${id}`, headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/api/review-templates/no-uuid', headers })).statusCode).toBe(404);
  });

  it('when Google changes a listing field (in its diffMask), then one gbp change is recorded and notified once; a field Google did not change is stored silently', async () => {
    const { user, headers, placeId } = await connected();
    await get(headers, `/api/place/${placeId}/reviews/summary`);
    const deps = await gbpDepsOf(container);
    const sync = (await reviewsRepository.findSync(db, placeId))!;
    const fields = {
      name: 'Clínica Larios',
      category: 'Clínica dental',
      additionalCategories: 'Ortodoncista',
      address: 'Calle Larios 4, Málaga',
      phone: '952 00 00 00',
      website: null,
      hours: 'MONDAY 09:00-14:00',
      description: null,
    };
    const view = (changes: Partial<typeof fields>, diffMask: string[]): GbpGoogleUpdated => ({
      fields: { ...fields, ...changes },
      diffMask,
      pendingMask: [],
    });
    const gbpChanges = () =>
      db
        .select()
        .from(listingChanges)
        .where(and(eq(listingChanges.placeId, placeId), eq(listingChanges.source, 'gbp')));
    // The demo sync may have recorded its own view already; start from this baseline.
    await db.delete(listingChanges).where(eq(listingChanges.placeId, placeId));
    await recordGoogleUpdated(deps, sync, view({ category: 'Placeholder' }, []));
    await recordGoogleUpdated(deps, sync, view({}, []));
    expect(await gbpChanges()).toHaveLength(0);

    const changed = await recordGoogleUpdated(
      deps,
      sync,
      view({ category: 'Dentista', phone: '952 11 11 11' }, ['categories.primaryCategory']),
    );
    expect(changed.map((c) => [c.field, c.before, c.after])).toEqual([['category', 'Clínica dental', 'Dentista']]);
    expect(
      await recordGoogleUpdated(deps, sync, view({ category: 'Dentista', phone: '952 11 11 11' }, ['categories.primaryCategory'])),
    ).toEqual([]);
    expect(await gbpChanges()).toHaveLength(1);

    const place = { id: placeId, name: 'Clínica Larios', userId: user.id };
    expect(await notifyGoogleChanges(deps, place)).toBe(1);
    expect(await notifyGoogleChanges(deps, place)).toBe(0);
    const [note] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'listing-changed')));
    expect(note?.body).toMatch(/Google ha cambiado categoría principal.*«Clínica dental» a «Dentista».*Datos de demostración/);
    const listed = await get<{ items: { field: string; source: string }[] }>(headers, `/api/place/${placeId}/listing-changes`);
    expect(listed.body.items).toEqual([expect.objectContaining({ field: 'category', source: 'gbp' })]);
  });
});
