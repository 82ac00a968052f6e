import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { MCP_CORS_PATHS, allowCors } from '../modules/oauth/oauth-cors';
import { recordKeyUse, requireApiPlan } from '../modules/api-v1/api-key-auth';
import { wholeWorkspace } from '../modules/workspaces/scope';
import { seesWholeWorkspace } from '@rankmaps/shared/permissions';
import { authenticateMcp, limitMcpCalls, mcpChallenge, recordGrantUse } from './mcp-auth';
import { portableToolList } from './mcp-portable-schemas';
import { isRefusal, spanishRpcErrors } from './mcp-rpc-errors';
import { createMcpServer } from './mcp-server';

// POST /mcp: the MCP server over streamable HTTP (docs/mcp.md, docs/decisions.md §26.5).
// Stateless: each POST gets its own McpServer and transport, answered as JSON, so any process
// behind the load balancer answers any call and nothing is kept between calls. The key is
// checked exactly as /api/v1 checks it (same hash look-up, per-key limit shared with v1, plan
// check, last-use stamp); what this route refuses is answered as a JSON-RPC error. An OAuth
// access token works the same way, as its person (mcp-auth.ts, docs/decisions.md §33.2).

const METHOD_NOT_ALLOWED = 'Este servidor MCP no tiene sesiones ni flujo de eventos: envía cada mensaje JSON-RPC por POST a /mcp.';
const INVALID_JSON = 'El cuerpo de la petición no es un JSON válido.';
const INVALID_REQUEST = 'La petición no es válida.';
const INTERNAL = 'Error interno del servidor.';

/** JSON-RPC error codes: the spec's own, and server-defined ones (-32000…-32099) for HTTP refusals. */
const rpcCodeOf = (status: number, code: string) =>
  code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ? -32700
    : status === 401
      ? -32001
      : status === 403
        ? -32003
        : status === 429
          ? -32029
          : status >= 500
            ? -32603
            : -32600;

function rpcError(reply: FastifyReply, status: number, message: string, code: string) {
  if (status === 401) void reply.header('www-authenticate', mcpChallenge(reply.server.container, reply.request));
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ jsonrpc: '2.0', error: { code: rpcCodeOf(status, code), message, data: { code } }, id: null });
}

/** The headers the transport reads, from Node's (which may repeat a header as an array). */
function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const name of ['accept', 'content-type', 'mcp-protocol-version']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return headers;
}

export const mcpRoutes: FastifyPluginAsync = async (app) => {
  const { container } = app;
  app.decorateRequest('apiKey', null);
  app.decorateRequest('oauth', null);

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return rpcError(reply, err.status, err.message, err.code);
    const status = err.statusCode ?? 500;
    if (status < 500) {
      request.log.info({ code: err.code, status }, 'client error');
      const invalidJson = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
      return rpcError(reply, status, invalidJson ? INVALID_JSON : INVALID_REQUEST, err.code ?? 'BAD_REQUEST');
    }
    request.log.error({ err }, 'unhandled error');
    return rpcError(reply, 500, INTERNAL, 'INTERNAL');
  });

  // A browser-based MCP client posts from its own origin (docs/decisions.md §33.9).
  allowCors(app, MCP_CORS_PATHS);

  const limit = limitMcpCalls(app, container.config.rateLimit.apiMax);
  const refused = new WeakSet<FastifyRequest>();
  app.post(
    '/mcp',
    {
      // JSON-RPC, not a REST route: documented in docs/mcp.md, not in the OpenAPI document.
      schema: { hide: true },
      // The same order as /api/v1: the key (or token), its per-minute limit, then the workspace's plan.
      onRequest: [async (request) => authenticateMcp(container, request), limit, async (request) => requireApiPlan(container, request)],
      onSend: async (request, reply, payload) => {
        // A call the server refused (a JSON-RPC error, a tool error) changes nothing, not even the key's last use.
        const status = refused.has(request) ? 400 : reply.statusCode;
        await recordKeyUse(container, request, status);
        await recordGrantUse(container, request, status);
        return payload;
      },
    },
    async (request, reply) => {
      const key = request.apiKey;
      const workspace = request.workspace;
      if ((!key && !request.oauth) || !workspace) throw new Error('POST /mcp without its key or token');
      // A token's person acts with their role, which the permission table limits: it carries both key permissions.
      const caller = key
        ? { userId: key.userId, keyId: key.id, scopes: key.scopes, scope: wholeWorkspace(key.userId), ip: request.ip, role: workspace.role, actorId: workspace.actorId }
        : { userId: workspace.id, keyId: null, scopes: ['read', 'scans'], scope: { workspaceId: workspace.id, clientIds: seesWholeWorkspace(workspace.role) ? null : workspace.clientIds }, ip: request.ip, role: workspace.role, actorId: workspace.actorId };
      const server = createMcpServer(container, caller);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      try {
        await server.connect(transport);
        const url = `http://${request.hostname || 'localhost'}/mcp`;
        const response = await transport.handleRequest(new Request(url, { method: 'POST', headers: webHeaders(request) }), { parsedBody: request.body });
        const body = portableToolList(spanishRpcErrors(await response.text()));
        if (isRefusal(body)) refused.add(request);
        void reply.status(response.status);
        const type = response.headers.get('content-type');
        if (type) void reply.type(type);
        return body === '' ? reply.send() : reply.send(body);
      } finally {
        await server.close();
      }
    },
  );

  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('allow', 'POST');
    return rpcError(reply, 405, METHOD_NOT_ALLOWED, 'METHOD_NOT_ALLOWED');
  };
  app.get('/mcp', { schema: { hide: true } }, notAllowed);
  app.delete('/mcp', { schema: { hide: true } }, notAllowed);
};
