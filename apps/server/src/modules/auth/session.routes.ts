import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessTokenResponseSchema, emptyRequestSchema, googleLoginRequestSchema, loginRequestSchema } from '@rankmaps/shared/schemas/auth';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { unauthorized } from '../../errors';
import { getOrCreateSecret } from '../../lib/secrets';
import { type KitRequest, access, routeKit } from '../../plugins/route-kit';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { assertXsrf, clearSessionCookies, readDeviceCookie, readRefreshCookie, setDeviceCookie, setSessionCookies } from './cookies';
import { DeviceCookies } from './device-cookie';
import { createGoogleIdTokenVerifier } from './google-id-token';
import { logInWithGoogle } from './google-login.service';
import { logIn } from './login.service';
import { endSession, rotateSession } from './session.service';
import { RetryLaterError } from './sign-in-throttle.service';

const LOGGED_OUT = 'Sesión cerrada.';

/**
 * Sign-in (password, Google), refresh-token rotation and logout. Public routes: they read the
 * credentials (or the refresh cookie) themselves, and answer 401 when these are wrong.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const { config } = container;
  const google = config.googleClientId
    ? createGoogleIdTokenVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl, log: container.log })
    : null;
  // Its own generated key (kept in the database, shared by every process), not the JWT's.
  const devices = new DeviceCookies(await getOrCreateSecret(container.database.db, 'sign_in_device_key', undefined));
  const route = routeKit(app, { tags: ['auth'] });

  route.post('/auth/login/user', { operationId: 'logIn', summary: 'Inicia sesión con email y contraseña', description: 'Pone las cookies de sesión. 401: email o contraseña incorrectos; 403: email sin confirmar; 429 con Retry-After tras varios intentos fallidos.', access: access.public, body: loginRequestSchema, answer: { schema: accessTokenResponseSchema }, refusals: [401, 403, 503], onRequest: [limitPerAddress(app, rateLimitPolicy.auth(config, 'login'))] }, async (request, reply) => {
    try {
      const client = { address: request.ip, deviceCookie: readDeviceCookie(request), devices };
      const { session, deviceCookie } = await logIn(container, request.body, client);
      setSessionCookies(reply, config, session);
      setDeviceCookie(reply, config, deviceCookie);
      return { accessToken: session.accessToken };
    } catch (err) {
      if (err instanceof RetryLaterError) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
  });

  route.post('/auth/google/user', { operationId: 'logInWithGoogle', summary: 'Inicia sesión (o crea la cuenta) con un ID token de Google', description: 'Pone las cookies de sesión. 401: el token no es válido; 404: el inicio de sesión con Google no está configurado.', access: access.public, body: googleLoginRequestSchema, answer: { schema: accessTokenResponseSchema }, refusals: [401, 404, 503], onRequest: [limitPerAddress(app, rateLimitPolicy.auth(config, 'google'))] }, async (request, reply) => {
    const session = await logInWithGoogle(container, google, request.body.token);
    setSessionCookies(reply, config, session);
    return { accessToken: session.accessToken };
  });

  route.post('/auth/refresh', { operationId: 'refreshSession', summary: 'Renueva el access token con la cookie de refresco (rota la cookie)', description: 'Sin cuerpo. Requiere la cabecera X-XSRF-TOKEN igual a la cookie XSRF-TOKEN (si no, 403). Sin cookie de refresco válida, 401.', access: access.public, body: emptyRequestSchema, answer: { schema: accessTokenResponseSchema }, refusals: [401, 403] }, async (request, reply) => {
    const refreshToken = readRefreshCookie(request);
    if (!refreshToken) throw unauthorized(undefined, 'REFRESH_MISSING');
    const xsrf = assertXsrf(request);
    try {
      const session = await rotateSession(container, refreshToken);
      setSessionCookies(reply, config, session, xsrf);
      return { accessToken: session.accessToken };
    } catch (err) {
      // A dead refresh cookie is dropped, so the browser stops presenting it.
      clearSessionCookies(reply, config);
      throw err;
    }
  });

  const logout = {
    summary: 'Cierra la sesión: revoca la familia de la cookie de refresco y borra las cookies',
    description: 'Sin cuerpo. Con cookie de refresco, requiere la cabecera X-XSRF-TOKEN igual a la cookie XSRF-TOKEN (si no, 403).',
    access: access.public,
    body: emptyRequestSchema,
    answer: { schema: messageResponseSchema },
    refusals: [403],
  } as const;
  const logOut = async (request: KitRequest<undefined, undefined, typeof emptyRequestSchema>, reply: FastifyReply) => {
    const refreshToken = readRefreshCookie(request);
    if (refreshToken) {
      assertXsrf(request);
      await endSession(container, refreshToken);
    }
    clearSessionCookies(reply, config);
    return { message: LOGGED_OUT };
  };
  route.post('/auth/logout', { operationId: 'logOut', ...logout }, logOut);
  // The seed calls the path with a trailing slash; both spellings work, the other one is documented.
  route.post('/auth/logout/', { operationId: 'logOutTrailingSlash', ...logout, hide: true }, logOut);
};
