import { apiError, callGoogle, formatPostalAddress } from './google-http';
import {
  type GbpGoogleUpdated,
  type GbpListingFields,
  GbpRefusedError,
  type GbpReview,
  type GbpReviewReply,
  type GbpReviewsProvider,
  GbpUnavailableError,
  GOOGLE_UPDATED_READ_MASK,
} from './interface';

// Reviews and Google's own updates over fetch (docs/decisions.md §32.4):
//   list:        GET  {v4}/v4/{parent=accounts/*/locations/*}/reviews?pageSize&pageToken&orderBy
//                https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews/list
//   get:         GET  {v4}/v4/{name=accounts/*/locations/*/reviews/*}
//   updateReply: PUT  {v4}/v4/{name}/reply   body ReviewReply {comment} → ReviewReply
//   deleteReply: DELETE {v4}/v4/{name}/reply → {}
//   googleUpdated: GET {info}/v1/{name=locations/*}:getGoogleUpdated?readMask → GoogleUpdatedLocation
//                https://developers.google.com/my-business/reference/businessinformation/rest/v1/locations/getGoogleUpdated

/** The list's documented maximum page size. */
export const REVIEWS_PAGE_SIZE = 50;

const STARS = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

interface ReviewJson {
  name?: string;
  reviewId?: string;
  reviewer?: { profilePhotoUrl?: string; displayName?: string; isAnonymous?: boolean };
  starRating?: string;
  comment?: string;
  createTime?: string;
  updateTime?: string;
  reviewReply?: ReplyJson;
  reviewMediaItems?: { mediaFormat?: string; googleUrl?: string; thumbnailUrl?: string; sourceUrl?: string }[];
  reviewReplyUrl?: string;
}

interface ReplyJson {
  comment?: string;
  updateTime?: string;
  state?: string;
  policyViolation?: { type?: string; description?: string } | string;
}

interface LocationJson {
  title?: string;
  categories?: { primaryCategory?: { displayName?: string }; additionalCategories?: { displayName?: string }[] };
  storefrontAddress?: { addressLines?: string[]; postalCode?: string; locality?: string; administrativeArea?: string };
  phoneNumbers?: { primaryPhone?: string; additionalPhones?: string[] };
  websiteUri?: string;
  regularHours?: {
    periods?: {
      openDay?: string;
      openTime?: { hours?: number; minutes?: number };
      closeDay?: string;
      closeTime?: { hours?: number; minutes?: number };
    }[];
  };
  profile?: { description?: string };
  metadata?: { placeId?: string };
  name?: string;
}

const date = (s: string | undefined) => {
  const d = s ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/** Google's reply moderation state, mapped to ours; 'unknown' for a state we do not know (or none). */
export function replyStateOf(state: string | undefined): GbpReviewReply['state'] {
  if (!state) return 'unknown';
  if (/PENDING/.test(state)) return 'pending';
  if (/REJECT/.test(state)) return 'rejected';
  if (/APPROVED|PUBLISHED|LIVE/.test(state)) return 'published';
  return 'unknown';
}

export function mapReply(r: ReplyJson | undefined): GbpReviewReply | null {
  if (!r || typeof r.comment !== 'string') return null;
  const violation =
    typeof r.policyViolation === 'string' ? r.policyViolation : (r.policyViolation?.description ?? r.policyViolation?.type ?? null);
  return {
    comment: r.comment,
    updateTime: date(r.updateTime) ?? new Date(0),
    state: replyStateOf(r.state),
    policyViolation: violation || null,
  };
}

/** A `Review` mapped, or null when it lacks what every review has (name, stars, times). */
export function mapReview(r: ReviewJson): GbpReview | null {
  const stars = STARS[r.starRating as keyof typeof STARS];
  const createTime = date(r.createTime);
  const updateTime = date(r.updateTime) ?? createTime;
  if (!r.name || !stars || !createTime || !updateTime) return null;
  return {
    name: r.name,
    reviewId: r.reviewId ?? r.name.split('/').at(-1)!,
    stars,
    comment: r.comment?.trim() ? r.comment : null,
    reviewer: {
      displayName: r.reviewer?.displayName ?? null,
      photoUrl: r.reviewer?.profilePhotoUrl ?? null,
      anonymous: r.reviewer?.isAnonymous ?? false,
    },
    createTime,
    updateTime,
    reply: mapReply(r.reviewReply),
    media: (r.reviewMediaItems ?? [])
      .map((m) => ({
        kind: m.mediaFormat === 'VIDEO' ? ('video' as const) : ('photo' as const),
        url: m.googleUrl ?? m.sourceUrl ?? '',
        thumbnailUrl: m.thumbnailUrl ?? null,
      }))
      .filter((m) => m.url),
    replyUrl: r.reviewReplyUrl ?? null,
  };
}

const hhmm = (t: { hours?: number; minutes?: number } | undefined) =>
  `${String(t?.hours ?? 0).padStart(2, '0')}:${String(t?.minutes ?? 0).padStart(2, '0')}`;

/** A Location's public fields on one line each, compared as text by the listing guard. */
export function listingFieldsOfLocation(l: LocationJson): GbpListingFields {
  const periods = l.regularHours?.periods ?? [];
  const extra = (l.categories?.additionalCategories ?? []).map((c) => c.displayName).filter(Boolean);
  return {
    name: l.title || null,
    category: l.categories?.primaryCategory?.displayName || null,
    additionalCategories: extra.length ? extra.join(', ') : null,
    address: formatPostalAddress(l.storefrontAddress),
    phone: l.phoneNumbers?.primaryPhone || null,
    website: l.websiteUri || null,
    hours: periods.length ? periods.map((p) => `${p.openDay ?? '?'} ${hhmm(p.openTime)}-${hhmm(p.closeTime)}`).join('; ') : null,
    description: l.profile?.description || null,
  };
}

/** The reviews calls of the Google adapter; `get`/`send` are google.ts's HTTP helpers. */
export function googleReviews(
  fetchImpl: typeof fetch,
  bases: { myBusiness: string; info: string },
  timeoutMs?: number,
): GbpReviewsProvider {
  async function call<T>(what: string, url: string, accessToken: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await callGoogle(
      fetchImpl,
      url,
      { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) },
      timeoutMs,
    );
    if (answer.status === 400 && init.method === 'PUT') {
      const err = (answer.body as { error?: { message?: string } } | undefined)?.error;
      throw new GbpRefusedError(err?.message ?? 'Google ha rechazado la respuesta.');
    }
    if (answer.status !== 200) throw apiError(what, answer, true);
    if (answer.body === undefined) throw new GbpUnavailableError(`Google Business Profile ha devuelto una respuesta ilegible (${what}).`);
    return answer.body as T;
  }

  return {
    async listReviews(accessToken, location, { pageSize, pageToken }) {
      const qs = new URLSearchParams({ pageSize: String(Math.min(pageSize, REVIEWS_PAGE_SIZE)), orderBy: 'updateTime desc' });
      if (pageToken) qs.set('pageToken', pageToken);
      const body = await call<{ reviews?: ReviewJson[]; nextPageToken?: string }>(
        'reviews.list',
        `${bases.myBusiness}/v4/${location}/reviews?${qs.toString()}`,
        accessToken,
      );
      const reviews: GbpReview[] = [];
      for (const r of body.reviews ?? []) {
        const mapped = mapReview(r);
        if (mapped) reviews.push(mapped);
      }
      return { reviews, nextPageToken: body.nextPageToken || null };
    },

    async getReview(accessToken, reviewName) {
      const mapped = mapReview(await call<ReviewJson>('reviews.get', `${bases.myBusiness}/v4/${reviewName}`, accessToken));
      if (!mapped) throw new GbpUnavailableError('Google Business Profile ha devuelto una reseña ilegible (reviews.get).');
      return mapped;
    },

    async updateReply(accessToken, reviewName, comment) {
      const reply = mapReply(
        await call<ReplyJson>('reviews.updateReply', `${bases.myBusiness}/v4/${reviewName}/reply`, accessToken, {
          method: 'PUT',
          body: { comment },
        }),
      );
      // Google echoes the reply; a reply without its comment is taken as the one sent.
      return reply ?? { comment, updateTime: new Date(), state: 'unknown', policyViolation: null };
    },

    async deleteReply(accessToken, reviewName) {
      await call('reviews.deleteReply', `${bases.myBusiness}/v4/${reviewName}/reply`, accessToken, { method: 'DELETE' });
    },

    async getGoogleUpdated(accessToken, location) {
      const qs = new URLSearchParams({ readMask: GOOGLE_UPDATED_READ_MASK });
      const body = await call<{ location?: LocationJson; diffMask?: string; pendingMask?: string }>(
        'locations.getGoogleUpdated',
        `${bases.info}/v1/${location}:getGoogleUpdated?${qs.toString()}`,
        accessToken,
      );
      // diffMask and pendingMask are FieldMasks: in JSON, one comma-separated string.
      const mask = (m: string | undefined) =>
        m
          ? m
              .split(',')
              .map((f) => f.trim())
              .filter(Boolean)
          : [];
      return {
        fields: listingFieldsOfLocation(body.location ?? {}),
        diffMask: mask(body.diffMask),
        pendingMask: mask(body.pendingMask),
      } satisfies GbpGoogleUpdated;
    },

    async listLocationPlaceIds(accessToken, account) {
      const out: { name: string; placeId: string | null }[] = [];
      let pageToken: string | undefined;
      for (let i = 0; i < 20; i++) {
        const qs = new URLSearchParams({ readMask: 'name,metadata', pageSize: '100' });
        if (pageToken) qs.set('pageToken', pageToken);
        const body = await call<{ locations?: LocationJson[]; nextPageToken?: string }>(
          'accounts.locations.list',
          `${bases.info}/v1/${account}/locations?${qs.toString()}`,
          accessToken,
        );
        for (const l of body.locations ?? []) if (l.name) out.push({ name: l.name, placeId: l.metadata?.placeId ?? null });
        pageToken = body.nextPageToken || undefined;
        if (!pageToken) break;
      }
      return out;
    },
  };
}
