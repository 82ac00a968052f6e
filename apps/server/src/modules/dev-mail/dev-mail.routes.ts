import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailListSchema } from '@rankmaps/shared/schemas/dev-mail';
import { z } from 'zod';
import { loopbackOnly } from '../../dev-tools';
import { notFound } from '../../errors';
import { access, routeKit } from '../../plugins/route-kit';
import { emailAttachment, listRecentEmails } from './dev-mail.service';

const ATTACHMENT_NOT_FOUND = 'Adjunto no encontrado.';

/**
 * The local outbox, so sign-up and reset links can be followed without a mail server.
 * It exists only with developer tools on (DEV_TOOLS=true); otherwise the path is a plain 404.
 * Even then it holds every user's confirmation and reset links, so it answers only clients on
 * this machine, and everyone else gets the same 404 (docs/decisions.md §29.8). Left out of
 * the API reference: a development tool, not part of the API.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.container.config.devTools) return;
  const route = routeKit(app, { tags: ['desarrollo'] });

  route.get('/dev/mail', { operationId: 'listDevMail', summary: 'Últimos 50 emails guardados (solo con herramientas de desarrollo)', access: access.public, onRequest: [loopbackOnly], hide: true, answer: { schema: devMailListSchema } }, async () => ({ emails: await listRecentEmails(app.container) }));

  route.get('/dev/mail/:id/attachments/:index', { operationId: 'downloadDevMailAttachment', summary: 'Descarga un adjunto de un email guardado (solo con herramientas de desarrollo)', access: access.public, onRequest: [loopbackOnly], hide: true, params: z.object({ id: z.string().max(100, ATTACHMENT_NOT_FOUND), index: z.string().regex(/^\d{1,2}$/, ATTACHMENT_NOT_FOUND) }), answer: { download: 'application/octet-stream', description: 'El adjunto, con su propio tipo de contenido.' } }, async (request, reply) => {
    const found = await emailAttachment(app.container, request.params.id, Number(request.params.index));
    if (!found) throw notFound(ATTACHMENT_NOT_FOUND, 'ATTACHMENT_NOT_FOUND');
    return reply
      .type(found.contentType)
      .header('content-disposition', `attachment; filename="${found.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .send(found.content);
  });
};
