import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectedAppListSchema,
  oauthAuthorizationParamsSchema,
  oauthConsentSchema,
  oauthDecisionBodySchema,
  oauthDecisionSchema,
  revokedConnectedAppSchema,
} from '@rankmaps/shared/schemas/oauth';
import { requireUserId } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { CONNECTED_APP_NOT_FOUND, authorizationRequestOr400, listConnectedApps, revokeConnectedApp, WORKSPACE_NOT_FOUND } from './connected-apps.service';
import { consentDetails, decide } from './oauth-authorize.service';
import { notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { workspacesRepository } from '../workspaces/workspaces.repository';

// The session API around the authorization server (docs/api.md «OAuth», docs/decisions.md §33.3,
// docs/decisions.md §33.4): what the consent screen shows and the person's answer, and
// «Aplicaciones conectadas» in the profile. Grants are the person's own, whatever workspace they are in.

const idParams = z.object({ id: z.string().max(100, CONNECTED_APP_NOT_FOUND) });

export const oauthConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags: ['usuario'] });

  route.get('/oauth/authorization', { operationId: 'getOAuthConsent', summary: 'Lo que muestra la pantalla de consentimiento', description: 'Comprueba la petición de autorización (cliente, URI de redirección, PKCE S256, resource) y devuelve el nombre del cliente, su host de vuelta y cada espacio de trabajo de la persona con su rol y lo que el asistente podrá hacer. 400 si la petición no es válida.', access: access.session, querystring: oauthAuthorizationParamsSchema, answer: { schema: oauthConsentSchema } }, async (request) => {
    const authorization = await authorizationRequestOr400(container, request.query);
    return consentDetails(container, authorization, requireUserId(request));
  });

  route.post('/oauth/authorization', { operationId: 'decideOAuthConsent', summary: 'Permite o cancela la conexión de una aplicación', description: 'Permitir crea la autorización en el espacio de trabajo elegido (con el rol que la persona tiene allí) y devuelve la dirección del cliente con el código; cancelar la devuelve con error=access_denied. 404 si el espacio de trabajo no es de la persona.', access: access.session, body: oauthDecisionBodySchema, answer: { schema: oauthDecisionSchema }, refusals: [404] }, async (request) => {
    const { params, decision, workspaceId } = request.body;
    const userId = requireUserId(request);
    // The workspace first: one the person is not in is a 404, whatever else the request says.
    if (!isUuid(workspaceId) || !(await workspacesRepository.membership(container.database.db, workspaceId, userId))) throw notFound(WORKSPACE_NOT_FOUND, 'WORKSPACE_NOT_FOUND');
    const authorization = await authorizationRequestOr400(container, params);
    const answer = await decide(container, authorization, userId, { allow: decision === 'allow', workspaceId });
    if (!answer) throw notFound(WORKSPACE_NOT_FOUND, 'WORKSPACE_NOT_FOUND');
    return answer;
  });

  route.get('/oauth/grants', { operationId: 'listConnectedApps', summary: 'Lista las aplicaciones conectadas', description: 'Las autorizaciones OAuth vigentes de la persona: cliente, host de vuelta, espacio de trabajo, fecha y último uso. Las más recientes primero.', access: access.session, answer: { schema: connectedAppListSchema } }, async (request) => listConnectedApps(container, requireUserId(request)));

  route.delete('/oauth/grants/:id', { operationId: 'revokeConnectedApp', summary: 'Revoca una aplicación conectada', description: 'Sus tokens dejan de valer al momento: la siguiente llamada a /mcp recibe 401. Repetirla devuelve lo mismo.', access: access.session, params: idParams, answer: { schema: revokedConnectedAppSchema } }, async (request) => revokeConnectedApp(container, requireUserId(request), request.params.id));
};
