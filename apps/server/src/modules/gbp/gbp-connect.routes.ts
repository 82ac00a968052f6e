import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { gbpCallbackQuerySchema, gbpConnectionStatusSchema, gbpStartUrlQuerySchema, gbpStartUrlResponseSchema } from '@rankmaps/shared/schemas/gbp';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import type { GbpDeps } from './gbp.deps';
import { completeCallback, disconnect, getStatus, startUrl } from './gbp-connect.service';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 400 answer to a bad state: a short page that sends the browser on to the app, which shows the error. */
function badStatePage(location: string): string {
  const href = escapeHtml(location);
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Conexión no válida</title></head><body><p>El enlace de conexión con Google Business Profile no es válido o ha caducado.</p><p><a href="${href}">Volver a RankMaps</a></p></body></html>`;
}

/** Connecting a Google Business Profile: the consent URL, Google's callback, the status and disconnecting. */
export const gbpConnectRoutes: FastifyPluginAsyncZod<{ deps: GbpDeps }> = async (app, { deps }) => {
  const route = routeKit(app, { tags: ['google business profile'] });

  route.get('/auth/google/start-url', { operationId: 'getGbpConsentUrl', summary: 'URL de consentimiento de Google para conectar Google Business Profile', description: 'La URL lleva un state firmado de un solo uso; Google vuelve a /api/auth/google/callback, que lleva al usuario a redirectAfter.', access: access.workspace('integrations.manage'), querystring: gbpStartUrlQuerySchema, answer: { schema: gbpStartUrlResponseSchema } }, async (request) => startUrl(deps, requireWorkspace(request).id, request.query.redirectAfter));

  // No bearer: the browser arrives here by redirect from Google. The signed state says who it is.
  route.get('/auth/google/callback', { operationId: 'completeGbpConnection', summary: 'Vuelta de Google tras el consentimiento (redirige a la aplicación)', description: 'Redirige a la aplicación con gbp=connected, denied o error en la dirección. Con un state no válido, caducado o ya usado responde 400 con una página HTML que lleva a la aplicación.', access: access.public, querystring: gbpCallbackQuerySchema, answer: { redirect: 302 } }, async (request, reply) => {
    const outcome = await completeCallback(deps, request.query);
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (outcome.status === 302) return reply.redirect(outcome.location, 302);
    return reply.status(400).type('text/html; charset=utf-8').send(badStatePage(outcome.location));
  });

  route.get('/gbp/connection/status', { operationId: 'getGbpConnectionStatus', summary: 'Estado de la conexión con Google Business Profile', description: 'Una conexión de otro proveedor que el activo (los datos de demostración tras pasar a Google) cuenta como ninguna.', access: access.workspace('integrations.manage'), answer: { schema: gbpConnectionStatusSchema } }, async (request) => getStatus(deps, requireWorkspace(request).id));

  route.delete('/gbp/connection', { operationId: 'disconnectGbp', summary: 'Desconecta Google Business Profile', access: access.workspace('integrations.manage'), answer: { schema: messageResponseSchema } }, async (request) => {
    await disconnect(deps, requireWorkspace(request).id);
    return { message: 'Google Business Profile desconectado.' };
  });
};
