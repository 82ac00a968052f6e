import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import {
  REVIEW_STARS,
  replyBodySchema,
  reviewSchema,
  reviewTemplateBodySchema,
  reviewTemplateSchema,
  reviewTemplatesResponseSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  reviewsSummarySchema,
  REVIEW_SYNC_STATES,
} from '@rankmaps/shared/schemas/reviews';
import { requireWorkspace } from '../../plugins/auth';
import { requirePaidPlan } from '../billing/plan-access.service';
import { access, routeKit } from '../../plugins/route-kit';
import { gbpDepsOf } from './review-link';
import { simulateReviewArrival } from './review-demo.service';
import {
  createTemplate,
  deleteReply,
  deleteTemplate,
  listReviews,
  listTemplates,
  replyToReview,
  requestSync,
  reviewsSummary,
  updateTemplate,
} from './reviews.service';

// Reviews of a business with its Business Profile connected (docs/decisions.md §32.4). Others'
// businesses and reviews answer 404; without a connected location, 409 GBP_NOT_CONNECTED.

const reviewParamsSchema = placeIdParamsSchema.extend({ reviewId: z.string().max(100, 'Reseña no encontrada.') });
const templateParamsSchema = z.object({ id: z.string().max(100, 'Plantilla no encontrada.') });
const syncAnswerSchema = z.object({ state: z.enum(REVIEW_SYNC_STATES) });

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const deps = await gbpDepsOf(container);
  const ws = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['reseñas y ficha'] });

  route.get(
    '/place/:id/reviews',
    {
      operationId: 'listReviews',
      summary: 'Reseñas de Google del negocio',
      description:
        'Las reseñas guardadas del negocio (la sincronización las trae de Google), las más recientes primero o las sin responder primero, filtradas por estrellas, respuesta y fechas, paginadas por cursor. 409 GBP_NOT_CONNECTED si el negocio no tiene su Perfil de Empresa conectado; 409 GBP_RECONNECT_REQUIRED si la conexión caducó.',
      access: access.workspace('data.read'),
      params: placeIdParamsSchema,
      querystring: reviewsQuerySchema,
      answer: { schema: reviewsResponseSchema },
      refusals: [409, 502],
    },
    async (request) => listReviews(deps, ws(request), request.params.id, request.query),
  );

  route.get(
    '/place/:id/reviews/summary',
    {
      operationId: 'getReviewsSummary',
      summary: 'Cifras de las reseñas y estado de la sincronización',
      description:
        'Distribución de estrellas, media, tasa de respuesta y mediana de horas hasta responder sobre todas las reseñas guardadas, y el estado de la sincronización.',
      access: access.workspace('data.read'),
      params: placeIdParamsSchema,
      answer: { schema: reviewsSummarySchema },
      refusals: [409, 502],
    },
    async (request) => reviewsSummary(deps, ws(request), request.params.id),
  );

  route.post(
    '/place/:id/reviews/sync',
    {
      operationId: 'syncReviews',
      summary: 'Sincroniza ahora las reseñas del negocio',
      description: 'Pone en cola una sincronización incremental (solo lo nuevo desde la última). Si ya hay una en marcha, no empieza otra.',
      access: access.workspace('data.read'),
      params: placeIdParamsSchema,
      answer: { status: 202, schema: syncAnswerSchema },
      refusals: [403, 409, 502],
    },
    async (request, reply) => {
      // Like every write on the RankMap screens, a plan is needed (docs/product.md §6); reading and deleting stay open.
      await requirePaidPlan(container, ws(request));
      return reply.status(202).send(await requestSync(deps, ws(request), request.params.id));
    },
  );

  route.put(
    '/place/:id/reviews/:reviewId/reply',
    {
      operationId: 'replyToReview',
      summary: 'Responde a una reseña (o cambia la respuesta)',
      description:
        'Envía la respuesta a Google y la guarda cuando Google la acepta. 400 si está vacía o supera 4096 caracteres (no se envía nada); 422 GBP_REPLY_REFUSED con el motivo de Google; 409 GBP_RECONNECT_REQUIRED si la conexión caducó.',
      access: access.workspace('reviews.reply'),
      params: reviewParamsSchema,
      body: replyBodySchema,
      answer: { schema: reviewSchema },
      refusals: [403, 409, 422, 502],
    },
    async (request) => {
      await requirePaidPlan(container, ws(request));
      return replyToReview(deps, ws(request), request.params.id, request.params.reviewId, request.body.comment);
    },
  );

  route.delete(
    '/place/:id/reviews/:reviewId/reply',
    {
      operationId: 'deleteReviewReply',
      summary: 'Borra la respuesta a una reseña',
      access: access.workspace('reviews.reply'),
      params: reviewParamsSchema,
      answer: { status: 204 },
      refusals: [409, 502],
    },
    async (request, reply) => {
      await deleteReply(deps, ws(request), request.params.id, request.params.reviewId);
      return reply.status(204).send();
    },
  );

  route.get(
    '/review-templates',
    {
      operationId: 'listReviewTemplates',
      summary: 'Plantillas de respuesta del espacio de trabajo',
      access: access.workspace('data.write'),
      answer: { schema: reviewTemplatesResponseSchema },
    },
    async (request) => listTemplates(container, ws(request)),
  );

  route.post(
    '/review-templates',
    {
      operationId: 'createReviewTemplate',
      summary: 'Crea una plantilla de respuesta',
      description: 'Admite los marcadores {nombre} y {negocio}.',
      access: access.workspace('data.write'),
      body: reviewTemplateBodySchema,
      answer: { status: 201, schema: reviewTemplateSchema },
    },
    async (request, reply) => reply.status(201).send(await createTemplate(container, ws(request), request.body)),
  );

  route.put(
    '/review-templates/:id',
    {
      operationId: 'updateReviewTemplate',
      summary: 'Cambia una plantilla de respuesta',
      access: access.workspace('data.write'),
      params: templateParamsSchema,
      body: reviewTemplateBodySchema,
      answer: { schema: reviewTemplateSchema },
    },
    async (request) => updateTemplate(container, ws(request), request.params.id, request.body),
  );

  route.delete(
    '/review-templates/:id',
    {
      operationId: 'deleteReviewTemplate',
      summary: 'Borra una plantilla de respuesta',
      access: access.workspace('data.write'),
      params: templateParamsSchema,
      answer: { status: 204 },
    },
    async (request, reply) => {
      await deleteTemplate(container, ws(request), request.params.id);
      return reply.status(204).send();
    },
  );

  await app.register(reviewDevRoutes);
};

const arriveParamsSchema = z.object({ placeId: z.string().max(100, 'Lugar no encontrado.') });
const arriveBodySchema = z.object({
  stars: z
    .number('Las estrellas deben ser un número entero del 1 al 5.')
    .int('Las estrellas deben ser un número entero del 1 al 5.')
    .min(1, 'Las estrellas deben ser un número entero del 1 al 5.')
    .max(5, 'Las estrellas deben ser un número entero del 1 al 5.')
    .optional(),
});

/** A simulated review arrives (developer tools only, demo connection); in production the path is a plain 404. */
export const reviewDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.container.config.devTools) return;
  const deps = await gbpDepsOf(app.container);
  routeKit(app, { tags: ['desarrollo'] }).post(
    '/dev/review-arrive/:placeId',
    {
      operationId: 'simulateReviewArrival',
      summary: 'Simula que llega una reseña nueva (solo con herramientas de desarrollo, demo)',
      description: `Una reseña de demostración (estrellas ${REVIEW_STARS.join(', ')}; al azar si no se indican) llega al negocio y pasa por la sincronización normal, que la guarda y avisa como en producción. 409 sin la conexión de demostración.`,
      access: access.workspace('data.write'),
      params: arriveParamsSchema,
      body: arriveBodySchema,
      answer: { status: 201, schema: reviewSchema },
      refusals: [409],
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await simulateReviewArrival(
            deps,
            requireWorkspace(request).id,
            request.params.placeId,
            request.body?.stars as 1 | 2 | 3 | 4 | 5 | undefined,
          ),
        ),
  );
};
