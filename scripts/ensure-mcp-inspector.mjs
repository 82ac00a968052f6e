// The official MCP Inspector lives outside the workspace install (docs/decisions.md §29.12): it
// needs Node ≥ 22.19, and the first `npm ci` may run on a Node 20 system npm. It has its own
// package.json and lock in tools/mcp-inspector and is installed on demand, here, with
// `npm ci --prefix tools/mcp-inspector` run on the repository's Node 24 (node_modules/.bin first
// on PATH, so npm itself runs on it). Idempotent: nothing to do when it is installed from the
// lock as it is now (the lock's hash, written after a successful install, matches).
//
//   node scripts/ensure-mcp-inspector.mjs    installs it if needed and prints the launcher's path
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'tools/mcp-inspector');
const stamp = path.join(dir, 'node_modules/.rankmaps-lock-sha256');
/** The Inspector's launcher (its `mcp-inspector` bin), which the test runs with Node 24. */
export const INSPECTOR_LAUNCHER = path.join(dir, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');

export function ensureMcpInspector() {
  const hash = createHash('sha256').update(readFileSync(path.join(dir, 'package-lock.json'))).digest('hex');
  if (existsSync(INSPECTOR_LAUNCHER) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) return INSPECTOR_LAUNCHER;

  const bin = path.join(root, 'node_modules/.bin');
  if (!existsSync(path.join(bin, process.platform === 'win32' ? 'node.exe' : 'node')) && !existsSync(path.join(bin, 'node.cmd'))) {
    throw new Error("node_modules/.bin/node is missing: run the repository's `npm ci` first (docs/decisions.md §29.9).");
  }
  // A fresh environment: npm exports its settings to the scripts it runs (npm_config_*), and a
  // child npm would read them as its own command line.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  env[pathKey] = [bin, env[pathKey]].filter(Boolean).join(path.delimiter);
  console.error('Installing the MCP Inspector: npm ci --prefix tools/mcp-inspector');
  const res = spawnSync('npm', ['ci', '--prefix', dir], { cwd: root, env, stdio: ['ignore', 2, 2], shell: process.platform === 'win32' });
  if (res.status !== 0) throw new Error(`npm ci --prefix tools/mcp-inspector failed (exit ${res.status ?? res.signal ?? res.error?.message})`);
  if (!existsSync(INSPECTOR_LAUNCHER)) throw new Error(`npm ci --prefix tools/mcp-inspector installed no launcher at ${INSPECTOR_LAUNCHER}`);
  writeFileSync(stamp, `${hash}\n`);
  return INSPECTOR_LAUNCHER;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(ensureMcpInspector());
}
