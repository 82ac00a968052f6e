import { GbpAuthError, GbpNotFoundError, GbpUnavailableError } from './interface';

// One HTTP call to Google with a timeout, and Google's error answers turned into the three
// errors the module understands.

/** How long one Google call may take, reading the body included. */
export const GOOGLE_TIMEOUT_MS = 15_000;

export interface GoogleAnswer {
  status: number;
  body: unknown;
}

/** Google's JSON error of its REST APIs: {error: {code, message, status, details}}. */
interface GoogleApiError {
  error?: { code?: number; message?: string; status?: string; details?: { reason?: string }[] };
}

/** The token endpoint's OAuth error: {error: 'invalid_grant', error_description}. */
interface OAuthError {
  error?: string;
  error_description?: string;
}

export async function callGoogle(fetchImpl: typeof fetch, url: string, init: RequestInit, timeoutMs = GOOGLE_TIMEOUT_MS): Promise<GoogleAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await fetchImpl(url, { ...init, signal: timeout });
    text = await res.text();
  } catch (err) {
    if (timeout.aborted) throw new GbpUnavailableError(`Google no ha respondido en ${Math.round(timeoutMs / 1000)} s.`);
    throw new GbpUnavailableError(`No se ha podido conectar con Google: ${(err as Error).message}`);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

/**
 * The token endpoint refused: invalid_grant (revoked, expired or reused grant) and any 401 mean
 * the user must connect again; anything else is Google being unavailable.
 * https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code
 */
export function tokenEndpointError(answer: GoogleAnswer): Error {
  const body = (answer.body ?? {}) as OAuthError;
  const detail = `${body.error ?? `HTTP ${answer.status}`}${body.error_description ? `: ${body.error_description}` : ''}`;
  if (body.error === 'invalid_grant' || answer.status === 401) return new GbpAuthError(`Google ha rechazado la autorización (${detail}).`);
  return new GbpUnavailableError(`El servidor de autorización de Google ha fallado (${detail}).`);
}

/**
 * A REST API error. 401 (and a token without the needed scope) means the user must connect
 * again. On a location's own resources, 403 and 404 mean this connection cannot see it.
 */
export function apiError(what: string, answer: GoogleAnswer, locationScoped: boolean): Error {
  const err = ((answer.body ?? {}) as GoogleApiError).error;
  const detail = `${err?.status ?? `HTTP ${answer.status}`}${err?.message ? `: ${err.message}` : ''}`;
  const scopeMissing = err?.details?.some((d) => d.reason === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT') ?? false;
  if (answer.status === 401 || scopeMissing) return new GbpAuthError(`Google ha rechazado el token (${what}: ${detail}).`);
  if (locationScoped && (answer.status === 403 || answer.status === 404)) return new GbpNotFoundError(`Google no encuentra la ubicación (${what}: ${detail}).`);
  return new GbpUnavailableError(`Google Business Profile ha fallado (${what}: ${detail}).`);
}

/** int64 fields arrive as decimal strings (proto3 JSON); anything else counts as absent. */
export function int64(value: unknown): bigint | null {
  if (typeof value === 'string' && /^-?\d{1,19}$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  return null;
}

/** google.type.Date → 'YYYY-MM-DD', or null for a partial or malformed date. */
export function isoDay(d: { year?: number; month?: number; day?: number } | undefined): string | null {
  if (!d?.year || !d.month || !d.day) return null;
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Google's PostalAddress on one line: street lines, then postal code and town, then the province if different. */
export function formatPostalAddress(a: { addressLines?: string[]; postalCode?: string; locality?: string; administrativeArea?: string } | undefined): string | null {
  if (!a) return null;
  const town = [a.postalCode, a.locality].filter(Boolean).join(' ');
  const parts = [...(a.addressLines ?? []), town];
  if (a.administrativeArea && a.administrativeArea !== a.locality) parts.push(a.administrativeArea);
  const line = parts.map((p) => p.trim()).filter(Boolean).join(', ');
  return line || null;
}
