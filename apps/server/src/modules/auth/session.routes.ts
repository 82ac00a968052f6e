import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessTokenResponseSchema, emptyRequestSchema, googleLoginRequestSchema, loginRequestSchema } from '@rankmaps/shared/schemas/auth';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { unauthorized } from '../../errors';
import { getOrCreateSecret } from '../../lib/secrets';
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
const tags = ['auth'];

/** Sign-in (password, Google), refresh-token rotation and logout. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const { config } = container;
  const google = config.googleClientId
    ? createGoogleIdTokenVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl, log: container.log })
    : null;
  // Its own generated key (kept in the database, shared by every process), not the JWT's.
  const devices = new DeviceCookies(await getOrCreateSecret(container.database.db, 'sign_in_device_key', undefined));

  app.post(
    '/auth/login/user',
    {
      onRequest: limitPerAddress(app, rateLimitPolicy.auth(config, 'login')),
      schema: {
        tags,
        summary: 'Inicia sesión con email y contraseña',
        body: loginRequestSchema,
        response: { 200: accessTokenResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/auth/google/user',
    {
      onRequest: limitPerAddress(app, rateLimitPolicy.auth(config, 'google')),
      schema: {
        tags,
        summary: 'Inicia sesión (o crea la cuenta) con un ID token de Google',
        body: googleLoginRequestSchema,
        response: { 200: accessTokenResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await logInWithGoogle(container, google, request.body.token);
      setSessionCookies(reply, config, session);
      return { accessToken: session.accessToken };
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Renueva el access token con la cookie de refresco (rota la cookie)',
        description: 'Sin cuerpo. Requiere la cabecera X-XSRF-TOKEN igual a la cookie XSRF-TOKEN.',
        body: emptyRequestSchema,
        response: { 200: accessTokenResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const refreshToken = readRefreshCookie(request);
    if (refreshToken) {
      assertXsrf(request);
      await endSession(container, refreshToken);
    }
    clearSessionCookies(reply, config);
    return { message: LOGGED_OUT };
  };
  const logoutSchema = {
    tags,
    summary: 'Cierra la sesión: revoca la familia de la cookie de refresco y borra las cookies',
    body: emptyRequestSchema,
    response: { 200: messageResponseSchema, 403: errorResponseSchema },
  };
  // The seed calls the path with a trailing slash; both spellings work.
  app.post('/auth/logout/', { schema: logoutSchema }, logout);
  app.post('/auth/logout', { schema: { ...logoutSchema, hide: true } }, logout);
};
