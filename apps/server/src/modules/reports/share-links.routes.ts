import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportSchema } from '@rankmaps/shared/schemas/report';
import {
  createShareLinkBodySchema,
  createdShareLinkSchema,
  shareLinkIdParamsSchema,
  shareLinkListQuerySchema,
  shareLinkListSchema,
  shareLinkSchema,
  shareTokenParamsSchema,
} from '@rankmaps/shared/schemas/share-links';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { createShareLink, listShareLinks, revokeShareLink, viewSharedReport } from './share-links.service';

/** What every answer of a shared report carries, found or not: never indexed, never cached, never a referrer. */
export const SHARED_REPORT_HEADERS = {
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

/** The owner's share links (docs/reports.md "Share links", docs/decisions.md §24.4). */
export const shareLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags: ['informes'] });

  // The analysis, keyword or place is not the user's.
  route.post('/share-links', { operationId: 'createReportShareLink', summary: 'Crea un enlace público de un informe', description: 'Para un análisis completado, una keyword (su historial) o un negocio. Caduca a los 30 o 90 días, o nunca (null). embedOrigins: hasta 5 orígenes https que pueden insertar el informe. La respuesta es la única vez que se muestra el token (dentro de `url`).', access: access.workspace('share.manage'), body: createShareLinkBodySchema, answer: { status: 201, schema: createdShareLinkSchema }, refusals: [404] }, async (request, reply) => reply.status(201).send(await createShareLink(container, requireWorkspace(request).id, request.body)));

  route.get('/share-links', { operationId: 'listReportShareLinks', summary: 'Los enlaces de un informe', description: 'Creación, caducidad, revocación, visitas y última visita; nunca el token.', access: access.workspace('share.manage'), querystring: shareLinkListQuerySchema, answer: { schema: shareLinkListSchema }, refusals: [404] }, async (request) => ({
    links: await listShareLinks(container, requireWorkspace(request).id, request.query.scope, request.query.targetId),
  }));

  route.delete('/share-links/:id', { operationId: 'revokeReportShareLink', summary: 'Revoca un enlace', description: 'Deja de abrir el informe al momento y sigue en la lista como revocado.', access: access.workspace('share.manage'), params: shareLinkIdParamsSchema, answer: { schema: shareLinkSchema } }, async (request) => revokeShareLink(container, requireWorkspace(request).id, request.params.id));

  await app.register(sharedReportRoutes);
};

/** The public report of a token: no account, rate-limited per address. */
const sharedReportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated here: only these answers get the headers, 404s and 429s included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SHARED_REPORT_HEADERS);
  });
  const route = routeKit(app, { tags: ['informes'] });
  route.get('/share/:token', { operationId: 'viewSharedReport', summary: 'El informe de un enlace público', description: 'Sin cuenta. Cuenta una visita. Un token desconocido, alterado, caducado o revocado recibe siempre el mismo 404. Limitado por dirección.', access: access.public, params: shareTokenParamsSchema, answer: { schema: reportSchema }, onRequest: [limitPerAddress(app, rateLimitPolicy.shareView(app.container.config))] }, async (request) => viewSharedReport(app.container, request.params.token));
};
