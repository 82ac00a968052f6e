import { z } from 'zod';
import { v } from '../messages';

// Reviews of a business with its Google Business Profile connected (issue 31 item 2,
// docs/decisions.md §32): the contract between the session API and the web app. The server
// maps Google's `Review` / `ReviewReply` into these shapes; the web app draws only these.

export const REVIEW_STARS = [1, 2, 3, 4, 5] as const;

/** A reply's moderation state as Google reports it, mapped to ours; 'unknown' when Google sends none. */
export const REPLY_STATES = ['published', 'pending', 'rejected', 'unknown'] as const;
export type ReplyState = (typeof REPLY_STATES)[number];

/** Google's documented limit on a reply's text, in characters. */
export const REPLY_MAX_LENGTH = 4096;

export const reviewMediaSchema = z.object({
  kind: z.enum(['photo', 'video']),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});

export const reviewReplySchema = z.object({
  comment: z.string(),
  updatedAt: z.string(),
  state: z.enum(REPLY_STATES),
  /** Google's reason when it refused or flagged the reply (policy violation), in its words. */
  policyViolation: z.string().nullable(),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

export const reviewSchema = z.object({
  /** Our id (uuid); the path parameter of the reply routes. */
  id: z.uuid(),
  reviewer: z.object({ displayName: z.string().nullable(), photoUrl: z.string().nullable(), anonymous: z.boolean() }),
  stars: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  media: z.array(reviewMediaSchema),
  reply: reviewReplySchema.nullable(),
  /** Google's `reviewReplyUrl`: where the owner can answer on Google itself. */
  replyUrl: z.string().nullable(),
  /** A simulated review of the demo: «Datos de demostración». */
  demo: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const REVIEWS_PAGE_DEFAULT = 20;
export const REVIEWS_PAGE_MAX = 100;

export const reviewsQuerySchema = z.object({
  /** Comma-separated stars to keep, e.g. "1,2,3". */
  stars: z
    .string(v('reviewsStarsInvalid'))
    .regex(/^[1-5](,[1-5]){0,4}$/, v('reviewsStarsInvalid'))
    .optional(),
  answered: z.enum(['true', 'false'], v('reviewsAnsweredInvalid')).optional(),
  /** Inclusive days, YYYY-MM-DD, of the review's creation. */
  from: z.iso.date(v('reviewsDateInvalid')).optional(),
  to: z.iso.date(v('reviewsDateInvalid')).optional(),
  /** 'newest': newest first; 'unanswered': unanswered first, then newest. */
  order: z.enum(['newest', 'unanswered'], v('reviewsOrderInvalid')).default('newest'),
  cursor: z.string(v('reviewsCursorInvalid')).max(200, v('reviewsCursorInvalid')).optional(),
  limit: z.coerce
    .number(v('reviewsLimitInvalid'))
    .int(v('reviewsLimitInvalid'))
    .min(1, v('reviewsLimitInvalid'))
    .max(REVIEWS_PAGE_MAX, v('reviewsLimitInvalid'))
    .default(REVIEWS_PAGE_DEFAULT),
});
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;

export const reviewsResponseSchema = z.object({
  items: z.array(reviewSchema),
  nextCursor: z.string().nullable(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

export const REVIEW_SYNC_STATES = ['idle', 'running', 'needs-reconnect', 'failed'] as const;

/** GET /api/place/:id/reviews/summary: the figures over every stored review, and the sync's state. */
export const reviewsSummarySchema = z.object({
  total: z.number().int(),
  /** Mean stars; null without reviews. */
  average: z.number().nullable(),
  /** Count per star, keys "1"…"5". */
  distribution: z.record(z.enum(['1', '2', '3', '4', '5']), z.number().int()),
  /** Share of reviews with a reply, 0–1; null without reviews. */
  responseRate: z.number().nullable(),
  /** Median hours from a review to its reply, over answered reviews; null when none is answered. */
  medianResponseHours: z.number().nullable(),
  sync: z.object({ state: z.enum(REVIEW_SYNC_STATES), lastSyncedAt: z.string().nullable(), message: z.string().nullable() }),
  demo: z.boolean(),
});
export type ReviewsSummary = z.infer<typeof reviewsSummarySchema>;

export const replyBodySchema = z.object({
  comment: z.string(v('replyRequired')).trim().min(1, v('replyRequired')).max(REPLY_MAX_LENGTH, v('replyTooLong')),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;

/** Placeholders a template may use; filled in the browser before the reply is sent. */
export const TEMPLATE_PLACEHOLDERS = ['{nombre}', '{negocio}'] as const;

export const reviewTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  text: z.string(),
  updatedAt: z.string(),
});
export type ReviewTemplate = z.infer<typeof reviewTemplateSchema>;

export const reviewTemplateBodySchema = z.object({
  name: z.string(v('templateNameRequired')).trim().min(1, v('templateNameRequired')).max(80, v('templateNameTooLong')),
  text: z.string(v('replyRequired')).trim().min(1, v('replyRequired')).max(REPLY_MAX_LENGTH, v('replyTooLong')),
});
export type ReviewTemplateBody = z.infer<typeof reviewTemplateBodySchema>;

export const reviewTemplatesResponseSchema = z.object({ items: z.array(reviewTemplateSchema) });

/** Fills a template's placeholders: {nombre} the reviewer's name (or «cliente»), {negocio} the business's. */
export function fillTemplate(text: string, values: { reviewer: string | null; business: string }): string {
  return text.replaceAll('{nombre}', values.reviewer?.trim() || 'cliente').replaceAll('{negocio}', values.business);
}
