import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportSchema } from '@rankmaps/shared/schemas/report';
import { AppError, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { requireUserId } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';
import { importKeywords } from '../keywords/keyword-import.service';
import { listingChangesQuerySchema, listingChangesResponseSchema, reviewPaceResponseSchema } from '@rankmaps/shared/schemas/review-pace';
import { listListingChanges } from '../listing-guard/listing-guard.service';
import { getReviewPace } from '../listing-guard/review-pace.service';
import { buildPlaceReport } from '../reports/report-builder.service';
import { IDEMPOTENCY_DOC, PLACE_NOT_FOUND, idempotencyHeadersSchema, tags, v1Action } from './api-v1-route-kit';
import { apiV1Repository, placeOf } from './api-v1.repository';
import { v1BulkKeywordsBodySchema, v1BulkKeywordsResultSchema, v1IdParams, v1PlaceSchema } from './api-v1.schemas';
import { idempotent } from './idempotency';
import { wholeWorkspace } from '../workspaces/scope';

// One place, its keywords added in bulk and its report (docs/api.md «Negocios»).

export const apiV1PlacesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const db = container.database.db;
  const route = routeKit(app, { tags });

  route.get('/places/:id', { ...v1Action('getPlace', 'Ejemplo: `curl -H "Authorization: Bearer rmk_…" https://app.rankmaps.es/api/v1/places/{id}`'), summary: 'Un negocio', params: v1IdParams, answer: { schema: v1PlaceSchema } }, async (request) => {
    const { id } = request.params;
    const row = isUuid(id) ? await placeOf(db, requireUserId(request), id) : undefined;
    if (!row) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
    return { ...row, createdAt: row.createdAt.toISOString() };
  });

  route.post('/places/:id/keywords', { ...v1Action( 'addPlaceKeywords', 'Todo o nada, con la importación en bloque de la aplicación: las que ya existen (o se repiten) se saltan y se listan en skipped; si alguna supera el límite del plan o no es válida, 400 KEYWORD_IMPORT_INVALID y no se añade ninguna. Ejemplo: `curl -X POST -H "Authorization: Bearer rmk_…" -H "Content-Type: application/json" -d \'{"keywords":["dentista urgencias","implantes"]}\' https://app.rankmaps.es/api/v1/places/{id}/keywords`.' + IDEMPOTENCY_DOC, ), summary: 'Añade keywords a un negocio (en bloque)', params: v1IdParams, headers: idempotencyHeadersSchema, body: v1BulkKeywordsBodySchema, answer: { status: 201, schema: v1BulkKeywordsResultSchema }, refusals: [409], preHandler: [idempotent(container)] }, async (request, reply) => {
    const userId = requireUserId(request);
    const { id } = request.params;
    if (!isUuid(id) || !(await apiV1Repository.ownsPlace(db, userId, id))) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
    const outcome = await importKeywords(container, wholeWorkspace(userId), { source: 'text', placeIds: [id], text: request.body.keywords.join('\n') });
    if (!outcome.ok) {
      const problems = outcome.error.rows?.map((r) => `«${r.keyword}»: ${r.message ?? r.status}`).slice(0, 5) ?? [];
      throw new AppError(outcome.error.code, [outcome.error.error, ...problems].join(' '), 400);
    }
    const added = new Set(outcome.result.rows.filter((r) => r.status === 'ok').map((r) => r.keyword));
    const created = (await apiV1Repository.keywordsOf(db, userId, id)).filter((k) => added.has(k.name));
    return reply.status(201).send({
      created: created.map((k) => ({ ...k, createdAt: k.createdAt.toISOString() })),
      skipped: outcome.result.rows.filter((r) => r.status !== 'ok').map((r) => ({ keyword: r.keyword, reason: r.message ?? r.status })),
    });
  });

  route.get('/places/:id/report', { ...v1Action( 'getPlaceReport', 'El mismo informe que la aplicación muestra y comparte: un resumen y una sección por keyword con su último análisis.', ), summary: 'El informe de un negocio', params: v1IdParams, answer: { schema: reportSchema } }, async (request) => buildPlaceReport(container, requireUserId(request), request.params.id));

  route.get('/places/:id/review-pace', { ...v1Action('getPlaceReviewPace', 'Lo mismo que la aplicación muestra en «Ritmo de reseñas»: por negocio (el tuyo y sus competidores seguidos), valoración y reseñas por día, reseñas al mes en los últimos 90 días (null: sin datos suficientes), distancia al líder y meses para alcanzarlo.'), summary: 'El ritmo de reseñas de un negocio y de sus competidores seguidos', params: v1IdParams, answer: { schema: reviewPaceResponseSchema } }, async (request) => getReviewPace(container, requireUserId(request), request.params.id));

  route.get('/places/:id/listing-changes', { ...v1Action('listPlaceListingChanges', 'Los cambios de nombre, categoría principal o dirección vistos en los resultados de búsqueda, del más reciente al más antiguo. Paginado por cursor: pasa nextCursor como cursor.'), summary: 'Los cambios en la ficha de un negocio', params: v1IdParams, querystring: listingChangesQuerySchema, answer: { schema: listingChangesResponseSchema } }, async (request) => listListingChanges(container, requireUserId(request), request.params.id, request.query));
};
