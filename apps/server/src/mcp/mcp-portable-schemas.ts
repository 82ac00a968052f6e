// The tool schemas as tools/list sends them, made portable (docs/decisions.md §33.6): zod writes
// a nullable primitive as `type: ["string", "null"]`, legal JSON Schema that the MCP Inspector's
// --strict check flags because clients that map schemas onto a single-`type` dialect (Gemini's
// OpenAPI subset) may reject the tool. The same contract is written `anyOf: [{ type: "string",
// … }, { type: "null" }]`, which every client reads; and `additionalProperties: {}` is written
// `true`. Nothing else of the answer changes.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keywords that describe the field as a whole and stay outside the anyOf. */
const ANNOTATIONS = ['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly'];

export function portableSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(portableSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    // `additionalProperties: {}` (zod's z.unknown() values) is the object spelling of `true`; --strict flags the spelling.
    const anyValue =
      key === 'additionalProperties' &&
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).length === 0;
    out[key] = anyValue ? true : portableSchema(value);
  }
  const type = out.type;
  if (!Array.isArray(type) || type.length !== 2 || !type.includes('null')) return out;
  const other = type.find((t) => t !== 'null') as Json;
  const outer: { [key: string]: Json } = {};
  const inner: { [key: string]: Json } = { type: other };
  for (const [key, value] of Object.entries(out)) {
    if (key === 'type') continue;
    if (ANNOTATIONS.includes(key)) outer[key] = value;
    else inner[key] = value;
  }
  return { ...outer, anyOf: [inner, { type: 'null' }] };
}

/** A /mcp JSON answer with the tools' input and output schemas made portable; any other answer unchanged. */
export function portableToolList(body: string): string {
  if (!body.includes('"tools"') || !body.includes('"inputSchema"')) return body;
  let parsed: { result?: { tools?: { inputSchema?: Json; outputSchema?: Json }[] } };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return body;
  }
  const tools = parsed.result?.tools;
  if (!Array.isArray(tools)) return body;
  for (const tool of tools) {
    if (tool.inputSchema !== undefined) tool.inputSchema = portableSchema(tool.inputSchema);
    if (tool.outputSchema !== undefined) tool.outputSchema = portableSchema(tool.outputSchema);
  }
  return JSON.stringify(parsed);
}
