import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_ROLES, can } from '@rankmaps/shared/permissions';
import { MCP_TOOL_ACTIONS, type McpToolName } from '../modules/api-keys/key-permissions';
import { MCP_TOOL_WORKSPACE_ACTIONS, type McpCaller, runTool, toolResult } from './mcp-result';

// The MCP tools read the workspace permission table too (docs/decisions.md §30.6): each names
// the action it does, and runTool refuses a caller whose role may not do it, before any work.
// A key acts as its workspace with the role 'admin' today, which every tool's action allows.

const log = pino({ level: 'silent' });
const caller = (role: McpCaller['role']): McpCaller => ({
  userId: 'w',
  keyId: 'k',
  scopes: ['read', 'scans'],
  scope: { workspaceId: 'w', clientIds: null },
  role,
  actorId: 'a',
});
const tools = Object.keys(MCP_TOOL_ACTIONS) as McpToolName[];

describe('MCP tools and the workspace permission table', () => {
  it('when a Cliente calls a tool that spends, shares or changes, then ROLE_FORBIDDEN in Spanish and the tool does not run', async () => {
    for (const tool of [
      'run_scan',
      'create_share_link',
      'get_credits',
      'add_place',
      'add_keywords',
      'create_campaign',
      'pause_campaign',
      'run_ai_visibility',
    ] as const) {
      let ran = false;
      const result = await runTool(log, caller('client'), tool, async () => {
        ran = true;
        return toolResult('hecho', {});
      });
      expect(result, tool).toMatchObject({
        isError: true,
        _meta: { code: 'ROLE_FORBIDDEN' },
        content: [{ type: 'text', text: 'Tu rol en este espacio de trabajo no permite hacer esto.' }],
      });
      expect(ran, tool).toBe(false);
    }
  });

  it('when a Cliente calls a reading tool, then it runs', async () => {
    const result = await runTool(log, caller('client'), 'list_places', async () => toolResult('hecho', { ok: true }));
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ ok: true });
  });

  it('when the table is read, then every tool has an action, and the admin role a key acts with may do all of them', () => {
    expect(Object.keys(MCP_TOOL_WORKSPACE_ACTIONS).sort()).toEqual([...tools].sort());
    for (const tool of tools) expect(can('admin', MCP_TOOL_WORKSPACE_ACTIONS[tool]), tool).toBe(true);
    // Each role is refused exactly the tools whose action the table does not grant it.
    for (const role of WORKSPACE_ROLES) {
      const refused = tools.filter((tool) => !can(role, MCP_TOOL_WORKSPACE_ACTIONS[tool]));
      const expected: Record<typeof role, string[]> = {
        owner: [],
        admin: [],
        // The activity log is the owner's and the admins' (docs/decisions.md §30.2).
        member: ['list_activity'],
        // A Cliente reads, and nothing else (docs/decisions.md §33.3); no reply to a review (docs/decisions.md §32.8).
        client: [
          'add_keywords',
          'add_place',
          'create_campaign',
          'create_share_link',
          'get_credits',
          'list_activity',
          'list_share_links',
          'pause_campaign',
          'reply_to_review',
          'resume_campaign',
          'run_ai_visibility',
          'run_scan',
          'search_places',
        ],
      };
      expect(refused.sort(), role).toEqual(expected[role]);
    }
  });
});
