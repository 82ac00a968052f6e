import type {
  Review,
  ReviewTemplate,
  ReviewTemplateBody,
  ReviewsQuery,
  ReviewsResponse,
  ReviewsSummary,
} from '@rankmaps/shared/schemas/reviews';
import { sendReviewSyncJob } from '../../jobs/definitions/review-sync';
import type { Container } from '../../container';
import { badRequest, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import type { GbpDeps } from '../gbp/gbp.deps';
import { ownedOr404 } from '../places/places.service';
import { REVIEW_NOT_FOUND, TEMPLATE_NOT_FOUND } from './review-errors';
import { linkedLocation, withReviewsToken } from './review-link';
import { syncPlaceReviews } from './review-sync.service';
import { type ReviewRow, type ReviewTemplateRow, reviewsRepository } from './reviews.repository';

// The session API's reviews (docs/decisions.md §32.4): the stored reviews of a linked business,
// its figures, the sync on demand, and replies sent to Google before they are stored.

export const REVIEWS_CURSOR_INVALID = 'El cursor no es válido: usa el valor de nextCursor de la página anterior.';
const DAY_MS = 86_400_000;

export function presentReview(r: ReviewRow): Review {
  return {
    id: r.id,
    reviewer: {
      displayName: r.reviewerAnonymous ? null : r.reviewerName,
      photoUrl: r.reviewerAnonymous ? null : r.reviewerPhotoUrl,
      anonymous: r.reviewerAnonymous,
    },
    stars: r.stars,
    comment: r.comment,
    createdAt: r.createTime.toISOString(),
    updatedAt: r.updateTime.toISOString(),
    media: r.media,
    reply:
      r.replyComment === null
        ? null
        : {
            comment: r.replyComment,
            updatedAt: (r.replyUpdatedAt ?? r.updateTime).toISOString(),
            state: r.replyState ?? 'unknown',
            policyViolation: r.replyPolicyViolation,
          },
    replyUrl: r.replyUrl,
    demo: r.demo,
  };
}

export const presentTemplate = (t: ReviewTemplateRow): ReviewTemplate => ({
  id: t.id,
  name: t.name,
  text: t.text,
  updatedAt: t.updatedAt.toISOString(),
});

const encodeCursor = (r: ReviewRow) =>
  Buffer.from(`${r.replyComment === null ? 0 : 1}|${r.createTime.toISOString()}|${r.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { answered: boolean; createTime: Date; id: string } {
  const [answered, at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createTime = new Date(at ?? '');
  if (extra !== undefined || (answered !== '0' && answered !== '1') || !id || !isUuid(id) || Number.isNaN(createTime.getTime()))
    throw badRequest(REVIEWS_CURSOR_INVALID, 'VALIDATION_ERROR');
  return { answered: answered === '1', createTime, id };
}

/** The place (404 if not the workspace's) linked to its location (409 if it cannot be); a first demo link syncs at once. */
async function linkedPlace(deps: GbpDeps, workspaceId: string, placeId: string) {
  const place = await ownedOr404(deps.container, workspaceId, placeId);
  const { sync, created } = await linkedLocation(deps, place);
  if (created) {
    // The demo has no network: its first import is immediate. Google's goes to the job (it may be thousands of reviews).
    if (sync.demo) await syncPlaceReviews(deps, place.id);
    else await sendReviewSyncJob(deps.container.boss, place.id);
  }
  return place;
}

export async function listReviews(deps: GbpDeps, workspaceId: string, placeId: string, query: ReviewsQuery): Promise<ReviewsResponse> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.from && query.to && query.from > query.to)
    throw badRequest('La fecha de inicio no puede ser posterior a la fecha de fin.', 'VALIDATION_ERROR');
  const place = await linkedPlace(deps, workspaceId, placeId);
  const filter = {
    ...(query.stars ? { stars: [...new Set(query.stars.split(',').map(Number))] } : {}),
    ...(query.answered ? { answered: query.answered === 'true' } : {}),
    ...(query.from ? { from: new Date(`${query.from}T00:00:00Z`) } : {}),
    ...(query.to ? { to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) } : {}),
  };
  const rows = await reviewsRepository.page(deps.container.database.db, place.id, filter, query.order, query.limit, after);
  const page = rows.slice(0, query.limit);
  return { items: page.map(presentReview), nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null };
}

export async function reviewsSummary(deps: GbpDeps, workspaceId: string, placeId: string): Promise<ReviewsSummary> {
  const place = await linkedPlace(deps, workspaceId, placeId);
  const db = deps.container.database.db;
  const [figures, sync] = [await reviewsRepository.summary(db, place.id), await reviewsRepository.findSync(db, place.id)];
  return {
    total: figures.total,
    average: figures.average === null ? null : Math.round(figures.average * 100) / 100,
    distribution: figures.distribution,
    responseRate: figures.total ? Math.round((figures.answered / figures.total) * 1000) / 1000 : null,
    medianResponseHours: figures.medianHours === null ? null : Math.round(figures.medianHours * 10) / 10,
    sync: { state: sync?.state ?? 'idle', lastSyncedAt: sync?.lastSyncedAt?.toISOString() ?? null, message: sync?.message ?? null },
    demo: sync?.demo ?? false,
  };
}

/** POST …/reviews/sync: queues a sync (one waiting per place; a running one makes this one a no-op). */
export async function requestSync(
  deps: GbpDeps,
  workspaceId: string,
  placeId: string,
): Promise<{ state: 'running' | 'idle' | 'needs-reconnect' | 'failed' }> {
  const place = await linkedPlace(deps, workspaceId, placeId);
  await sendReviewSyncJob(deps.container.boss, place.id);
  return { state: 'running' };
}

async function reviewOr404(deps: GbpDeps, placeId: string, reviewId: string): Promise<ReviewRow> {
  const row = isUuid(reviewId) ? await reviewsRepository.findInPlace(deps.container.database.db, placeId, reviewId) : undefined;
  if (!row) throw notFound(REVIEW_NOT_FOUND, 'REVIEW_NOT_FOUND');
  return row;
}

/** The review a reply would answer, checked (404, 409) without sending anything: the MCP tool's preview. */
export async function reviewToReply(deps: GbpDeps, workspaceId: string, placeId: string, reviewId: string): Promise<Review> {
  const place = await linkedPlace(deps, workspaceId, placeId);
  return presentReview(await reviewOr404(deps, place.id, reviewId));
}

/** Sends the reply to Google first; stored only once Google took it (a refusal changes nothing). */
export async function replyToReview(
  deps: GbpDeps,
  workspaceId: string,
  placeId: string,
  reviewId: string,
  comment: string,
): Promise<Review> {
  const place = await linkedPlace(deps, workspaceId, placeId);
  const review = await reviewOr404(deps, place.id, reviewId);
  const reply = await withReviewsToken(deps, workspaceId, (token) => deps.provider.updateReply(token, review.googleName, comment));
  return presentReview(await reviewsRepository.saveReply(deps.container.database.db, review.id, reply));
}

export async function deleteReply(deps: GbpDeps, workspaceId: string, placeId: string, reviewId: string): Promise<void> {
  const place = await linkedPlace(deps, workspaceId, placeId);
  const review = await reviewOr404(deps, place.id, reviewId);
  if (review.replyComment === null) return;
  await withReviewsToken(deps, workspaceId, (token) => deps.provider.deleteReply(token, review.googleName));
  await reviewsRepository.saveReply(deps.container.database.db, review.id, null);
}

// ── templates (workspace-scoped; nothing is seeded: the web app offers the first ones) ──

export async function listTemplates(container: Pick<Container, 'database'>, workspaceId: string) {
  return { items: (await reviewsRepository.templates(container.database.db, workspaceId)).map(presentTemplate) };
}

export async function createTemplate(
  container: Pick<Container, 'database'>,
  workspaceId: string,
  body: ReviewTemplateBody,
): Promise<ReviewTemplate> {
  return presentTemplate(await reviewsRepository.insertTemplate(container.database.db, { userId: workspaceId, ...body }));
}

export async function updateTemplate(
  container: Pick<Container, 'database'>,
  workspaceId: string,
  id: string,
  body: ReviewTemplateBody,
): Promise<ReviewTemplate> {
  const row = isUuid(id) ? await reviewsRepository.updateTemplate(container.database.db, workspaceId, id, body) : undefined;
  if (!row) throw notFound(TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
  return presentTemplate(row);
}

export async function deleteTemplate(container: Pick<Container, 'database'>, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await reviewsRepository.deleteTemplate(container.database.db, workspaceId, id)))
    throw notFound(TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
}
