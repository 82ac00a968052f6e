import { COOKIE_REFRESH, COOKIE_XSRF, HEADER_XSRF } from '@rankmaps/shared/constants';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { forbidden } from '../../errors';
import { COOKIE_DEVICE, DEVICE_COOKIE_DAYS, DEVICE_COOKIE_PATH } from './device-cookie';
import { refreshTtlSeconds, type IssuedSession } from './session.service';
import { generateToken, safeEqual } from './tokens';

/** The refresh cookie is only ever sent to the auth endpoints that read it. */
const REFRESH_PATH = '/api/auth';
export const XSRF_MISMATCH = 'Petición no válida. Recarga la página e inténtalo de nuevo.';

function baseOptions(config: Config, persistent: boolean): CookieSerializeOptions {
  return {
    sameSite: 'strict',
    secure: config.isProduction,
    // No Max-Age makes a session cookie: it goes when the browser closes.
    ...(persistent ? { maxAge: refreshTtlSeconds(true) } : {}),
  };
}

/**
 * Sets the refresh cookie (httpOnly) and the XSRF cookie the SPA echoes in a header
 * (double-submit). Both share the session's persistence, so a remembered session can still
 * refresh after the browser restarts. An existing XSRF value is kept across rotations.
 */
export function setSessionCookies(reply: FastifyReply, config: Config, session: IssuedSession, xsrf = generateToken()) {
  const base = baseOptions(config, session.persistent);
  reply.setCookie(COOKIE_REFRESH, session.refreshToken, { ...base, httpOnly: true, path: REFRESH_PATH });
  reply.setCookie(COOKIE_XSRF, xsrf, { ...base, httpOnly: false, path: '/' });
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  const base = { sameSite: 'strict', secure: config.isProduction } as const;
  reply.clearCookie(COOKIE_REFRESH, { ...base, httpOnly: true, path: REFRESH_PATH });
  reply.clearCookie(COOKIE_XSRF, { ...base, httpOnly: false, path: '/' });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[COOKIE_REFRESH] || undefined;
}

/** The XSRF value after checking that the header repeats the cookie; 403 otherwise. */
export function assertXsrf(request: FastifyRequest): string {
  const cookie = request.cookies[COOKIE_XSRF];
  const header = request.headers[HEADER_XSRF];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw forbidden(XSRF_MISMATCH, 'XSRF_MISMATCH');
  return cookie;
}

/**
 * The device cookie of the brute-force throttle (device-cookie.ts): httpOnly, sent only to
 * the sign-in endpoint, and kept across logouts, since it is about the browser, not a session.
 */
export function setDeviceCookie(reply: FastifyReply, config: Config, value: string) {
  reply.setCookie(COOKIE_DEVICE, value, {
    sameSite: 'strict',
    secure: config.isProduction,
    httpOnly: true,
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}

export function readDeviceCookie(request: FastifyRequest): string | undefined {
  return request.cookies[COOKIE_DEVICE] || undefined;
}
