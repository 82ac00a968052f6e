import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

// The stdio side of the MCP server (docs/mcp.md, docs/decisions.md §26.5): every message a
// desktop client writes on stdin is POSTed to RankMaps' /mcp with the API key, and every answer
// is written back on stdout. The tools, the key's checks and the rate limit are the HTTP
// server's: stdio adds none of its own and opens no database.

export const UNREACHABLE = 'No se pudo contactar con RankMaps: comprueba RANKMAPS_URL y tu conexión.';

type Id = string | number;
const idOf = (m: JSONRPCMessage): Id | undefined => ('method' in m && 'id' in m ? (m.id) : undefined);

/** The JSON-RPC error the server answered (the HTTP refusals of /mcp carry one), or a generic one. */
export function errorOf(err: unknown): { code: number; message: string; data?: unknown } {
  const text = err instanceof Error ? err.message : String(err);
  const at = text.indexOf('{');
  if (at >= 0) {
    try {
      const body = JSON.parse(text.slice(at)) as { error?: { code?: unknown; message?: unknown; data?: unknown } };
      if (body.error && typeof body.error.code === 'number' && typeof body.error.message === 'string') {
        return { code: body.error.code, message: body.error.message, data: body.error.data };
      }
    } catch {
      // Not the server's JSON: the generic message below.
    }
  }
  return { code: -32000, message: UNREACHABLE };
}

/** Joins a local transport (stdio) to the remote /mcp; resolves when the local side closes. */
export async function bridge(local: Transport, remote: StreamableHTTPClientTransport, log: (line: string) => void): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    local.onclose = () => resolve();
  });
  const initializeIds = new Set<Id>();
  remote.onmessage = (message) => {
    // After initialize, every POST carries the negotiated protocol version, as the SDK's own client sends it.
    if ('result' in message && initializeIds.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') remote.setProtocolVersion(version);
    }
    void local.send(message);
  };
  remote.onerror = (err) => log(`rankmaps-mcp: ${err.message}`);
  local.onmessage = (message) => {
    const id = idOf(message);
    if (id !== undefined && 'method' in message && message.method === 'initialize') initializeIds.add(id);
    remote.send(message).catch((err: unknown) => {
      const error = errorOf(err);
      log(`rankmaps-mcp: ${error.message}`);
      if (id !== undefined) void local.send({ jsonrpc: '2.0', id, error });
    });
  };
  await remote.start();
  await local.start();
  await closed;
  await remote.close();
}
