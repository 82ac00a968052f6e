import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
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
import { requireUserId } from '../../plugins/auth';
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
  const auth = { onRequest: [app.authenticate] };
  const sec = { tags: ['notificaciones'], security: [{ bearer: [] }] };

  app.get(
    '/notifications',
    { ...auth, schema: { ...sec, summary: 'Lista las notificaciones', description: 'Paginadas, de la más nueva a la más antigua, con el número de no leídas.', querystring: notificationListQuerySchema, response: { 200: notificationListSchema, 400: errorResponseSchema, 401: errorResponseSchema } } },
    async (request) => {
      const { page: p, limit } = request.query;
      const { rows, total, unread } = await notificationsRepository.list(app.container.database.db, requireUserId(request), limit, (p - 1) * limit);
      return { notifications: rows.map(presentNotification), total, unread, page: p, limit };
    },
  );

  app.post(
    '/notifications/read-all',
    { ...auth, schema: { ...sec, summary: 'Marca todas las notificaciones como leídas', response: { 200: okSchema, 401: errorResponseSchema } } },
    async (request) => {
      await notificationsRepository.markAllRead(app.container.database.db, requireUserId(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/notifications/settings',
    { ...auth, schema: { ...sec, summary: 'Ajustes de notificaciones', response: { 200: notificationSettingsSchema, 401: errorResponseSchema } } },
    async (request) => getSettings(app.container, requireUserId(request)),
  );

  app.put(
    '/notifications/settings',
    {
      ...auth,
      schema: {
        ...sec,
        summary: 'Guarda los ajustes de notificaciones',
        description: 'Modo de correo (uno por aviso o resumen diario), umbrales (1–100), interruptores por aviso y canal, y negocios silenciados.',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => saveSettings(app.container, requireUserId(request), request.body),
  );

  // The Slack-compatible webhook, the user's and a place's (docs/decisions.md §23.3, "Wiring").
  // Only the masked URL is ever answered: the URL is a secret.
  const slackErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
  const saveDescription = 'Comprueba la URL (https, dirección pública) y le envía un mensaje de prueba; un 4xx o un servicio que no responde → 400 y no se guarda.';
  app.get(
    '/notifications/slack',
    { ...auth, schema: { ...sec, summary: 'Webhook de Slack del usuario (enmascarado)', response: { 200: slackWebhookSchema, 401: errorResponseSchema } } },
    async (request) => getUserSlack(app.container, requireUserId(request)),
  );
  app.put(
    '/notifications/slack',
    { ...auth, schema: { ...sec, summary: 'Guarda el webhook de Slack del usuario', description: saveDescription, body: slackWebhookBodySchema, response: { 200: slackWebhookSchema, ...slackErrors } } },
    async (request) => saveUserSlack(app.container, requireUserId(request), request.body.url),
  );
  app.delete(
    '/notifications/slack',
    { ...auth, schema: { ...sec, summary: 'Quita el webhook de Slack del usuario', response: { 200: slackWebhookSchema, 401: errorResponseSchema } } },
    async (request) => saveUserSlack(app.container, requireUserId(request), null),
  );
  const placeParams = z.object({ id: z.string().max(100, 'Lugar no encontrado.') });
  app.get(
    '/place/:id/slack',
    { ...auth, schema: { ...sec, summary: 'Webhook de Slack del lugar (enmascarado)', params: placeParams, response: { 200: slackWebhookSchema, ...slackErrors } } },
    async (request) => getPlaceSlack(app.container, requireUserId(request), request.params.id),
  );
  app.put(
    '/place/:id/slack',
    {
      ...auth,
      schema: { ...sec, summary: 'Guarda el webhook de Slack del lugar', description: `Sustituye al del usuario para los avisos de este lugar. ${saveDescription}`, params: placeParams, body: slackWebhookBodySchema, response: { 200: slackWebhookSchema, ...slackErrors } },
    },
    async (request) => savePlaceSlack(app.container, requireUserId(request), request.params.id, request.body.url),
  );
  app.delete(
    '/place/:id/slack',
    { ...auth, schema: { ...sec, summary: 'Quita el webhook de Slack del lugar', params: placeParams, response: { 200: slackWebhookSchema, ...slackErrors } } },
    async (request) => savePlaceSlack(app.container, requireUserId(request), request.params.id, null),
  );

  app.post(
    '/notifications/:id/read',
    { ...auth, schema: { ...sec, summary: 'Marca una notificación como leída', params: notificationIdParamsSchema, response: { 200: okSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema } } },
    async (request) => {
      const { id } = request.params;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound(NOTIFICATION_NOT_FOUND, 'NOTIFICATION_NOT_FOUND');
      if (!(await notificationsRepository.markRead(app.container.database.db, requireUserId(request), id))) throw notFound(NOTIFICATION_NOT_FOUND, 'NOTIFICATION_NOT_FOUND');
      return { ok: true as const };
    },
  );
};

/**
 * The one-click unsubscribe, in a scope of its own: only here is a form body accepted (RFC 8058:
 * the mail client posts "List-Unsubscribe=One-Click"; the token is in the URL).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));

  // No session: the signed token is the credential. GET only shows a confirmation (link
  // scanners follow GETs); the form on it, or the mail client's one-click, POSTs.
  app.get(
    '/notifications/unsubscribe',
    { schema: { tags: ['notificaciones'], summary: 'Página de baja de un aviso por correo', querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      const { token } = request.query;
      const read = await readUnsubscribeToken(app.container.database.db, token);
      if (!read) throw badRequest(UNSUBSCRIBE_INVALID, 'UNSUBSCRIBE_INVALID');
      const { kind } = read;
      const what = kind === 'all' ? 'todos los avisos' : `el aviso «${NOTIFICATION_KIND_LABELS[kind]}»`;
      const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(page('¿Dejar de recibir este aviso por correo?', `<p>Dejarás de recibir por correo ${escapeHtml(what)}. Seguirás viéndolo en la campana de la app.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Darme de baja</button></form>`));
    },
  );

  app.post(
    '/notifications/unsubscribe',
    { schema: { tags: ['notificaciones'], summary: 'Baja en un clic (RFC 8058)', querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      const done = await unsubscribe(app.container, request.query.token);
      if (!done) throw badRequest(UNSUBSCRIBE_INVALID, 'UNSUBSCRIBE_INVALID');
      const what = done.kind === 'all' ? 'Ya no recibirás ningún aviso por correo.' : `Ya no recibirás por correo ${scopeName(done.kind)}.`;
      return reply.type('text/html; charset=utf-8').send(page('Baja confirmada', `<p>${escapeHtml(what)} Puedes volver a activarlo en tu perfil, pestaña Notificaciones.</p>`));
    },
  );
};
