import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { changedTables, watchDatabase } from '../../test/fuzz/db-fingerprint';
import { MALFORMED_JSON, PROTO_KEYS, hostileString, hostileValue } from '../../test/fuzz/hostile-values';
import { type JsonValue, JsonObject, toJsonText } from '../../test/fuzz/json-text';
import { notSpanish } from '../../test/fuzz/response-checks';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { MCP_TOOLS, connectHttp, listening } from '../../test/mcp-client';
import { type McpWorld, createMcpWorld } from '../../test/mcp-world';
import { createTestApp } from '../../test/test-app';

// Fuzzing the MCP tools' arguments (docs/decisions.md §26.5) over real HTTP, with the shared
// hostile values (test/fuzz/hostile-values.ts) mixed with the owner's real ids so that the
// tools run and not only the validator. For every call:
//   - never a 5xx;
//   - a refusal (an HTTP error, a JSON-RPC error or a tool error) carries a Spanish message,
//     and a tool error never is the internal one nor shows a stack, SQL or a file path;
//   - a refused call leaves every application table (and pg-boss's queue) as it was.

const RUNS_PER_TOOL = 40;
const LEAK = /\bat .+:\d+|node_modules|\.ts\b|\bselect\b.+\bfrom\b|drizzle|TypeError|ReferenceError|ZodError|"code":\s*"invalid_[a-z]/;

interface Answer {
  status: number;
  text: string;
  body: { error?: { message?: unknown }; result?: { isError?: boolean; content?: { text?: string }[]; _meta?: { code?: string } } } | null;
}

// The same fuzzing over both credentials /mcp takes: an API key and an OAuth access token (docs/decisions.md §33.2).
const CREDENTIALS = [
  ['an API key', 'key'],
  ['an OAuth token', 'oauth'],
] as const;

describe.each(CREDENTIALS)('fuzzed arguments on every MCP tool, with %s', async (_label, kind) => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, RATE_LIMIT_API_MAX: '100000' });
  const base = await listening(app);
  const watch = await watchDatabase(container.database);
  let world: McpWorld;
  let fields: Map<string, string[]>;
  const credential = () => (kind === 'oauth' ? world.oauth : world.keys.both);
  beforeAll(async () => {
    await container.seaIndex.ready();
    world = await createMcpWorld(app, container);
    const client = await connectHttp(base, credential());
    fields = new Map((await client.listTools()).tools.map((t) => [t.name, Object.keys(t.inputSchema.properties ?? {})]));
    await client.close();
  }, 300_000);

  const post = async (body: string): Promise<Answer> => {
    const res = await fetch(new URL('/mcp', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${credential()}` },
      body,
    });
    const text = await res.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      // Checked below: every answer must be JSON.
    }
    return { status: res.status, text, body: parsed };
  };

  /** Why the answer breaks a rule, or null; and whether it refused the call. */
  const judge = (a: Answer): { problem: string | null; refused: boolean } => {
    if (a.status >= 500) return { problem: `HTTP ${a.status}: ${a.text.slice(0, 300)}`, refused: true };
    if (!a.body) return { problem: `not JSON: ${a.text.slice(0, 300)}`, refused: true };
    if (a.body.error) {
      const message = a.body.error.message;
      if (typeof message !== 'string' || !message.trim()) return { problem: `a JSON-RPC error without a message: ${a.text.slice(0, 300)}`, refused: true };
      return { problem: notSpanish(message) ?? (LEAK.test(a.text) ? `a leak: ${a.text.slice(0, 300)}` : null), refused: true };
    }
    if (a.status >= 400) return { problem: `HTTP ${a.status} without a JSON-RPC error: ${a.text.slice(0, 300)}`, refused: true };
    const result = a.body.result;
    if (!result) return { problem: `neither result nor error: ${a.text.slice(0, 300)}`, refused: true };
    if (result.isError !== true) return { problem: null, refused: false };
    const text = result.content?.map((c) => c.text ?? '').join('\n') ?? '';
    if (result._meta?.code === 'INTERNAL') return { problem: `the internal error: ${a.text.slice(0, 300)}`, refused: true };
    if (LEAK.test(text)) return { problem: `a leak: ${text.slice(0, 300)}`, refused: true };
    return { problem: notSpanish(text), refused: true };
  };

  const check = async (body: string) => {
    const before = { counter: await watch.writeCounter(), fingerprint: await watch.fingerprint() };
    const answer = await post(body);
    const { problem, refused } = judge(answer);
    expect(problem, `${body.slice(0, 300)}\n→ ${answer.text.slice(0, 300)}`).toBeNull();
    if (refused && (await watch.writeCounter()) !== before.counter) {
      expect(changedTables(before.fingerprint, await watch.fingerprint()), `a refused call changed the database: ${body.slice(0, 300)}`).toEqual([]);
    }
    return refused;
  };

  const callText = (name: string, args: JsonValue | undefined) =>
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(name)}${args === undefined ? '' : `,"arguments":${toJsonText(args)}`}}}`;

  /** Arguments for a tool: its own fields with hostile, real or absent values (and stray keys), or no object at all. */
  const argumentsFor = (tool: string): fc.Arbitrary<JsonValue | undefined> => {
    const ids = Object.values(world.ids).filter((v): v is string => typeof v === 'string');
    const value = fc.oneof({ weight: 3, arbitrary: hostileValue }, { weight: 2, arbitrary: fc.constantFrom<JsonValue>(...ids) }, { weight: 1, arbitrary: fc.constantFrom<JsonValue>(0, 30, 90, null, 'analysis', 'keyword', 'place', world.ids.validPoints) });
    const own = fc.tuple(...(fields.get(tool) ?? []).map((f) => fc.option(value.map((v) => [f, v] as [string, JsonValue]), { nil: undefined })));
    const stray = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), hostileString), hostileValue), { maxLength: 2 });
    const object = fc.tuple(own, stray).map(([mine, extra]) => new JsonObject([...mine.filter((e): e is [string, JsonValue] => e !== undefined), ...extra]));
    return fc.oneof({ weight: 4, arbitrary: object }, { weight: 1, arbitrary: hostileValue }, { weight: 1, arbitrary: fc.constant(undefined) });
  };

  it.each([...MCP_TOOLS])('%s: when called with fuzzed arguments, then never a 5xx, refusals in Spanish without leaks, and the database unchanged by them', async (tool) => {
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(argumentsFor(tool), async (args) => {
        if (await check(callText(tool, args))) refusals++;
      }),
      { numRuns: RUNS_PER_TOOL },
    );
    // The generators do reach refusals (and so the checks above ran on them).
    expect(refusals).toBeGreaterThan(0);
  }, 120_000);

  it('when the tool name or the JSON-RPC envelope is hostile, or the body is not JSON, then a Spanish refusal and nothing written', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileString, fc.constantFrom(...MALFORMED_JSON)), hostileValue, async (name, params) => {
        expect(await check(callText(name, new JsonObject([])))).toBe(true);
        await check(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":${toJsonText(params)}}`);
      }),
      { numRuns: 30 },
    );
    for (const body of MALFORMED_JSON) await check(body);
  }, 120_000);
});
