import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { bridge } from './stdio-bridge';

// `npm run mcp:stdio`: RankMaps' MCP tools for desktop clients that start a local command
// (docs/mcp.md). RANKMAPS_API_KEY is the key (rmk_…), RANKMAPS_URL the app (by default
// https://app.rankmaps.es). Only stderr is written to: stdout is the protocol's.

const DEFAULT_URL = 'https://app.rankmaps.es';

async function main() {
  const key = process.env.RANKMAPS_API_KEY?.trim();
  if (!key) {
    console.error('Falta RANKMAPS_API_KEY: crea una clave de API en tu perfil de RankMaps (pestaña «API») y pásala en esa variable.');
    process.exit(1);
  }
  let endpoint: URL;
  try {
    endpoint = new URL('/mcp', process.env.RANKMAPS_URL?.trim() || DEFAULT_URL);
  } catch {
    console.error('RANKMAPS_URL no es una dirección válida (por ejemplo, https://app.rankmaps.es).');
    process.exit(1);
  }
  const remote = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${key}` } } });
  await bridge(new StdioServerTransport(), remote, (line) => console.error(line));
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
