import { GBP_CALLBACK_RESULTS, type GbpCallbackResult } from '@rankmaps/shared/schemas/gbp';

/** The query parameter the OAuth callback appends to redirectAfter: connected, denied or error. */
export const GBP_RESULT_PARAM = 'gbp';

/** The callback's result in a query string ('?gbp=connected'), or null when absent or unknown. */
export function callbackResult(search: string): GbpCallbackResult | null {
  const value = new URLSearchParams(search).get(GBP_RESULT_PARAM);
  return (GBP_CALLBACK_RESULTS as readonly string[]).includes(value ?? '') ? (value as GbpCallbackResult) : null;
}

/** The query string without the callback's parameter: '?tab=x' or '' when nothing else is left. */
export function withoutResultParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(GBP_RESULT_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Where the callback sends the browser back to: this page (path and query), minus an old result. */
export function redirectAfterFor(pathname: string, search: string): string {
  return `${pathname || '/'}${withoutResultParam(search)}`;
}

/** GET /auth/google/start-url's path and query (docs/product.md §7). */
export function startUrlPath(redirectAfter: string): string {
  const qs = new URLSearchParams({ intent: 'gbp_connect', redirectAfter });
  return `/auth/google/start-url?${qs.toString()}`;
}
