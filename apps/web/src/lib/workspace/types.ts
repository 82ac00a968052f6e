// GET /api/workspaces (docs/decisions.md §30.7): the server's own schema's types.
export type { WorkspaceBrand, WorkspaceItem, WorkspaceList } from '@rankmaps/shared/schemas/team';
