import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coastlineQuerySchema, coastlineResponseSchema } from '@rankmaps/shared/schemas/geo';
import { AppError } from '../../errors';
import { access, routeKit } from '../../plugins/route-kit';
import { coastlineInBox } from './coastline';

/** How long a request waits for the sea index to load (a cold build takes longer: it then answers 503). */
const READY_WAIT_MS = 20_000;

const coastlineUnavailable = () =>
  new AppError('COASTLINE_UNAVAILABLE', 'La línea de costa no está disponible todavía. Inténtalo de nuevo en unos minutos.', 503);

/**
 * GET /api/geo/coastline: the coastline near a box, from the prepared sea index. The
 * matrix editor draws it when the basemap's tiles cannot load, so the sea points still
 * make sense on the map.
 */
export const coastlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags: ['negocios'] });

  route.get('/geo/coastline', { operationId: 'getCoastline', summary: 'Línea de costa de un área', description: 'Polilíneas [lat, lng] de la costa que cruza el área (como máximo 1,5° de lado), de los mismos polígonos que la detección de puntos en el mar. Vacío tierra adentro.', access: access.workspace('data.read'), querystring: coastlineQuerySchema, answer: { schema: coastlineResponseSchema }, refusals: [503] }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        container.seaIndex.ready(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('sea index still loading')), READY_WAIT_MS);
        }),
      ]);
    } catch (err) {
      request.log.warn({ err }, 'línea de costa no disponible');
      throw coastlineUnavailable();
    } finally {
      clearTimeout(timer);
    }
    // The coastline never changes while the server runs: the browser may keep it.
    void reply.header('cache-control', 'private, max-age=86400');
    return { lines: coastlineInBox(container.seaIndex.indexData(), request.query) };
  });
};
