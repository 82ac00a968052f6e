import { z } from 'zod';
import { v } from '../messages';
import { placeSchema } from './places';

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

/**
 * The keyword's place, populated (docs/product.md §3 "placeId (populated place)"): part of the
 * place as it reads, what names it and its weekly scan slot.
 */
export const keywordPlaceSchema = placeSchema
  .pick({ _id: true, name: true, address: true, mainPhoto: true, googlePlaceId: true, rating: true, totalReviews: true })
  .extend(placeSchema.pick({ weeklyScans: true, rankDay: true, rankHour: true, timeZone: true }).shape);
export type KeywordPlace = z.infer<typeof keywordPlaceSchema>;

/** A keyword as the client reads it (docs/product.md §3). */
export const keywordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  placeId: keywordPlaceSchema,
  createdAt: z.string(),
});
export type Keyword = z.infer<typeof keywordSchema>;
