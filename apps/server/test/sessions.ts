import { randomUUID } from 'node:crypto';
import { COOKIE_REFRESH, COOKIE_XSRF } from '@rankmaps/shared/constants';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Container } from '../src/container';
import { emails } from '../src/db/schema';

export const PASSWORD = 'Secreta123!';

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

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

export type EmailRow = typeof emails.$inferSelect;

/** The newest e-mail of this kind sent to the address, if any. */
export async function latestEmail(container: Container, to: string, kind: string): Promise<EmailRow | undefined> {
  const [row] = await container.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, to), eq(emails.kind, kind)))
    .orderBy(desc(emails.createdAt))
    .limit(1);
  return row;
}

export async function countEmails(container: Container, to: string): Promise<number> {
  const rows = await container.database.db.select({ id: emails.id }).from(emails).where(eq(emails.to, to));
  return rows.length;
}

/** The token in the first link of an e-mail that points at `path` (e.g. '/confirm-email/user/'). */
export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`${path.replaceAll('/', '\\/')}([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
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
