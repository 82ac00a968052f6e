import type { FastifyRequest } from 'fastify';
import { type WorkspaceAction, can } from '@rankmaps/shared/permissions';
import { forbidden } from '../../errors';
import { requireWorkspace } from '../../plugins/auth';

/** The refusal of a role without the action, for routes and MCP tools alike. */
export const ROLE_FORBIDDEN_MESSAGE = 'Tu rol en este espacio de trabajo no permite hacer esto.';

/**
 * The hook of a route declared `access.workspace(action)`: the caller's role in the active
 * workspace must be allowed the action by the permission table (docs/decisions.md §30.2).
 * A role without it gets 403: the route exists for everyone in the workspace, only the role
 * falls short. Data the caller may not see (another workspace's, or an unassigned client's)
 * is a 404 from the route itself, as for anything that is not theirs.
 */
export function requireAction(action: WorkspaceAction) {
  return async (request: FastifyRequest) => {
    const workspace = requireWorkspace(request);
    if (!can(workspace.role, action)) throw forbidden(ROLE_FORBIDDEN_MESSAGE, 'ROLE_FORBIDDEN');
  };
}
