import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import {
  addReportRecipientRequestSchema,
  reportRecipientParamsSchema,
  reportRecipientSchema,
  reportRecipientTokenQuerySchema,
  reportRecipientsResponseSchema,
  reportScheduleSchema,
} from '@rankmaps/shared/schemas/report-mail';
import type { ReportBrand } from '@rankmaps/shared/schemas/report';
import { escapeHtml } from '../auth/email-templates';
import { reportBrandFor } from '../reports/report-brand';
import { recipientPage } from './recipient-page';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import {
  addRecipient,
  confirmRecipient,
  listRecipients,
  readConfirmation,
  readUnsubscribe,
  removeRecipient,
  unsubscribeRecipient,
} from './recipients.service';
import { getReportSchedule, saveReportSchedule } from './report-schedule.service';
import { runReportRoundNow } from './report-dev.service';


export const CONFIRM_LINK_INVALID =
  'El enlace de confirmación no es válido. Pide a quien te envía los informes que vuelva a añadir tu dirección.';
export const UNSUBSCRIBE_LINK_INVALID = 'El enlace de baja no es válido.';

const tags = ['informes por correo'];

/**
 * A place's report recipients and schedule (owner only; another user's place answers 404 as a
 * missing one does), and the recipients' public confirmation and unsubscribe pages
 * (docs/reports.md, "Scheduled report e-mails").
 */
export const reportMailRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicRecipientRoutes);
  await app.register(reportRoundDevRoutes);
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags });

  route.get('/place/:id/report-recipients', { operationId: 'listReportRecipients', summary: 'Destinatarios de los informes del negocio', access: access.workspace('share.manage'), params: placeIdParamsSchema, answer: { schema: reportRecipientsResponseSchema } }, async (request) => listRecipients(container, workspaceId(request), request.params.id));

  // 403: a free plan; 409: the address is already on the list, or the list is full.
  route.post('/place/:id/report-recipients', { operationId: 'addReportRecipient', summary: 'Añade un destinatario y le envía el correo de confirmación', description: 'Como mucho 10 por negocio. Una dirección que ya está en la lista (en cualquier estado) → 409, y no se reenvía nada.', access: access.workspace('share.manage'), params: placeIdParamsSchema, body: addReportRecipientRequestSchema, answer: { status: 201, schema: z.object({ recipient: reportRecipientSchema, recipients: reportRecipientsResponseSchema.shape.recipients, max: z.number().int(), }), }, refusals: [403, 409] }, async (request, reply) => {
    const { recipient, list } = await addRecipient(container, workspaceId(request), request.params.id, request.body);
    return reply.status(201).send({ recipient, ...list });
  });

  route.delete('/place/:id/report-recipients/:recipientId', { operationId: 'removeReportRecipient', summary: 'Quita un destinatario', access: access.workspace('share.manage'), params: reportRecipientParamsSchema, answer: { schema: reportRecipientsResponseSchema } }, async (request) => removeRecipient(container, workspaceId(request), request.params.id, request.params.recipientId));

  route.get('/place/:id/report-schedule', { operationId: 'getReportSchedule', summary: 'Cuándo se envía el informe del negocio', access: access.workspace('share.manage'), params: placeIdParamsSchema, answer: { schema: reportScheduleSchema } }, async (request) => getReportSchedule(container, workspaceId(request), request.params.id));

  route.put('/place/:id/report-schedule', { operationId: 'saveReportSchedule', summary: 'Guarda cuándo se envía el informe del negocio', description: 'off (por defecto), weekly (después de cada escaneo semanal de sus keywords) o monthly con monthDay de 1 a 28.', access: access.workspace('share.manage'), params: placeIdParamsSchema, body: reportScheduleSchema, answer: { schema: reportScheduleSchema }, refusals: [403] }, async (request) => saveReportSchedule(container, workspaceId(request), request.params.id, request.body));
};

const sendPage = (reply: FastifyReply, status: number, title: string, body: string, brand: ReportBrand | null = null) =>
  reply.status(status).type('text/html; charset=utf-8').send(recipientPage(title, body, brand));
const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** The page of an address that no longer receives a business's reports (stopped, or unsubscribed). */
const noLongerReceiving = (email: string, business: string) => ['No recibirás informes', p(`La dirección ${email} ya no recibe los informes de ${business}.`)] as const;

/**
 * No session: the token is the credential. GET only shows a page with a button (link scanners
 * and previews follow GETs; nothing changes); the button POSTs. The unsubscribe POST is also the
 * mail client's one click (RFC 8058), so only here is a form body accepted.
 */
const publicRecipientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
    done(null, body),
  );
  const { container } = app;
  const route = routeKit(app, { tags });
  const action = (path: string, token: string) => escapeHtml(`/api/report-recipients/${path}?token=${encodeURIComponent(token)}`);
  // Every answer is a page, a link that is not valid included (400).
  const pageRoute = (summary: string, operationId: string, page200: string) =>
    ({
      operationId,
      summary,
      description:
        'Sin sesión: el token del enlace del correo es la credencial. Un enlace que no es válido recibe un 400 con una página que lo dice.',
      access: access.public,
      querystring: reportRecipientTokenQuerySchema,
      answer: { download: 'text/html', description: page200 },
    }) as const;

  route.get('/report-recipients/confirm', { ...pageRoute( 'Página para confirmar que se quieren recibir los informes', 'showReportRecipientConfirmation', 'La página con el botón Confirmar, o la que dice que ya está confirmado o de baja.', ) }, async (request, reply) => {
    const { token } = request.query;
    const found = await readConfirmation(container, token);
    if (!found) return sendPage(reply, 400, 'Enlace no válido', p(CONFIRM_LINK_INVALID));
    const { recipient, business } = found;
    const brand = await reportBrandFor(container, found.ownerId);
    if (recipient.state === 'confirmed')
      return sendPage(
        reply,
        200,
        'Dirección confirmada',
        p(`Ya estás confirmado: recibirás en ${recipient.email} los informes de ${business}.`),
        brand,
      );
    if (recipient.state !== 'pending')
      return sendPage(reply, 200, ...noLongerReceiving(recipient.email, business), brand);
    return sendPage(
      reply,
      200,
      `¿Quieres recibir los informes de ${business}?`,
      `${p(`Recibirás en ${recipient.email} los informes de posicionamiento en Google Maps de ${business}, con su PDF. Podrás darte de baja desde cualquier informe.`)}<form method="post" action="${action('confirm', token)}"><button type="submit">Confirmar</button></form>`,
      brand,
    );
  });

  route.post('/report-recipients/confirm', { ...pageRoute('Confirma que se quieren recibir los informes', 'confirmReportRecipient', 'La página que confirma la dirección.') }, async (request, reply) => {
    const done = await confirmRecipient(container, request.query.token);
    if (!done) return sendPage(reply, 400, 'Enlace no válido', p(CONFIRM_LINK_INVALID));
    const { recipient, business, changed } = done;
    const brand = await reportBrandFor(container, done.ownerId);
    if (!changed && recipient.state !== 'confirmed')
      return sendPage(reply, 200, ...noLongerReceiving(recipient.email, business), brand);
    return sendPage(reply, 200, 'Dirección confirmada', p(`¡Listo! Recibirás en ${recipient.email} los informes de ${business}.`), brand);
  });

  route.get('/report-recipients/unsubscribe', { ...pageRoute('Página de baja de los informes por correo', 'showReportRecipientUnsubscribe', 'La página con el botón Darme de baja.') }, async (request, reply) => {
    const { token } = request.query;
    const found = await readUnsubscribe(container, token);
    if (!found) return sendPage(reply, 400, 'Enlace no válido', p(UNSUBSCRIBE_LINK_INVALID));
    return sendPage(
      reply,
      200,
      '¿Dejar de recibir estos informes?',
      `${p(`Dejarás de recibir en ${found.recipient.email} los informes de ${found.business}.`)}<form method="post" action="${action('unsubscribe', token)}"><button type="submit">Darme de baja</button></form>`,
      await reportBrandFor(container, found.ownerId),
    );
  });

  route.post('/report-recipients/unsubscribe', { ...pageRoute('Baja de los informes en un clic (RFC 8058)', 'unsubscribeReportRecipient', 'La página que confirma la baja.') }, async (request, reply) => {
    const done = await unsubscribeRecipient(container, request.query.token);
    if (!done) return sendPage(reply, 400, 'Enlace no válido', p(UNSUBSCRIBE_LINK_INVALID));
    return sendPage(reply, 200, 'Baja confirmada', p(`Ya no recibirás en ${done.email} los informes de ${done.business}.`), await reportBrandFor(container, done.ownerId));
  });
};

/**
 * Runs the place's weekly round now, so a journey (e2e) or a developer sees its report e-mail
 * without waiting for the week. Only with developer tools on; in production the path is a plain 404.
 */
const reportRoundDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.container.config.devTools) return;
  routeKit(app, { tags: ['desarrollo'] }).post('/dev/report-round/:id', { operationId: 'runReportRoundNow', summary: 'Ejecuta ahora el escaneo semanal del negocio (solo con herramientas de desarrollo)', description: 'Crea y pone en cola un análisis semanal por keyword, como una ronda semanal; al terminar la ronda sale el informe por correo si el negocio lo tiene así programado.', access: access.workspace('scan.run'), params: placeIdParamsSchema, answer: { schema: z.object({ round: z.string(), analyses: z.number().int() }) }, refusals: [403] }, async (request) => runReportRoundNow(app.container, requireWorkspace(request).id, request.params.id));
};
