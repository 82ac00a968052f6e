import type { FastifyRequest } from 'fastify';
import { WORKSPACE_NOT_FOUND, type SwitchWorkspaceAnswer, type WorkspaceList } from '@rankmaps/shared/schemas/team';
import type { Container } from '../../container';
import { notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { brandAccess } from '../reports/report-brand.service';
import { presentBrand } from '../team/workspace-brand';
import { teamRepository } from '../team/team.repository';
import { workspacesRepository } from './workspaces.repository';

type Deps = Pick<Container, 'accessTokens' | 'config' | 'database'>;

/**
 * GET /api/workspaces. Whether a workspace's portal shows «Hecho con RankMaps» needs its plan,
 * read only for a brand that asks to hide it (most have none): one list query otherwise.
 */
export async function listWorkspaces(container: Deps, userId: string, activeId: string | null): Promise<WorkspaceList> {
  const rows = await teamRepository.listForUserWithBrands(container.database.db, userId);
  const items = await Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      role: r.role,
      active: r.id === activeId,
      brand: presentBrand(r.brand),
      poweredBy: !(r.brand?.hidePoweredBy && (await brandAccess(container, r.id)).hidePoweredBy),
    })),
  );
  return { items };
}

/** The session (refresh-token family) of the call's access token; null for a token without one. */
async function sessionIdOf(container: Deps, request: FastifyRequest): Promise<string | null> {
  const token = request.headers.authorization?.slice(7).trim() ?? '';
  return (await container.accessTokens.verifyClaims(token))?.sessionId ?? null;
}

/**
 * POST /api/workspaces/:id/switch: a token for that workspace, which the session remembers,
 * so a refresh stays there (docs/decisions.md §30.1). Not a member: 404, as for a missing one.
 */
export async function switchWorkspace(container: Deps, request: FastifyRequest, userId: string, workspaceId: string): Promise<SwitchWorkspaceAnswer> {
  const db = container.database.db;
  if (!isUuid(workspaceId) || !(await workspacesRepository.membership(db, workspaceId, userId))) throw notFound(WORKSPACE_NOT_FOUND, 'WORKSPACE_NOT_FOUND');
  const sessionId = await sessionIdOf(container, request);
  if (sessionId) await workspacesRepository.rememberSessionWorkspace(db, sessionId, workspaceId);
  return { accessToken: await container.accessTokens.sign(userId, sessionId ?? undefined, workspaceId) };
}
