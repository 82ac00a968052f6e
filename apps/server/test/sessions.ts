import { COOKIE_REFRESH, COOKIE_XSRF } from '@rankmaps/shared/constants';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Container } from '../src/container';
import { latestEmail, tokenFromLink } from './emails';
import { type UserFields, buildUser, uniqueEmail } from './factories';
import { subscribeThroughSandbox } from './sandbox';

export const PASSWORD = 'Secreta123!';

export interface InjectedCookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  maxAge?: number;
  expires?: Date;
}

export function cookieOf(res: LightMyRequestResponse, name: string): InjectedCookie | undefined {
  return (res.cookies as InjectedCookie[]).find((c) => c.name === name);
}

/** The cookies a sign-in set, as a browser would send them back. */
export interface SessionCookies {
  refresh: string;
  xsrf: string;
}

export function sessionOf(res: LightMyRequestResponse): SessionCookies {
  const refresh = cookieOf(res, COOKIE_REFRESH)?.value;
  const xsrf = cookieOf(res, COOKIE_XSRF)?.value;
  if (!refresh || !xsrf) throw new Error(`no session cookies in response ${res.statusCode}: ${res.body}`);
  return { refresh, xsrf };
}

/** Headers of a cookie-authenticated call (refresh, logout) from the SPA. */
export function sessionHeaders(s: SessionCookies, xsrfHeader: string | null = s.xsrf): Record<string, string> {
  return {
    cookie: `${COOKIE_REFRESH}=${s.refresh}; ${COOKIE_XSRF}=${s.xsrf}`,
    ...(xsrfHeader === null ? {} : { 'x-xsrf-token': xsrfHeader }),
  };
}

export function refresh(app: FastifyInstance, s: SessionCookies) {
  return app.inject({ method: 'POST', url: '/api/auth/refresh', headers: sessionHeaders(s) });
}

export function signUpRequest(app: FastifyInstance, body: Partial<Record<string, unknown>> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signup/user',
    payload: { name: 'Ana Pérez', email: uniqueEmail(), password: PASSWORD, confirmPassword: PASSWORD, ...body },
  });
}

/** A user who signed up and followed the confirmation link, with the session it started. */
export async function createConfirmedUser(app: FastifyInstance, container: Container, opts: { email?: string; password?: string; name?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? PASSWORD;
  const signup = await signUpRequest(app, { email, password, confirmPassword: password, ...(opts.name ? { name: opts.name } : {}) });
  if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.body}`);
  const mail = await latestEmail(container, email, 'confirm-email');
  if (!mail) throw new Error('no confirmation e-mail');
  const token = tokenFromLink(mail.text, '/confirm-email/user/');
  const confirm = await app.inject({ method: 'GET', url: `/api/auth/confirm-email/user/${token}` });
  if (confirm.statusCode !== 200) throw new Error(`confirmation failed: ${confirm.body}`);
  return { email, password, accessToken: confirm.json().accessToken as string, session: sessionOf(confirm) };
}

export function logIn(app: FastifyInstance, body: { email: string; password: string; remember?: boolean }) {
  return app.inject({ method: 'POST', url: '/api/auth/login/user', payload: body });
}

/** The header a signed-in SPA sends with every API call. */
export type AuthHeaders = { authorization: string };

/** A user the test acts as, and the way to call the API as them. */
export interface SignedInClient<U extends { id: string }> {
  user: U;
  headers: AuthHeaders;
  /** app.inject as this user; a header the call names itself wins over the sign-in's. */
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * Signed-in clients for tests that are not about signing in (after fastify/demo's
 * injectWithLogin): the user gets an access token of their own, as a log-in issues, without
 * the log-in routes and their rate limits.
 */
export function sessions(app: FastifyInstance, container: Container) {
  const injectAs = async <U extends { id: string }>(user: U): Promise<SignedInClient<U>> => {
    const headers: AuthHeaders = { authorization: `Bearer ${await container.accessTokens.sign(user.id)}` };
    return { user, headers, inject: (opts) => app.inject({ ...opts, headers: { ...headers, ...opts.headers } }) };
  };

  /** A new confirmed user (buildUser), signed in; on `planId`, paid through the sandbox checkout, when one is named. */
  const signedIn = async (planId?: string, fields: UserFields = {}) => {
    const client = await injectAs(await buildUser(container, fields));
    if (planId) await subscribeThroughSandbox(app, client.headers, planId, 'monthly');
    return client;
  };

  return { injectAs, signedIn };
}
