import { COOKIE_XSRF, STORAGE_TOKEN_KEY } from '@rankmaps/shared/constants';

/** An error the API answered with `{error, errorType?}`, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorType?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The server's words for a request it refused (4xx: they say what to change); for network
 * failures and the server's own errors, the screen's `fallback`.
 */
export function apiErrorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : fallback;
}

export const tokenStore = {
  get: () => localStorage.getItem(STORAGE_TOKEN_KEY),
  set: (token: string) => localStorage.setItem(STORAGE_TOKEN_KEY, token),
  clear: () => localStorage.removeItem(STORAGE_TOKEN_KEY),
};

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

let onSessionExpired: () => void = () => {};
/** The session provider registers what happens when a refresh fails (logout). */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

let refreshing: Promise<string | null> | null = null;

async function doRefresh(failedToken: string | null): Promise<string | null> {
  // Another tab may hold the lock and refresh first; after waiting for it, a token
  // different from the one that failed is already fresh and is used as it is.
  const run = async () => {
    const current = tokenStore.get();
    if (current && current !== failedToken) return current;
    const res = await fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: xsrfHeader(),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { accessToken?: string };
    if (!body.accessToken) return null;
    tokenStore.set(body.accessToken);
    return body.accessToken;
  };
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request('rankmaps-refresh', run);
  }
  return run();
}

/** One refresh at a time: concurrent 401s wait for the same promise, then replay. */
export function refreshAccessToken(failedToken: string | null): Promise<string | null> {
  refreshing ??= doRefresh(failedToken)
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function xsrfHeader(): Record<string, string> {
  const xsrf = readCookie(COOKIE_XSRF);
  return xsrf ? { 'X-XSRF-TOKEN': xsrf } : {};
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  signal?: AbortSignal;
  /** false for calls that must not trigger refresh-and-retry (sign-in, refresh itself). */
  retryOn401?: boolean;
  /** What to ask for instead of JSON (the chat's streams ask for text/event-stream). */
  accept?: string;
  /** More request headers (Last-Event-ID). */
  headers?: Record<string, string>;
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: opts.accept ?? 'application/json', ...xsrfHeader(), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`/api${path}`, { method: opts.method ?? 'GET', headers, body, credentials: 'include', signal: opts.signal });
}

async function toApiError(res: Response): Promise<ApiError> {
  let data: { error?: string; errorType?: string; code?: string } = {};
  try {
    data = (await res.json()) as typeof data;
  } catch {
    // A non-JSON error (a proxy page, say): fall back to a generic message below.
  }
  return new ApiError(data.error ?? `Error ${res.status}`, res.status, data.errorType, data.code);
}

/** Sends a request under /api with the stored token, refreshing once on a 401; throws ApiError unless 2xx. */
async function request(path: string, opts: RequestOptions): Promise<Response> {
  const token = tokenStore.get();
  let res: Response;
  try {
    res = await send(path, opts, token);
    if (res.status === 401 && token && opts.retryOn401 !== false) {
      const fresh = await refreshAccessToken(token);
      if (!fresh) {
        tokenStore.clear();
        onSessionExpired();
        throw await toApiError(res);
      }
      res = await send(path, opts, fresh);
      if (res.status === 401) {
        tokenStore.clear();
        onSessionExpired();
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('No se pudo conectar con el servidor. Comprueba tu conexión.', 0);
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** The raw 2xx response of a call (a stream's body to read as it comes); throws ApiError otherwise. */
export function apiResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  return request(path, opts);
}

/** Calls the API under /api with the stored token, refreshing once on a 401. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await request(path, opts);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the API serves (a CSV export): its bytes and the name from Content-Disposition. */
export async function apiDownload(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const res = await request(path, {});
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await res.blob(), filename };
}

/** Like `api`, with the exact status too: for calls whose contract is one status (the support ticket counts only on 200). */
export async function apiWithStatus<T>(path: string, opts: RequestOptions = {}): Promise<{ status: number; data: T }> {
  const res = await request(path, opts);
  const text = await res.text();
  return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
}
