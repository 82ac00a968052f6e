import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replyBodySchema, reviewSchema, reviewsQuerySchema, reviewsResponseSchema } from '@rankmaps/shared/schemas/reviews';
import { requireUserId } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';
import { REVIEWS_NOT_CONNECTED } from '../reviews/review-errors';
import { gbpDepsOf } from '../reviews/review-link';
import { deleteReply, listReviews, replyToReview } from '../reviews/reviews.service';
import { tags, v1Action } from './api-v1-route-kit';
import { v1IdParams } from './api-v1.schemas';

// A business's Google reviews and replies (docs/api.md «Reseñas», docs/decisions.md §32.7): the
// session API's services, as the key's workspace.

const v1ReviewParams = v1IdParams.extend({ reviewId: z.string().max(100, 'Reseña no encontrada.') });
const GBP_DOC = ` 409 GBP_NOT_CONNECTED («${REVIEWS_NOT_CONNECTED}»); 409 GBP_RECONNECT_REQUIRED si la conexión caducó; 502 GBP_UNAVAILABLE si Google no responde.`;

export const apiV1ReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const deps = await gbpDepsOf(container);
  const route = routeKit(app, { tags });

  route.get(
    '/places/:id/reviews',
    {
      ...v1Action(
        'listPlaceReviews',
        `Las reseñas de Google guardadas del negocio: filtros stars (p. ej. 1,2,3), answered, from y to (AAAA-MM-DD), order (newest o unanswered) y cursor.${GBP_DOC}`,
      ),
      summary: 'Las reseñas de Google de un negocio',
      params: v1IdParams,
      querystring: reviewsQuerySchema,
      answer: { schema: reviewsResponseSchema },
      refusals: [409, 502],
    },
    async (request) => listReviews(deps, requireUserId(request), request.params.id, request.query),
  );

  route.put(
    '/places/:id/reviews/:reviewId/reply',
    {
      ...v1Action(
        'replyToPlaceReview',
        `Cuerpo: { comment } (1–4096 caracteres). Se envía a Google y se guarda cuando Google lo acepta; repetirla deja la misma respuesta. 422 GBP_REPLY_REFUSED con el motivo de Google.${GBP_DOC}`,
      ),
      summary: 'Responde a una reseña (o cambia la respuesta)',
      params: v1ReviewParams,
      body: replyBodySchema,
      answer: { schema: reviewSchema },
      refusals: [409, 422, 502],
    },
    async (request) => replyToReview(deps, requireUserId(request), request.params.id, request.params.reviewId, request.body.comment),
  );

  route.delete(
    '/places/:id/reviews/:reviewId/reply',
    {
      ...v1Action('deletePlaceReviewReply', `Borra la respuesta en Google y aquí; sin respuesta, no hace nada (204).${GBP_DOC}`),
      summary: 'Borra la respuesta a una reseña',
      params: v1ReviewParams,
      answer: { status: 204 },
      refusals: [409, 502],
    },
    async (request, reply) => {
      await deleteReply(deps, requireUserId(request), request.params.id, request.params.reviewId);
      return reply.status(204).send();
    },
  );
};
