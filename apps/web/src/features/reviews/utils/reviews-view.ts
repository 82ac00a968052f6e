import { REPLY_MAX_LENGTH, type ReplyState, type ReviewsSummary } from '@rankmaps/shared/schemas/reviews';

// The reviews block's logic kept out of the components (docs/decisions.md §32): the list's
// filters as a query string, the figures' wording, the reply editor's limits.

export type AnsweredFilter = 'all' | 'answered' | 'unanswered';
export type ReviewsOrder = 'newest' | 'unanswered';

export interface ReviewFilters {
  /** Stars to keep; empty keeps every review. */
  stars: number[];
  answered: AnsweredFilter;
  /** YYYY-MM-DD or '' (no bound). */
  from: string;
  to: string;
  order: ReviewsOrder;
}

export const NO_FILTERS: ReviewFilters = { stars: [], answered: 'all', from: '', to: '', order: 'newest' };

/** The GET /api/place/:id/reviews query string of a page: only what narrows the list, stars sorted. */
export function reviewsSearch(filters: ReviewFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  // All five stars keep everything: sent as no filter, so the cache key of «all» stays one.
  if (filters.stars.length > 0 && filters.stars.length < 5) params.set('stars', [...new Set(filters.stars)].sort().join(','));
  if (filters.answered !== 'all') params.set('answered', filters.answered === 'answered' ? 'true' : 'false');
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.order !== 'newest') params.set('order', filters.order);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether the filters narrow the list (the empty state then offers to clear them). */
export function isFiltered(filters: ReviewFilters): boolean {
  return (
    (filters.stars.length > 0 && filters.stars.length < 5) || filters.answered !== 'all' || Boolean(filters.from) || Boolean(filters.to)
  );
}

/** A star toggled in or out of the filter. */
export function toggleStar(stars: number[], star: number): number[] {
  return stars.includes(star) ? stars.filter((s) => s !== star) : [...stars, star].sort();
}

/** The median time to answer as words pick it: under an hour, hours up to a day and a half, then days. */
export type ResponseTime = { unit: 'underHour' } | { unit: 'hours'; count: number } | { unit: 'days'; count: number };

export function responseTime(hours: number): ResponseTime {
  if (hours < 1) return { unit: 'underHour' };
  if (hours < 36) return { unit: 'hours', count: Math.round(hours) };
  return { unit: 'days', count: Math.round(hours / 24) };
}

/** Each star's share of the reviews, 0–1, five first (the bars' order). */
export function distributionRows(
  summary: Pick<ReviewsSummary, 'distribution' | 'total'>,
): { stars: number; count: number; share: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = summary.distribution[String(stars) as '1'] ?? 0;
    return { stars, count, share: summary.total > 0 ? count / summary.total : 0 };
  });
}

/** The reply editor's counter and whether it may be sent (the server says the same in Spanish, docs/api.md). */
export function replyDraftState(text: string): { length: number; max: number; sendable: boolean; tooLong: boolean } {
  const length = text.length;
  const tooLong = length > REPLY_MAX_LENGTH;
  return { length, max: REPLY_MAX_LENGTH, tooLong, sendable: text.trim().length > 0 && !tooLong };
}

/** The badge's colours per moderation state. */
export function replyStateTone(state: ReplyState): string {
  switch (state) {
    case 'published':
      return 'bg-emerald-50 text-emerald-800 ring-emerald-200';
    case 'pending':
      return 'bg-amber-50 text-amber-800 ring-amber-200';
    case 'rejected':
      return 'bg-red-50 text-red-800 ring-red-200';
    default:
      return 'bg-slate-100 text-slate-700 ring-slate-200';
  }
}

/** The two examples an empty template list offers to add with one click. */
export const STARTER_TEMPLATES = [
  {
    name: 'Agradecimiento (5 estrellas)',
    text: '¡Muchas gracias, {nombre}! Nos alegra mucho que te haya gustado tu experiencia en {negocio}. Te esperamos pronto.',
  },
  {
    name: 'Disculpa (pocas estrellas)',
    text: 'Hola, {nombre}. Sentimos mucho que tu experiencia en {negocio} no estuviera a la altura. Nos gustaría saber más para arreglarlo: escríbenos o llámanos cuando quieras.',
  },
] as const;
