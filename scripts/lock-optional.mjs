// npm on these machines reaches a registry that lacks other platforms' native binaries
// (@rollup/rollup-darwin-arm64 and the like), so `npm install` leaves them out of
// package-lock.json, and `npm ci` then refuses the lock ("Missing: … from lock file").
// Each such package is optional and skipped on this platform, so a lock entry naming its
// exact version is all `npm ci` needs.
//
// Both locks: the workspace's and the MCP Inspector's own (tools/mcp-inspector, installed on
// demand; docs/decisions.md §29.12).
//
//   node scripts/lock-optional.mjs          adds the missing entries
//   node scripts/lock-optional.mjs --check  exits 1 if any is missing (part of npm run lint)
import { readFileSync, writeFileSync } from 'node:fs';

const locks = ['../package-lock.json', '../tools/mcp-inspector/package-lock.json'];
const check = process.argv.includes('--check');
let failed = false;

for (const lockPath of locks) {
  const file = new URL(lockPath, import.meta.url);
  const name = lockPath.slice(3);
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const packages = lock.packages;
  const missing = [];

  for (const [parentKey, parent] of Object.entries(packages)) {
    for (const [dep, spec] of Object.entries(parent.optionalDependencies ?? {})) {
      // Where npm would look for it: beside the parent, then up to the root.
      const bases = [];
      let base = parentKey ? `${parentKey}/` : '';
      for (;;) {
        bases.push(base);
        const cut = base.slice(0, -1).lastIndexOf('node_modules/');
        if (cut < 0 || base === '') break;
        base = base.slice(0, cut);
      }
      if (bases.some((b) => packages[`${b}node_modules/${dep}`])) continue;
      // Only exact pins can be written blind, and `^x.y.z` / `~x.y.z` as their lowest version
      // (vite 8's `napi-windows-process-start-time: ^0.1.0`, under the Inspector).
      const version = /^[~^]?(\d+\.\d+\.\d+(-[\w.]+)?)$/.exec(spec)?.[1];
      if (!version) continue;
      const hoisted = parentKey.includes('node_modules/') ? parentKey.slice(0, parentKey.lastIndexOf('node_modules/')) : '';
      missing.push({ key: `${hoisted}node_modules/${dep}`, version, dev: Boolean(parent.dev) });
    }
  }

  if (check) {
    if (missing.length) {
      console.error(`${name} lacks ${missing.length} optional platform packages; run: node scripts/lock-optional.mjs`);
      failed = true;
    }
    continue;
  }

  for (const m of missing) packages[m.key] = { version: m.version, ...(m.dev ? { dev: true } : {}), optional: true };
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${missing.length} optional platform packages to ${name}`);
}

if (failed) process.exit(1);
