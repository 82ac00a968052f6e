import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityListSchema, activityQuerySchema } from '@rankmaps/shared/schemas/activity';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { activityCsv, listActivity } from './activity.service';

/**
 * «Actividad» (docs/api.md, docs/decisions.md §30.5): owners and admins read who did what in
 * the workspace. Only these two routes touch the log: it is append-only.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags: ['actividad'] });
  const read = access.workspace('activity.read');
  const filters = 'Filtros: memberId (la persona), kind (scan, keyword, business, client, campaign, share, report, integration, brand, member, plan), from y to (días AAAA-MM-DD en hora de Madrid, ambos incluidos).';

  route.get('/activity', { operationId: 'listActivity', summary: 'El registro de actividad del espacio de trabajo', description: `Más recientes primero, de 50 en 50 (limit hasta 100); nextCursor da la página siguiente. ${filters}`, access: read, querystring: activityQuerySchema, answer: { schema: activityListSchema } }, async (request) =>
    listActivity(container, requireWorkspace(request).id, request.query),
  );

  route.get('/activity.csv', { operationId: 'exportActivityCsv', summary: 'Descarga el registro de actividad (CSV con «;»)', description: `Las mismas entradas que la lista, con los mismos filtros (cursor y limit no cuentan), hasta 50.000 filas. ${filters}`, access: read, querystring: activityQuerySchema, answer: { download: 'text/csv', description: 'Fecha, Persona, Tipo, Acción, Objeto y Dirección IP de cada entrada (UTF-8, separado por «;»), como adjunto.' } }, async (request, reply) => {
    const file = await activityCsv(container, requireWorkspace(request).id, request.query);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
  });
};
