import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { resolveValidationMessage } from '@rankmaps/shared/messages';
import { INTERNAL_TOOL_ERROR, toolError } from './mcp-result';

// The SDK answers some tool calls itself, before any tool runs, in English: arguments its zod
// validation refuses ("Input validation error: Invalid arguments for tool X: <message> at
// <path>") and unknown tools ("Tool X not found"). RankMaps answers in Spanish
// (docs/decisions.md §26.5), so those answers are rewritten here: the zod messages themselves
// are already Spanish (each field's own message, or zod's Spanish locale set in app.ts).

export const UNKNOWN_TOOL = (name: string) => `La herramienta «${name}» no existe: consulta la lista de herramientas (tools/list).`;
export const INVALID_ARGUMENTS = (tool: string, detail: string) => `Los argumentos de «${tool}» no son válidos: ${detail}`;

/** The Spanish answer for the message of an error the SDK raised before the tool ran. */
export function spanishToolError(message: string): CallToolResult {
  const invalid = /Invalid arguments for tool (\S+): ([\s\S]*)$/.exec(message);
  if (invalid) {
    const [, tool = '', issues = ''] = invalid;
    const detail = issues
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 3)
      .map((line) => {
        // A message may be a catalogue key (v('aiSamplesInvalid')): its Spanish text, as a route's 400 says it.
        const at = line.lastIndexOf(' at ');
        return at > 0 ? `«${line.slice(at + 4)}»: ${resolveValidationMessage(line.slice(0, at).trim())}` : resolveValidationMessage(line.trim());
      })
      .join('; ');
    return toolError(INVALID_ARGUMENTS(tool, detail || 'revisa los campos.'), 'INVALID_ARGUMENTS');
  }
  const unknown = /Tool ([\s\S]*) (?:not found|disabled)$/.exec(message);
  if (unknown) return toolError(UNKNOWN_TOOL((unknown[1] ?? '').slice(0, 60)), 'UNKNOWN_TOOL');
  return toolError(INTERNAL_TOOL_ERROR, 'INTERNAL');
}

/**
 * Makes the server build its own tool errors with spanishToolError. The SDK keeps this method
 * private (McpServer#createToolError, SDK 1.x); mcp-fuzz.api.test.ts fails if an English answer
 * gets through after an SDK upgrade.
 */
export function answerToolErrorsInSpanish(server: McpServer): void {
  const target = server as unknown as { createToolError?: (message: string) => CallToolResult };
  if (typeof target.createToolError !== 'function') throw new Error('McpServer#createToolError is gone: review mcp-tool-errors.ts against the SDK');
  target.createToolError = spanishToolError;
}
