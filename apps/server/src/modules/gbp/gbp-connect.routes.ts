import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { gbpCallbackQuerySchema, gbpConnectionStatusSchema, gbpStartUrlQuerySchema, gbpStartUrlResponseSchema } from '@rankmaps/shared/schemas/gbp';
import { requireUserId } from '../../plugins/auth';
import type { GbpDeps } from './gbp.deps';
import { completeCallback, disconnect, getStatus, startUrl } from './gbp-connect.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['google business profile'];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 400 answer to a bad state: a short page that sends the browser on to the app, which shows the error. */
function badStatePage(location: string): string {
  const href = escapeHtml(location);
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Conexión no válida</title></head><body><p>El enlace de conexión con Google Business Profile no es válido o ha caducado.</p><p><a href="${href}">Volver a RankMaps</a></p></body></html>`;
}

/** Connecting a Google Business Profile: the consent URL, Google's callback, the status and disconnecting. */
export const gbpConnectRoutes: FastifyPluginAsyncZod<{ deps: GbpDeps }> = async (app, { deps }) => {
  app.get(
    '/auth/google/start-url',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'URL de consentimiento de Google para conectar Google Business Profile',
        querystring: gbpStartUrlQuerySchema,
        response: { 200: gbpStartUrlResponseSchema, ...errors },
      },
    },
    async (request) => startUrl(deps, requireUserId(request), request.query.redirectAfter),
  );

  // No bearer: the browser arrives here by redirect from Google. The signed state says who it is.
  app.get(
    '/auth/google/callback',
    { schema: { tags, summary: 'Vuelta de Google tras el consentimiento (redirige a la aplicación)', querystring: gbpCallbackQuerySchema } },
    async (request, reply) => {
      const outcome = await completeCallback(deps, request.query);
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (outcome.status === 302) return reply.redirect(outcome.location, 302);
      return reply.status(400).type('text/html; charset=utf-8').send(badStatePage(outcome.location));
    },
  );

  app.get(
    '/gbp/connection/status',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Estado de la conexión con Google Business Profile', response: { 200: gbpConnectionStatusSchema, 401: errorResponseSchema } } },
    async (request) => getStatus(deps, requireUserId(request)),
  );

  app.delete(
    '/gbp/connection',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Desconecta Google Business Profile', response: { 200: messageResponseSchema, 401: errorResponseSchema } } },
    async (request) => {
      await disconnect(deps, requireUserId(request));
      return { message: 'Google Business Profile desconectado.' };
    },
  );
};
