import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { generateMatrixRequestSchema, generateMatrixResponseSchema } from '@rankmaps/shared/schemas/places';
import { generateMatrixForPlace } from './matrix.service';

/** POST /api/place/generate-matrix: the grid of search points around a business, with the points on the sea marked. */
export const matrixRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  app.post(
    '/place/generate-matrix',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['negocios'],
        summary: 'Genera la cuadrícula de puntos alrededor de un negocio',
        description:
          'Cuadrícula size × size centrada en el negocio; los puntos extremos norte, sur, este y oeste están a maxDistance metros. Con filterLandPoints, los puntos en el mar se marcan onSea y quedan a null en matrix.',
        security: [{ bearer: [] }],
        body: generateMatrixRequestSchema,
        response: { 200: generateMatrixResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => generateMatrixForPlace(container, request.body),
  );
};
