import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS, listening, newApiKey } from '../../test/mcp-client';
import { sessions } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';
import { serverDir } from '../paths';

// The official MCP Inspector's CLI (@modelcontextprotocol/inspector) against the app listening
// on a real port (docs/mcp.md): `tools/list` with `--strict`, which reports every tool-schema
// portability problem and exits 6 on an error-severity one. Its output is kept in the temporary
// directory (inspector-tools.txt) for the closing note of issue 32. The Inspector is not in the
// workspace install: scripts/ensure-mcp-inspector.mjs installs it on demand in
// tools/mcp-inspector, from its own lock (docs/decisions.md §29.12).

const run = promisify(execFile);
const ENSURE = path.join(serverDir, '../../scripts/ensure-mcp-inspector.mjs');
export const INSPECTOR_OUTPUT = path.join(os.tmpdir(), 'inspector-tools.txt');

describe('the MCP Inspector CLI against a running server', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_API_MAX: '10000' });
  const base = await listening(app);
  /** The Inspector's launcher, run with this Node (the Inspector needs Node ≥ 22.19, as the project does). */
  let inspector = '';

  beforeAll(async () => {
    const { stdout } = await run(process.execPath, [ENSURE], { timeout: 170_000, maxBuffer: 20 * 1024 * 1024 });
    inspector = stdout.trim().split('\n').at(-1)!;
  }, 180_000);

  it('when it lists the tools with --strict and a key, then it exits 0 with every tool, each with its schemas, and no error', async () => {
    const { headers } = await sessions(app, container).signedIn('pro_agency');
    const { key } = await newApiKey(app, headers, ['read', 'scans']);
    const args = [
      inspector,
      '--cli',
      `${base}/mcp`,
      '--transport',
      'http',
      '--header',
      `Authorization: Bearer ${key}`,
      '--method',
      'tools/list',
      '--strict',
    ];
    const { stdout, stderr } = await run(process.execPath, args, {
      timeout: 120_000,
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 20 * 1024 * 1024,
    });
    const shown = [
      '$ mcp-inspector --cli <url>/mcp --transport http --header "Authorization: Bearer rmk_…" --method tools/list --strict',
      '--- stderr ---',
      stderr.trim(),
      '--- stdout ---',
      stdout.trim(),
      '',
    ].join('\n');
    await writeFile(INSPECTOR_OUTPUT, shown.replaceAll(key, 'rmk_…').replaceAll(base, '<url>'));
    const { tools } = JSON.parse(stdout) as {
      tools: { name: string; description?: string; inputSchema?: unknown; outputSchema?: unknown; annotations?: unknown }[];
    };
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description, tool.name).toMatch(/^ES: [\s\S]+\nEN: /);
      expect(tool.inputSchema, tool.name).toMatchObject({ type: 'object' });
      expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
      expect(tool.annotations, tool.name).toHaveProperty('readOnlyHint');
    }
    // --strict exits 6 on an error-severity problem (execFile would have thrown), and lists the
    // warnings too: none, since /mcp sends nullable fields as anyOf (mcp-portable-schemas.ts).
    expect(stderr).not.toMatch(/^(Warning|Error):/m);
    expect(stderr).not.toMatch(/[1-9]\d* (errors|warnings)/);
  }, 180_000);
});
