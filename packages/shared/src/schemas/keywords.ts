import { z } from 'zod';
import { v } from '../messages';

/** Longest keyword a user may add; map searches are short phrases. */
export const KEYWORD_NAME_MAX_LENGTH = 100;

/** A keyword's name: trimmed, required, at most 100 characters (docs/product.md §5). */
export const keywordNameSchema = z
  .string(v('keywordNameRequired'))
  .trim()
  .min(1, v('keywordNameRequired'))
  .max(KEYWORD_NAME_MAX_LENGTH, v('keywordNameTooLong'));

/** POST /api/keyword (docs/product.md §7). */
export const createKeywordRequestSchema = z.object(
  {
    name: keywordNameSchema,
    placeId: z.string(v('keywordPlaceRequired')).trim().min(1, v('keywordPlaceRequired')).max(100, v('keywordPlaceRequired')),
  },
  v('keywordNameRequired'),
);
export type CreateKeywordRequest = z.infer<typeof createKeywordRequestSchema>;

export const keywordIdParamsSchema = z.object({ id: z.string().max(100, 'Keyword no encontrada.') });

/** The keyword's place, populated (docs/product.md §3 "placeId (populated place)"). */
export const keywordPlaceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string(),
  mainPhoto: z.string().nullable(),
  googlePlaceId: z.string(),
  rating: z.number().nullable(),
  totalReviews: z.number().int(),
  weeklyScans: z.boolean(),
  rankDay: z.number().int(),
  rankHour: z.number().int(),
  timeZone: z.string(),
});
export type KeywordPlace = z.infer<typeof keywordPlaceSchema>;

/** A keyword as the client reads it (docs/product.md §3). */
export const keywordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  placeId: keywordPlaceSchema,
  createdAt: z.string(),
});
export type Keyword = z.infer<typeof keywordSchema>;
