// The JSON-RPC errors the SDK writes itself (a malformed envelope, an unknown method, invalid
// parameters) carry English messages and sometimes the parser's details. /mcp rewrites them
// (docs/decisions.md §26.5): the standard code stays, the message becomes Spanish, details go.

const MESSAGES: Record<number, string> = {
  [-32700]: 'El cuerpo de la petición no es un JSON válido.',
  [-32600]: 'La petición JSON-RPC no es válida.',
  [-32601]: 'Ese método no existe en este servidor MCP.',
  [-32602]: 'Los parámetros de la petición no son válidos.',
  [-32603]: 'Error interno del servidor.',
};
const OTHER = 'La petición no es válida.';

interface RpcMessage {
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

const rewrite = (m: unknown): unknown => {
  const error = (m as RpcMessage | null)?.error;
  if (!error || typeof error !== 'object') return m;
  const code = typeof error.code === 'number' ? error.code : -32600;
  // An error RankMaps raised itself (a resource or prompt refusal, spanishRpcError) keeps its Spanish message and code.
  const data = error.data as { code?: unknown; es?: unknown } | undefined;
  if (data?.es === true && typeof error.message === 'string') return { ...(m as object), error: { code, message: error.message.replace(/^MCP error -?\d+: /, ''), data: { code: data.code } } };
  return { ...(m as object), error: { code, message: MESSAGES[code] ?? OTHER } };
};

/** The transport's JSON answer with every JSON-RPC error in Spanish; other bodies unchanged. */
export function spanishRpcErrors(body: string): string {
  if (!body.includes('"error"')) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  return JSON.stringify(Array.isArray(parsed) ? parsed.map(rewrite) : rewrite(parsed));
}

/** Whether an answer refuses the call: a JSON-RPC error, or a tool's error result (isError). */
export function isRefusal(body: string): boolean {
  if (!body.includes('"error"') && !body.includes('"isError"')) return false;
  try {
    const parsed: unknown = JSON.parse(body);
    return (Array.isArray(parsed) ? parsed : [parsed]).some((m) => {
      const message = m as { error?: unknown; result?: { isError?: unknown } } | null;
      return !!message?.error || message?.result?.isError === true;
    });
  } catch {
    return false;
  }
}

/** Resource not found, as the MCP specification numbers it. */
export const RESOURCE_NOT_FOUND_CODE = -32002;
