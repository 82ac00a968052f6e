import { z } from 'zod';
import { v } from '../messages';

// Review pace and the listing guard (issue 31, docs/decisions.md §32): what
// GET /api/place/:id/review-pace and GET /api/place/:id/listing-changes answer.

const catchUpSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('leader') }),
  z.object({ kind: z.literal('months'), months: z.number() }),
  z.object({ kind: z.literal('never') }),
  z.object({ kind: z.literal('unknown') }),
]);

export const reviewPaceRowSchema = z.object({
  /** The business's Google place id (ours or a followed competitor's). */
  placeId: z.string(),
  name: z.string(),
  isOurs: z.boolean(),
  /** One point per day with a completed analysis that saw it, oldest first (the day in the business's time zone). */
  points: z.array(z.object({ day: z.string(), rating: z.number().nullable(), reviews: z.number().int() })),
  rating: z.number().nullable(),
  reviews: z.number().int().nullable(),
  /** Reviews a month over the last 90 days; null: «sin datos suficientes» (fewer than 2 days). */
  reviewsPerMonth: z.number().nullable(),
  gapToLeader: z.number().int().nullable(),
  catchUp: catchUpSchema,
});
export type ReviewPaceRow = z.infer<typeof reviewPaceRowSchema>;

export const reviewPaceResponseSchema = z.object({
  /** Ours first, then the followed competitors in the order they were followed. */
  rows: z.array(reviewPaceRowSchema),
  leaderPlaceId: z.string().nullable(),
  /** The pace window in days, and the first day (YYYY-MM-DD) the points may cover: a year ago. */
  windowDays: z.number().int(),
  since: z.string(),
  /** Whether the points come from demo scans: shown as «Datos de demostración». */
  demo: z.boolean(),
});
export type ReviewPaceResponse = z.infer<typeof reviewPaceResponseSchema>;

/**
 * The public fields the guard watches: the scans see the first three; a Business Profile sync
 * (getGoogleUpdated, docs/decisions.md §32.6) sees them all.
 */
export const LISTING_FIELDS = ['name', 'category', 'address', 'additionalCategories', 'phone', 'website', 'hours', 'description'] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];
export const LISTING_FIELD_LABELS: Record<ListingField, string> = {
  name: 'Nombre',
  category: 'Categoría principal',
  address: 'Dirección',
  additionalCategories: 'Categorías adicionales',
  phone: 'Teléfono',
  website: 'Sitio web',
  hours: 'Horario',
  description: 'Descripción',
};

/** Where a change was seen: 'search' (the scans' results) now; 'gbp' (getGoogleUpdated) when a Business Profile sync adds it. */
export const LISTING_SOURCES = ['search', 'gbp'] as const;
export type ListingSource = (typeof LISTING_SOURCES)[number];

export const listingChangeSchema = z.object({
  id: z.uuid(),
  field: z.enum(LISTING_FIELDS),
  before: z.string().nullable(),
  after: z.string().nullable(),
  source: z.enum(LISTING_SOURCES),
  /** When it was seen (the analysis's search time). */
  seenAt: z.string(),
  /** The analysis that saw it (null for a source that is not a scan). */
  analysisId: z.uuid().nullable(),
  /** Seen in a demo scan: «Datos de demostración». */
  demo: z.boolean(),
});
export type ListingChange = z.infer<typeof listingChangeSchema>;

export const LISTING_CHANGES_PAGE_DEFAULT = 20;
export const LISTING_CHANGES_PAGE_MAX = 100;

export const listingChangesQuerySchema = z.object({
  cursor: z.string(v('listingCursorInvalid')).max(200, v('listingCursorInvalid')).optional(),
  limit: z.coerce
    .number(v('listingLimitInvalid'))
    .int(v('listingLimitInvalid'))
    .min(1, v('listingLimitInvalid'))
    .max(LISTING_CHANGES_PAGE_MAX, v('listingLimitInvalid'))
    .default(LISTING_CHANGES_PAGE_DEFAULT),
});
export type ListingChangesQuery = z.infer<typeof listingChangesQuerySchema>;

export const listingChangesResponseSchema = z.object({
  /** Newest first. */
  items: z.array(listingChangeSchema),
  /** Give it back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type ListingChangesResponse = z.infer<typeof listingChangesResponseSchema>;
