import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_LOCATION, reviewJson, startFakeGoogleReviews } from '../../../test/fake-google-reviews';
import { gbpFixture } from '../../../test/fake-google-business';
import { mapReview } from './google-reviews';
import { GbpAuthError, GbpRefusedError, GbpUnavailableError } from './interface';
import { createGoogleGbpProvider } from './google';

// The Google adapter's review calls against a local fake shaped like Google's documented
// Review, ReviewReply and GoogleUpdatedLocation (docs/decisions.md §32.4).

const TOKEN = 'ya29.reviews-token';
const BASE = Date.parse('2026-01-01T10:00:00Z');

describe('Google reviews adapter, against a local fake', async () => {
  const fake = await startFakeGoogleReviews();
  afterAll(() => fake.close());
  const provider = createGoogleGbpProvider({
    clientId: 'c',
    clientSecret: 's',
    authUrl: `${fake.baseUrl}/auth`,
    tokenUrl: `${fake.baseUrl}/token`,
    accountManagementUrl: fake.baseUrl,
    businessInformationUrl: fake.baseUrl,
    performanceUrl: fake.baseUrl,
    myBusinessUrl: fake.baseUrl,
  });

  beforeEach(() => {
    fake.requests.length = 0;
    fake.setMode('ok');
    fake.setReviews(Array.from({ length: 120 }, (_, i) => reviewJson(i, new Date(BASE + i * 3_600_000))));
  });

  it('when a documented Review with a reply and a photo is mapped, then every field lands', () => {
    const r = mapReview(JSON.parse(gbpFixture('review-with-reply.json')))!;
    expect(r).toMatchObject({
      reviewId: 'AbFvOqkM1x7Qw',
      stars: 4,
      comment: 'Muy buena atención, aunque hubo que esperar un poco.',
      reviewer: { displayName: 'Marta Ruiz', anonymous: false, photoUrl: expect.stringMatching(/^https:/) },
      reply: { comment: '¡Gracias, Marta! Trabajamos para reducir la espera.', state: 'unknown', policyViolation: null },
      media: [{ kind: 'photo', url: expect.stringMatching(/w1600$/), thumbnailUrl: expect.stringMatching(/w200$/) }],
      replyUrl: expect.stringMatching(/^https:\/\/business\.google\.com/),
    });
    expect(r.createTime.toISOString()).toBe('2026-03-02T10:15:30.123Z');
    expect(mapReview({ name: 'x', starRating: 'STAR_RATING_UNSPECIFIED', createTime: '2026-01-01T00:00:00Z' })).toBeNull();
  });

  it('when reviews are listed, then it asks newest updateTime first in pages of 50 and follows nextPageToken', async () => {
    const first = await provider.listReviews(TOKEN, FAKE_LOCATION, { pageSize: 200 });
    expect(first.reviews).toHaveLength(50);
    expect(first.reviews[0]!.updateTime.getTime()).toBe(BASE + 119 * 3_600_000);
    expect(first.nextPageToken).toEqual(expect.any(String));
    const second = await provider.listReviews(TOKEN, FAKE_LOCATION, { pageSize: 50, pageToken: first.nextPageToken! });
    const third = await provider.listReviews(TOKEN, FAKE_LOCATION, { pageSize: 50, pageToken: second.nextPageToken! });
    expect(third.reviews).toHaveLength(20);
    expect(third.nextPageToken).toBeNull();
    const call = fake.requests[0]!;
    expect(call.method).toBe('GET');
    expect(call.path).toBe(`/v4/${FAKE_LOCATION}/reviews`);
    expect(call.query.get('orderBy')).toBe('updateTime desc');
    expect(call.query.get('pageSize')).toBe('50');
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(fake.requests[1]!.query.get('pageToken')).toBe(first.nextPageToken);
  });

  it('when a reply is sent, edited and deleted, then PUT …/reply carries {comment} as JSON and DELETE removes it', async () => {
    const name = reviewJson(4, new Date(BASE + 4 * 3_600_000)).name;
    const reply = await provider.updateReply(TOKEN, name, 'Gracias por venir.');
    expect(reply).toMatchObject({ comment: 'Gracias por venir.', state: 'unknown' });
    const put = fake.requests.at(-1)!;
    expect(put).toMatchObject({ method: 'PUT', path: `/v4/${name}/reply` });
    expect(put.headers['content-type']).toBe('application/json');
    expect(JSON.parse(put.body)).toEqual({ comment: 'Gracias por venir.' });
    expect(fake.find(name)!.reviewReply!.comment).toBe('Gracias por venir.');
    await provider.deleteReply(TOKEN, name);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v4/${name}/reply` });
    expect(fake.find(name)!.reviewReply).toBeUndefined();
    expect((await provider.getReview(TOKEN, name)).reply).toBeNull();
  });

  it('when Google refuses a reply (400), then the refusal carries Google’s reason', async () => {
    const name = reviewJson(5, new Date(BASE)).name;
    const err = await provider.updateReply(TOKEN, name, 'Texto prohibido').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GbpRefusedError);
    expect((err as Error).message).toBe('Request contains an invalid argument.');
  });

  it('when getGoogleUpdated answers, then the fields and the diffMask come back, with the readMask sent', async () => {
    const updated = await provider.getGoogleUpdated(TOKEN, 'locations/4455667788990011223');
    expect(updated.diffMask).toEqual(['categories.primaryCategory', 'phoneNumbers.primaryPhone']);
    expect(updated.pendingMask).toEqual(['websiteUri']);
    expect(updated.fields).toMatchObject({
      name: 'Clínica Dental Sonrisas Larios',
      category: 'Dentista',
      additionalCategories: 'Ortodoncista',
      phone: '952 12 34 56',
      website: 'https://sonrisaslarios.example.es/',
      hours: 'MONDAY 09:00-14:00; MONDAY 16:30-20:00',
      description: 'Clínica dental en el centro de Málaga.',
    });
    expect(updated.fields.address).toMatch(/Larios, 4, 29005 Málaga/);
    const call = fake.requests.at(-1)!;
    expect(call.path).toBe('/v1/locations/4455667788990011223:getGoogleUpdated');
    expect(call.query.get('readMask')).toBe('name,title,categories,storefrontAddress,phoneNumbers,websiteUri,regularHours,profile');
  });

  it('when Google answers 401 or 429, then the token error asks to reconnect and the quota error is Google being unavailable', async () => {
    fake.setMode('unauthorized');
    await expect(provider.listReviews(TOKEN, FAKE_LOCATION, { pageSize: 50 })).rejects.toBeInstanceOf(GbpAuthError);
    fake.setMode('rate-limited');
    const err = await provider.listReviews(TOKEN, FAKE_LOCATION, { pageSize: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GbpUnavailableError);
    expect((err as Error).message).toMatch(/RESOURCE_EXHAUSTED/);
  });
});
