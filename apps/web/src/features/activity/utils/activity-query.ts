import type { ActivityKind } from '../api/types';

/** The filters of «Actividad»: '' for «all». Dates are 'YYYY-MM-DD', as the API takes them. */
export interface ActivityFilters {
  memberId: string;
  kind: ActivityKind | '';
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilters = { memberId: '', kind: '', from: '', to: '' };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The query string of GET /api/activity and of its CSV: only the filters that are set, in a
 * fixed order (the query key and the download name the same list the same way), and the
 * cursor of the page to load after the first.
 */
export function activityQueryString(filters: ActivityFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.memberId) params.set('memberId', filters.memberId);
  if (filters.kind) params.set('kind', filters.kind);
  if (ISO_DAY.test(filters.from)) params.set('from', filters.from);
  if (ISO_DAY.test(filters.to)) params.set('to', filters.to);
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** A range whose end comes before its start: said on the form rather than sent. */
export function rangeIsBackwards(filters: ActivityFilters): boolean {
  return ISO_DAY.test(filters.from) && ISO_DAY.test(filters.to) && filters.from > filters.to;
}
