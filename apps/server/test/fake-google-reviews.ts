import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gbpFixture, type RecordedRequest } from './fake-google-business';
import { closeNow } from './local-server';

// A local stand-in for the Business Profile API v4 reviews and the Business Information API's
// getGoogleUpdated, on 127.0.0.1 (docs/decisions.md §32.4). Reviews are kept as Google's `Review`
// JSON (name, reviewId, reviewer, starRating ONE…FIVE, comment, createTime, updateTime,
// reviewReply {comment, updateTime}, reviewMediaItems, reviewReplyUrl) and listed as
// reviews.list does: newest updateTime first ("updateTime desc"), pages of pageSize (≤ 50), an
// opaque nextPageToken. Shapes follow:
//   https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews
//   https://developers.google.com/my-business/reference/businessinformation/rest/v1/locations/getGoogleUpdated

export const FAKE_LOCATION = 'accounts/112233445566778899/locations/4455667788990011223';
const STAR_NAMES = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;

export interface ReviewJson {
  name: string;
  reviewId: string;
  reviewer: { profilePhotoUrl?: string; displayName?: string; isAnonymous: boolean };
  starRating: string;
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
  reviewMediaItems?: unknown[];
  reviewReplyUrl?: string;
}

/** A plausible review in Google's shape, `i` its number, written at `at`. */
export function reviewJson(i: number, at: Date, location = FAKE_LOCATION): ReviewJson {
  const id = `AbFv${i.toString(36).padStart(8, '0')}`;
  return {
    name: `${location}/reviews/${id}`,
    reviewId: id,
    reviewer: { displayName: `Cliente ${i}`, isAnonymous: i % 17 === 0 },
    starRating: STAR_NAMES[i % 5]!,
    ...(i % 9 === 0 ? {} : { comment: `Reseña número ${i}.` }),
    createTime: at.toISOString(),
    updateTime: at.toISOString(),
    ...(i % 3 === 0
      ? { reviewReply: { comment: 'Gracias por tu reseña.', updateTime: new Date(at.getTime() + 3_600_000).toISOString() } }
      : {}),
  };
}

export async function startFakeGoogleReviews(opts: { tokens?: string[] } = {}) {
  const requests: RecordedRequest[] = [];
  const tokens = new Set(opts.tokens ?? ['ya29.reviews-token']);
  let store: ReviewJson[] = [];
  let mode: 'ok' | 'unauthorized' | 'rate-limited' = 'ok';
  /** 401 from this many list calls on (the token lapses mid-sync). */
  let unauthorizedAfter: number | null = null;
  let listCalls = 0;

  const sorted = () =>
    [...store].sort((a, b) => (a.updateTime < b.updateTime ? 1 : a.updateTime > b.updateTime ? -1 : a.name < b.name ? 1 : -1));
  const json = (status: number, body: unknown) => ({ status, body: typeof body === 'string' ? body : JSON.stringify(body) });

  const route = (r: RecordedRequest): { status: number; body: string } => {
    const bearer = r.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (mode === 'unauthorized' || !tokens.has(bearer)) return json(401, gbpFixture('error-unauthenticated.json'));
    if (mode === 'rate-limited') return json(429, gbpFixture('error-rate-limited.json'));
    const list = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/reviews$/.exec(r.path);
    if (r.method === 'GET' && list) {
      listCalls++;
      if (unauthorizedAfter !== null && listCalls > unauthorizedAfter) return json(401, gbpFixture('error-unauthenticated.json'));
      const pageSize = Math.min(Number(r.query.get('pageSize') ?? 50) || 50, 50);
      const offset = r.query.get('pageToken') ? Number(Buffer.from(r.query.get('pageToken')!, 'base64url').toString()) : 0;
      const all = sorted().filter((x) => x.name.startsWith(`${list[1]}/`));
      const page = all.slice(offset, offset + pageSize);
      const next = offset + page.length < all.length ? Buffer.from(String(offset + page.length)).toString('base64url') : undefined;
      return json(200, { reviews: page, averageRating: 4.1, totalReviewCount: all.length, ...(next ? { nextPageToken: next } : {}) });
    }
    const reply = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+\/reviews\/[^/]+)\/reply$/.exec(r.path);
    if (reply) {
      const review = store.find((x) => x.name === reply[1]);
      if (!review) return json(404, gbpFixture('error-permission-denied.json'));
      if (r.method === 'PUT') {
        const comment = (JSON.parse(r.body || '{}') as { comment?: string }).comment;
        if (!comment || comment.includes('prohibido')) return json(400, gbpFixture('error-reply-invalid.json'));
        review.reviewReply = { comment, updateTime: new Date().toISOString() };
        return json(200, review.reviewReply);
      }
      if (r.method === 'DELETE') {
        delete review.reviewReply;
        return json(200, {});
      }
    }
    const one = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+\/reviews\/[^/]+)$/.exec(r.path);
    if (r.method === 'GET' && one) {
      const review = store.find((x) => x.name === one[1]);
      return review ? json(200, review) : json(404, gbpFixture('error-permission-denied.json'));
    }
    if (r.method === 'GET' && /^\/v1\/locations\/[^/]+:getGoogleUpdated$/.test(r.path) && r.query.get('readMask'))
      return json(200, gbpFixture('google-updated.json'));
    return json(403, gbpFixture('error-permission-denied.json'));
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded = {
        method: req.method ?? '',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      const answer = route(recorded);
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    /** Replaces the location's reviews. */
    setReviews(list: ReviewJson[]) {
      store = list;
    },
    add(review: ReviewJson) {
      store.push(review);
    },
    find: (name: string) => store.find((x) => x.name === name),
    accept: (token: string) => tokens.add(token),
    setMode(value: typeof mode) {
      mode = value;
    },
    /** List calls after the n-th answer 401, until reset with null. */
    expireTokenAfterListCalls(n: number | null) {
      unauthorizedAfter = n;
      listCalls = 0;
    },
    close: () => closeNow(server),
  };
}
