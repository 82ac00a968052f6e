import type { FastifyRequest } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { seesWholeWorkspace } from '@rankmaps/shared/permissions';
import { requireWorkspace } from '../../plugins/auth';

/**
 * What a call may see of its workspace (docs/decisions.md §30.6): the workspace, and the
 * clients whose businesses it sees. `clientIds` null: every business (owner, admin, an API key,
 * a person alone in their workspace); a list: only the businesses of those clients, for a
 * Miembro or a Cliente. The list queries take a Scope, not a bare workspace id, so none can
 * leave the clients out; with null they run the very statements they ran before teams.
 */
export interface Scope {
  workspaceId: string;
  clientIds: readonly string[] | null;
}

/** The scope of the call: its workspace and, for a Miembro or a Cliente, the clients assigned to them. */
export function scopeOf(request: FastifyRequest): Scope {
  const { id, role, clientIds } = requireWorkspace(request);
  return { workspaceId: id, clientIds: seesWholeWorkspace(role) ? null : clientIds };
}

/** The scope of the whole workspace: background jobs, API keys and MCP act with it. */
export const wholeWorkspace = (workspaceId: string): Scope => ({ workspaceId, clientIds: null });

/**
 * The condition a scoped list adds on a business's client column: undefined when the scope sees
 * everything (so the statement is the one it always was); otherwise the client must be one of
 * the assigned ones. A business without a client belongs to no one's assignment.
 */
export function clientCondition(scope: Scope, clientColumn: AnyPgColumn | SQL): SQL | undefined {
  if (scope.clientIds === null) return undefined;
  if (scope.clientIds.length === 0) return sql`false`;
  return sql`${clientColumn} = any(${sql.param([...scope.clientIds])}::uuid[])`;
}

/** Whether the scope sees a client's businesses (a client id given in a query or a body). */
export function seesClient(scope: Scope, clientId: string | null): boolean {
  return scope.clientIds === null || (clientId !== null && scope.clientIds.includes(clientId));
}
