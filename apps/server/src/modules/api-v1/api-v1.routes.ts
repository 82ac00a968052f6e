import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { getPlanState } from '../billing/billing.service';
import { authenticateApiKey, recordKeyUse, requireApiPlan } from './api-key-auth';
import { apiV1AccountRoutes } from './api-v1-account.routes';
import { apiV1AiVisibilityRoutes } from './api-v1-ai-visibility.routes';
import { apiV1AnalysesRoutes } from './api-v1-analyses.routes';
import { apiV1PlacesRoutes } from './api-v1-places.routes';
import { apiV1ReviewsRoutes } from './api-v1-reviews.routes';
import { limitPerApiKey } from './api-v1-rate-limit';
import { routeKit } from '../../plugins/route-kit';
import { ANALYSIS_NOT_FOUND, KEYWORD_NOT_FOUND, PLACE_NOT_FOUND, tags, v1Action } from './api-v1-route-kit';
import { presentAnalysis } from './api-v1.presenter';
import { apiV1Repository } from './api-v1.repository';
import {
  v1AnalysisPageSchema,
  v1AnalysisSchema,
  v1CreditsSchema,
  v1IdParams,
  v1KeywordPageSchema,
  v1PlacePageSchema,
} from './api-v1.schemas';
import { decodeCursor, pageOf, pageOfAll, pageQuerySchema } from './cursor';
import { rememberAnswer } from './idempotency';

// The public REST API, version 1 (docs/api.md, docs/decisions.md §26.2 and docs/decisions.md §26.3),
// registered under /api/v1; the reads here, the rest in the api-v1-*.routes.ts files it
// registers. Everything here is authenticated by an API key (api-key-auth.ts), limited per
// key, checked against its owner's plan (the plugin's hooks below) and against the permission
// its action needs (key-permissions.ts, through the route kit), and answers errors as
// {error, code} in Spanish (the app's error handler; the codes: api-v1-errors.ts).

export const apiV1Routes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const db = container.database.db;
  app.decorateRequest('apiKey', null);
  app.decorateRequest('idempotencyKey', null);
  app.addHook('onRequest', async (request) => authenticateApiKey(container, request));
  app.addHook('onRequest', limitPerApiKey(app, container.config.rateLimit.apiMax));
  app.addHook('onRequest', async (request) => requireApiPlan(container, request));
  app.addHook('onSend', async (request, reply, payload) => {
    await rememberAnswer(container, request, reply, payload);
    await recordKeyUse(container, request, reply.statusCode);
    return payload;
  });
  const userOf = (request: { apiKey: { userId: string } | null }) => {
    if (!request.apiKey) throw new Error('API v1 route without its key');
    return request.apiKey.userId;
  };
  const route = routeKit(app, { tags });

  route.get('/places', { ...v1Action( 'listPlaces', 'Paginado: más recientes primero. Ejemplo: `curl -H "Authorization: Bearer rmk_…" https://app.rankmaps.es/api/v1/places?limit=20`', ), summary: 'Lista los negocios', querystring: pageQuerySchema, answer: { schema: v1PlacePageSchema } }, async (request) => {
    const { items, nextCursor } = pageOf(
      await apiV1Repository.places(db, userOf(request), decodeCursor(request.query.cursor), request.query.limit),
      request.query.limit,
    );
    return { data: items.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })), nextCursor };
  });

  route.get('/places/:id/keywords', { ...v1Action('listPlaceKeywords', 'Paginado: más recientes primero. 404 si el negocio no es de la cuenta de la clave.'), summary: 'Las keywords de un negocio', params: v1IdParams, querystring: pageQuerySchema, answer: { schema: v1KeywordPageSchema } }, async (request) => {
    const userId = userOf(request);
    const { id } = request.params;
    if (!isUuid(id) || !(await apiV1Repository.ownsPlace(db, userId, id))) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
    const cursor = decodeCursor(request.query.cursor);
    const rows = (await apiV1Repository.keywordsOf(db, userId, id)).map((k) => ({ ...k, createdAt: k.createdAt.toISOString() }));
    const { items, nextCursor } = pageOfAll(rows, cursor, request.query.limit);
    return { data: items, nextCursor };
  });

  route.get('/keywords/:id/analyses', { ...v1Action('listKeywordAnalyses', 'Paginado: más recientes primero.'), summary: 'Los análisis de una keyword', params: v1IdParams, querystring: pageQuerySchema, answer: { schema: v1AnalysisPageSchema } }, async (request) => {
    const userId = userOf(request);
    const { id } = request.params;
    if (!isUuid(id) || !(await apiV1Repository.ownsKeyword(db, userId, id))) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
    const { limit } = request.query;
    const { items, nextCursor } = pageOf(
      await apiV1Repository.analysesOf(db, userId, id, decodeCursor(request.query.cursor), limit),
      limit,
    );
    return { data: items.map(presentAnalysis), nextCursor };
  });

  route.get('/analyses/:id', { ...v1Action('getAnalysis', 'metrics es null hasta que el análisis termina.'), summary: 'Estado y métricas de un análisis', params: v1IdParams, answer: { schema: v1AnalysisSchema } }, async (request) => {
    const { id } = request.params;
    const row = isUuid(id) ? await apiV1Repository.analysis(db, userOf(request), id) : undefined;
    if (!row) throw notFound(ANALYSIS_NOT_FOUND, 'ANALYSIS_NOT_FOUND');
    return presentAnalysis(row);
  });

  route.get('/credits', { ...v1Action('getCredits', 'Créditos del plan, extra y su suma.'), summary: 'Saldo de créditos', answer: { schema: v1CreditsSchema } }, async (request) => {
    const state = await getPlanState(container, userOf(request));
    return {
      subscriptionCredits: state.subscriptionCredits,
      extraCredits: state.extraCredits,
      total: state.subscriptionCredits + state.extraCredits,
      plan: state.currentPlan,
    };
  });

  await app.register(apiV1PlacesRoutes);
  await app.register(apiV1ReviewsRoutes);
  await app.register(apiV1AnalysesRoutes);
  await app.register(apiV1AiVisibilityRoutes);
  await app.register(apiV1AccountRoutes);
};
