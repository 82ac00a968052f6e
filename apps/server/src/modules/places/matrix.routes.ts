import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateMatrixRequestSchema, generateMatrixResponseSchema } from '@rankmaps/shared/schemas/places';
import { access, routeKit } from '../../plugins/route-kit';
import { generateMatrixForPlace } from './matrix.service';

/** POST /api/place/generate-matrix: the grid of search points around a business, with the points on the sea marked. */
export const matrixRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags: ['negocios'] });

  // The sea index is still loading or failed to load.
  route.post('/place/generate-matrix', { operationId: 'generatePlaceGrid', summary: 'Genera la cuadrícula de puntos alrededor de un negocio', description: 'Cuadrícula size × size centrada en el negocio; los puntos extremos norte, sur, este y oeste están a maxDistance metros. Con filterLandPoints, los puntos en el mar se marcan onSea y quedan a null en matrix.', access: access.workspace('data.write'), body: generateMatrixRequestSchema, answer: { schema: generateMatrixResponseSchema }, refusals: [503] }, async (request) => generateMatrixForPlace(container, request.body));
};
