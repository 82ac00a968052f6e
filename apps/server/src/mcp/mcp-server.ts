import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Container } from '../container';
import { registerActionTools } from './mcp-action-tools';
import type { McpCaller } from './mcp-result';
import { registerReadTools } from './mcp-read-tools';
import { answerToolErrorsInSpanish } from './mcp-tool-errors';

// The RankMaps MCP server (docs/mcp.md, docs/decisions.md §26.5): one McpServer per request,
// bound to the API key that authenticated it, so every tool runs as that key's owner with
// that key's scopes. Building one is cheap (nine tool registrations, no I/O).

export const MCP_SERVER_INFO = { name: 'rankmaps', version: '1.0.0' } as const;

export const MCP_INSTRUCTIONS =
  'RankMaps mide la visibilidad local de un negocio en Google Maps sobre una cuadrícula de puntos. ' +
  'Empieza por list_places y list_keywords. run_scan gasta créditos: llámalo primero sin confirmCost para conocer el coste. ' +
  '/ RankMaps measures a business’s local visibility on Google Maps over a grid of points. Start with list_places and list_keywords. ' +
  'run_scan spends credits: call it first without confirmCost to learn the cost.';

export function createMcpServer(container: Container, caller: McpCaller): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: MCP_INSTRUCTIONS });
  registerReadTools(server, container, caller);
  registerActionTools(server, container, caller);
  answerToolErrorsInSpanish(server);
  return server;
}
