import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Container } from '../container';
import { registerActionTools } from './mcp-action-tools';
import { registerAiTools } from './mcp-ai-tools';
import { registerAlertTools } from './mcp-alert-tools';
import { registerCampaignTools } from './mcp-campaign-tools';
import { registerPlaceTools } from './mcp-place-tools';
import { registerPrompts } from './mcp-prompts';
import { registerReportTools } from './mcp-report-tools';
import { registerResources } from './mcp-resources';
import { registerHeatMapTool } from './mcp-heatmap-tool';
import type { McpCaller } from './mcp-result';
import { registerReadTools } from './mcp-read-tools';
import { registerReviewsTools } from './mcp-reviews-tools';
import { answerToolErrorsInSpanish } from './mcp-tool-errors';
import { scopeToolArguments } from './mcp-scope';

// The RankMaps MCP server (docs/mcp.md, docs/decisions.md §26.5): one McpServer per request,
// bound to the API key or OAuth token that authenticated it, so every tool runs as that key's
// owner with that key's scopes, or as the token's person with their role and assigned clients.
// Building one is cheap (a few dozen registrations, no I/O).

export const MCP_SERVER_INFO = { name: 'rankmaps', version: '1.0.0' } as const;

export const MCP_INSTRUCTIONS =
  'RankMaps mide la visibilidad local de un negocio en Google Maps sobre una cuadrícula de puntos. ' +
  'Empieza por list_places y list_keywords. run_scan gasta créditos: llámalo primero sin confirmCost para conocer el coste. ' +
  'Las herramientas que gastan o crean (add_place, create_campaign, run_ai_visibility) solo responden lo que harían hasta que las llamas con confirm: true. ' +
  '/ RankMaps measures a business’s local visibility on Google Maps over a grid of points. Start with list_places and list_keywords. ' +
  'run_scan spends credits: call it first without confirmCost to learn the cost. ' +
  'Tools that spend or create (add_place, create_campaign, run_ai_visibility) only answer what they would do until called with confirm: true.';

export function createMcpServer(container: Container, caller: McpCaller): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: MCP_INSTRUCTIONS });
  scopeToolArguments(server, container, caller);
  registerReadTools(server, container, caller);
  registerActionTools(server, container, caller);
  registerHeatMapTool(server, container, caller);
  registerReviewsTools(server, container, caller);
  registerPlaceTools(server, container, caller);
  registerReportTools(server, container, caller);
  registerCampaignTools(server, container, caller);
  registerAlertTools(server, container, caller);
  registerAiTools(server, container, caller);
  registerResources(server, container, caller);
  registerPrompts(server, container, caller);
  answerToolErrorsInSpanish(server);
  return server;
}
