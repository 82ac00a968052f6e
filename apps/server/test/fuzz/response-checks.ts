import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';

/** The answer's text as the browser reads it: the fuzzer asks for gzip, and an answer over 1 KB comes compressed. */
function bodyText(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(res.rawPayload).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  return res.body;
}

/** English that Fastify, zod or a library would write when an error escapes translation. */
const ENGLISH =
  /\b(the|must|should|invalid|expected|required|not found|unexpected|cannot|is not|received|unsupported|too large|internal server error|bad request|unauthorized|forbidden)\b/i;

/**
 * Why a 4xx answer is not a proper Spanish error, or null when it is. The field names the
 * message quotes («billingData.city») are not prose, so they are left out of the check.
 */
export function notASpanishError(res: LightMyRequestResponse): string | null {
  // Routes the browser navigates to (the Google OAuth callback) answer with a page, in Spanish.
  const text = bodyText(res);
  if (String(res.headers['content-type']).startsWith('text/html'))
    return /<html lang="es"/.test(text) ? null : `an HTML error page not in Spanish: ${text.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `the body is not JSON: ${text.slice(0, 200)}`;
  }
  const raw = (body as { error?: unknown } | null)?.error;
  // /mcp speaks JSON-RPC (docs/decisions.md §26.5): its refusals carry the message in error.message.
  const error = (body as { jsonrpc?: unknown } | null)?.jsonrpc === '2.0' && raw && typeof raw === 'object' ? (raw as { message?: unknown }).message : raw;
  if (typeof error !== 'string' || error.trim() === '') return `no error message in ${text.slice(0, 200)}`;
  return notSpanish(error);
}

/** Why an error message is not Spanish prose, or null when it is (quoted field names «…» are left out). */
export function notSpanish(error: string): string | null {
  const prose = error.replace(/«[^»]*»/g, '');
  if (ENGLISH.test(prose)) return `the error message is not Spanish: ${error}`;
  return null;
}

/** A request as a short line for failure messages (bodies can be 100 KB). */
export function describeRequest(req: { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer }): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} caracteres)` : s);
  const payload = req.payload === undefined ? '' : ` ${req.headers['content-type'] ?? ''} ${cut(req.payload.toString())}`;
  return `${req.method} ${cut(req.url)}${payload}`;
}
