import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { can } from '@rankmaps/shared/permissions';
import { portfolioQuerySchema } from '@rankmaps/shared/schemas/workspace';
import type { Container } from '../container';
import { AppError } from '../errors';
import { isUuid } from '../lib/uuid';
import { presentAnalysis } from '../modules/api-v1/api-v1.presenter';
import { apiV1Repository } from '../modules/api-v1/api-v1.repository';
import { getPortfolio } from '../modules/portfolio/portfolio.service';
import { type McpCaller, requireToolScope } from './mcp-result';
import { RESOURCE_NOT_FOUND_CODE } from './mcp-rpc-errors';
import { scopedArguments } from './mcp-scope';

// The resources of the MCP server (issue 32, docs/mcp.md «Resources»): the latest completed
// analysis of each keyword the caller sees, as rankmaps://analysis/{id} (JSON, the fields of
// GET /api/v1/analyses/{id}). Listing reads the portfolio, which already applies a Miembro's or
// a Cliente's scope; reading checks the key's `read` permission and the scope like get_scan_status.

export const ANALYSIS_URI_PREFIX = 'rankmaps://analysis/';
/** The portfolio's page size, and how many pages a listing reads at most (1000 keywords). */
const PAGE = 100;
const PAGES_MAX = 10;

const refusal = (code: number, message: string, appCode: string) => new McpError(code, message, { code: appCode, es: true });

function requireRead(caller: McpCaller): void {
  try {
    requireToolScope(caller, 'read');
  } catch (err) {
    if (err instanceof AppError) throw refusal(-32003, err.message, err.code);
    throw err;
  }
  if (!can(caller.role, 'data.read')) throw refusal(-32003, 'Tu rol no permite leer los análisis.', 'ROLE_FORBIDDEN');
}

export function registerResources(server: McpServer, container: Container, caller: McpCaller): void {
  const db = container.database.db;
  const template = new ResourceTemplate(`${ANALYSIS_URI_PREFIX}{id}`, {
    list: async () => {
      requireRead(caller);
      const resources = [];
      for (let page = 1; page <= PAGES_MAX; page++) {
        const { rows, total } = await getPortfolio(container, caller.scope, portfolioQuerySchema.parse({ page, limit: PAGE }));
        for (const row of rows)
          if (row.latestRankMapId)
            resources.push({
              uri: `${ANALYSIS_URI_PREFIX}${row.latestRankMapId}`,
              name: `${row.place.name} — ${row.keyword.name}`,
              title: `Último análisis de «${row.keyword.name}» (${row.place.name})`,
              description: `GeoRank ${row.geoRank.value ?? '—'}; ${row.lastAt ?? ''}`.trim(),
              mimeType: 'application/json',
            });
        if (page * PAGE >= total) break;
      }
      return { resources };
    },
  });
  server.registerResource(
    'analysis',
    template,
    {
      title: 'Último análisis de una keyword / Latest analysis of a keyword',
      description:
        'ES: El último análisis completado de cada keyword, en JSON (los campos de GET /api/v1/analyses/{id}). EN: The latest completed analysis of each keyword, as JSON.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      requireRead(caller);
      const raw = Array.isArray(variables.id) ? variables.id[0] : variables.id;
      const { analysisId: id } = (await scopedArguments(container, caller, { analysisId: raw })) as { analysisId: string | undefined };
      const row = id && isUuid(id) ? await apiV1Repository.analysis(db, caller.userId, id) : undefined;
      if (!row) throw refusal(RESOURCE_NOT_FOUND_CODE, 'Análisis no encontrado.', 'ANALYSIS_NOT_FOUND');
      return {
        contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ analysis: presentAnalysis(row) }, null, 2) }],
      };
    },
  );
}
