import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import {
  analyzeAdvancedRequestSchema,
  analyzeRequestSchema,
  analyzeResponseSchema,
  keywordIdParamsSchema,
  rankMapIdParamsSchema,
  rankMapListResponseSchema,
  rankMapResponseSchema,
  rankMapStatusResponseSchema,
  scanQuotaResponseSchema,
} from '@rankmaps/shared/schemas/rankmaps';
import { creditForecastResponseSchema } from '@rankmaps/shared/schemas/credit-forecast';
import { requireUserId } from '../../plugins/auth';
import { creditForecast } from './credit-forecast.service';
import { answerAnalysis, sendAnswer } from './rankmap-answer';
import * as rankmaps from './rankmaps.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['análisis'];

/** Analyses of a keyword (docs/product.md §7, /rankmap calls). Only the owner reaches them; others' ids answer 404. */
export const rankmapsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const userId = requireUserId;

  app.post(
    '/rankmap/keyword/:keywordId/analyze',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Lanza un análisis ahora', params: keywordIdParamsSchema, body: analyzeRequestSchema, response: { 201: analyzeResponseSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await rankmaps.analyze(container, userId(request), request.params.keywordId, request.body)),
  );

  app.post(
    '/rankmap/keyword/:keywordId/analyze-advanced',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Lanza un análisis en segundo plano o lo programa (scheduledFor)',
        params: keywordIdParamsSchema,
        body: analyzeAdvancedRequestSchema,
        response: { 201: analyzeResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await rankmaps.analyze(container, userId(request), request.params.keywordId, request.body)),
  );

  app.get(
    '/rankmap/scan-quota',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Análisis manuales del mes: los que da el plan, los usados y los que quedan',
        response: { 200: scanQuotaResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => rankmaps.scanQuota(container, userId(request)),
  );

  app.get(
    '/rankmap/credit-forecast',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Previsión de créditos: el trabajo programado de los próximos 7 días, lo que cuesta y lo que falta',
        response: { 200: creditForecastResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => creditForecast(container, userId(request)),
  );

  app.get(
    '/rankmap/keyword/:keywordId',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Análisis de una keyword', params: keywordIdParamsSchema, response: { 200: rankMapListResponseSchema, ...errors } } },
    async (request) => rankmaps.listAnalyses(container, userId(request), request.params.keywordId),
  );

  app.get(
    '/rankmap/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Un análisis con sus resultados y competidores', params: rankMapIdParamsSchema, response: { 200: rankMapResponseSchema, ...errors } } },
    async (request, reply) => {
      // Serialised (and for a completed analysis, compressed and kept) by answerAnalysis: a 25×25 answer is 3.8 MB of JSON.
      const answer = await answerAnalysis(container, userId(request), request.params.id, {
        acceptEncoding: request.headers['accept-encoding'],
        noCompression: request.headers['x-no-compression'] !== undefined,
      });
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/rankmap/:id/status',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Estado y progreso de un análisis', params: rankMapIdParamsSchema, response: { 200: rankMapStatusResponseSchema, ...errors } } },
    async (request) => rankmaps.getStatus(container, userId(request), request.params.id),
  );

  app.delete(
    '/rankmap/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Borra un análisis', params: rankMapIdParamsSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await rankmaps.deleteAnalysis(container, userId(request), request.params.id);
      return { message: 'Análisis borrado correctamente' };
    },
  );

  app.delete(
    '/rankmap/scheduled/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Cancela un análisis programado', params: rankMapIdParamsSchema, response: { 200: messageResponseSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request) => {
      await rankmaps.deleteScheduled(container, userId(request), request.params.id);
      return { message: 'Análisis programado eliminado correctamente' };
    },
  );
};
