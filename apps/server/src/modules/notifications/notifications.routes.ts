import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_KIND_LABELS,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsSchema,
  slackWebhookBodySchema,
  slackWebhookSchema,
  unsubscribeQuerySchema,
} from '@rankmaps/shared/schemas/notifications';
import { escapeHtml } from '../auth/email-templates';
import { notFound, badRequest } from '../../errors';
import { requireUserId, requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { notificationsRepository } from './notifications.repository';
import { getSettings, presentNotification, saveSettings, unsubscribe } from './notifications.service';
import { getPlaceSlack, getUserSlack, savePlaceSlack, saveUserSlack } from './slack.service';
import { type UnsubscribeScope, readUnsubscribeToken } from './unsubscribe-token';

export const NOTIFICATION_NOT_FOUND = 'Notificación no encontrada.';
export const UNSUBSCRIBE_INVALID = 'El enlace de baja no es válido. Puedes cambiar tus avisos en tu perfil, pestaña Notificaciones.';

const okSchema = z.object({ ok: z.literal(true) });

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · RankMaps</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const scopeName = (kind: UnsubscribeScope) => (kind === 'all' ? 'ningún aviso' : `el aviso «${NOTIFICATION_KIND_LABELS[kind]}»`);

/**
 * The in-app notifications, their settings and the one-click unsubscribe of the alert e-mails
 * (docs/decisions.md §23.2).
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(unsubscribeRoutes);
  const route = routeKit(app, { tags: ['notificaciones'] });
  const session = access.session;

  route.get('/notifications', { operationId: 'listNotifications', summary: 'Lista las notificaciones', description: 'Paginadas, de la más nueva a la más antigua, con el número de no leídas.', access: session, querystring: notificationListQuerySchema, answer: { schema: notificationListSchema } }, async (request) => {
    const { page: p, limit } = request.query;
    const { rows, total, unread } = await notificationsRepository.list(
      app.container.database.db,
      requireUserId(request),
      limit,
      (p - 1) * limit,
    );
    return { notifications: rows.map(presentNotification), total, unread, page: p, limit };
  });

  route.post('/notifications/read-all', { operationId: 'markAllNotificationsRead', summary: 'Marca todas las notificaciones como leídas', access: session, answer: { schema: okSchema } }, async (request) => {
    await notificationsRepository.markAllRead(app.container.database.db, requireUserId(request));
    return { ok: true as const };
  });

  route.get('/notifications/settings', { operationId: 'getNotificationSettings', summary: 'Ajustes de notificaciones', access: session, answer: { schema: notificationSettingsSchema } }, async (request) => getSettings(app.container, requireUserId(request)));

  // A muted place that is not the user's.
  route.put('/notifications/settings', { operationId: 'saveNotificationSettings', summary: 'Guarda los ajustes de notificaciones', description: 'Modo de correo (uno por aviso o resumen diario), umbrales (1–100), interruptores por aviso y canal, y negocios silenciados.', access: session, body: notificationSettingsSchema, answer: { schema: notificationSettingsSchema }, refusals: [404] }, async (request) => saveSettings(app.container, requireUserId(request), request.body));

  // The Slack-compatible webhook, the user's and a place's (docs/decisions.md §23.3, "Wiring").
  // Only the masked URL is ever answered: the URL is a secret.
  const saveDescription =
    'Comprueba la URL (https, dirección pública) y le envía un mensaje de prueba; un 4xx o un servicio que no responde → 400 y no se guarda.';
  route.get('/notifications/slack', { operationId: 'getUserSlackWebhook', summary: 'Webhook de Slack del usuario (enmascarado)', access: access.workspace('integrations.manage'), answer: { schema: slackWebhookSchema } }, async (request) => getUserSlack(app.container, requireWorkspace(request).id));
  route.put('/notifications/slack', { operationId: 'saveUserSlackWebhook', summary: 'Guarda el webhook de Slack del usuario', description: saveDescription, access: access.workspace('integrations.manage'), body: slackWebhookBodySchema, answer: { schema: slackWebhookSchema } }, async (request) => saveUserSlack(app.container, requireWorkspace(request).id, request.body.url));
  route.delete('/notifications/slack', { operationId: 'deleteUserSlackWebhook', summary: 'Quita el webhook de Slack del usuario', access: access.workspace('integrations.manage'), answer: { schema: slackWebhookSchema } }, async (request) => saveUserSlack(app.container, requireWorkspace(request).id, null));
  const placeParams = z.object({ id: z.string().max(100, 'Lugar no encontrado.') });
  route.get('/place/:id/slack', { operationId: 'getPlaceSlackWebhook', summary: 'Webhook de Slack del lugar (enmascarado)', access: access.workspace('integrations.manage'), params: placeParams, answer: { schema: slackWebhookSchema } }, async (request) => getPlaceSlack(app.container, requireWorkspace(request).id, request.params.id));
  route.put('/place/:id/slack', { operationId: 'savePlaceSlackWebhook', summary: 'Guarda el webhook de Slack del lugar', description: `Sustituye al del usuario para los avisos de este lugar. ${saveDescription}`, access: access.workspace('integrations.manage'), params: placeParams, body: slackWebhookBodySchema, answer: { schema: slackWebhookSchema } }, async (request) => savePlaceSlack(app.container, requireWorkspace(request).id, request.params.id, request.body.url));
  route.delete('/place/:id/slack', { operationId: 'deletePlaceSlackWebhook', summary: 'Quita el webhook de Slack del lugar', access: access.workspace('integrations.manage'), params: placeParams, answer: { schema: slackWebhookSchema } }, async (request) => savePlaceSlack(app.container, requireWorkspace(request).id, request.params.id, null));

  route.post('/notifications/:id/read', { operationId: 'markNotificationRead', summary: 'Marca una notificación como leída', access: session, params: notificationIdParamsSchema, answer: { schema: okSchema } }, async (request) => {
    const { id } = request.params;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw notFound(NOTIFICATION_NOT_FOUND, 'NOTIFICATION_NOT_FOUND');
    if (!(await notificationsRepository.markRead(app.container.database.db, requireUserId(request), id)))
      throw notFound(NOTIFICATION_NOT_FOUND, 'NOTIFICATION_NOT_FOUND');
    return { ok: true as const };
  });
};

/**
 * The one-click unsubscribe, in a scope of its own: only here is a form body accepted (RFC 8058:
 * the mail client posts "List-Unsubscribe=One-Click"; the token is in the URL).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
    done(null, body),
  );
  const route = routeKit(app, { tags: ['notificaciones'] });
  const description = 'Sin sesión: el token firmado del enlace es la credencial. Un enlace que no es válido recibe un 400.';

  // No session: the signed token is the credential. GET only shows a confirmation (link
  // scanners follow GETs); the form on it, or the mail client's one-click, POSTs.
  route.get('/notifications/unsubscribe', { operationId: 'showAlertUnsubscribe', summary: 'Página de baja de un aviso por correo', description, access: access.public, querystring: unsubscribeQuerySchema, answer: { download: 'text/html', description: 'La página con el botón Darme de baja.' } }, async (request, reply) => {
    const { token } = request.query;
    const read = await readUnsubscribeToken(app.container.database.db, token);
    if (!read) throw badRequest(UNSUBSCRIBE_INVALID, 'UNSUBSCRIBE_INVALID');
    const { kind } = read;
    const what = kind === 'all' ? 'todos los avisos' : `el aviso «${NOTIFICATION_KIND_LABELS[kind]}»`;
    const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          '¿Dejar de recibir este aviso por correo?',
          `<p>Dejarás de recibir por correo ${escapeHtml(what)}. Seguirás viéndolo en la campana de la app.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Darme de baja</button></form>`,
        ),
      );
  });

  route.post('/notifications/unsubscribe', { operationId: 'unsubscribeFromAlert', summary: 'Baja en un clic (RFC 8058)', description, access: access.public, querystring: unsubscribeQuerySchema, answer: { download: 'text/html', description: 'La página que confirma la baja.' } }, async (request, reply) => {
    const done = await unsubscribe(app.container, request.query.token);
    if (!done) throw badRequest(UNSUBSCRIBE_INVALID, 'UNSUBSCRIBE_INVALID');
    const what = done.kind === 'all' ? 'Ya no recibirás ningún aviso por correo.' : `Ya no recibirás por correo ${scopeName(done.kind)}.`;
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Baja confirmada', `<p>${escapeHtml(what)} Puedes volver a activarlo en tu perfil, pestaña Notificaciones.</p>`));
  });
};
