import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { switchWorkspaceAnswerSchema, workspaceListSchema, workspaceParamsSchema } from '@rankmaps/shared/schemas/team';
import { requireUserId } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { listWorkspaces, switchWorkspace } from './workspace-switch.service';

/** The workspace switcher (docs/api.md «Equipo», docs/decisions.md §30.1): any signed-in person, about their own memberships. */
export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags: ['equipo'] });

  route.get('/workspaces', { operationId: 'listWorkspaces', summary: 'Lista los espacios de trabajo de la persona', description: 'El suyo primero; `active` marca el del token. Con la marca blanca de cada uno, si la tiene.', access: access.session, answer: { schema: workspaceListSchema } }, async (request) => listWorkspaces(container, requireUserId(request), request.workspace?.id ?? null));

  route.post('/workspaces/:id/switch', { operationId: 'switchWorkspace', summary: 'Cambia de espacio de trabajo', description: 'Devuelve un access token para ese espacio; la sesión lo recuerda al renovarse. 404 si no eres miembro.', access: access.session, params: workspaceParamsSchema, answer: { schema: switchWorkspaceAnswerSchema } }, async (request) => switchWorkspace(container, request, requireUserId(request), request.params.id));
};
