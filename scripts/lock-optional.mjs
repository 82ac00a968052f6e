// npm on these machines reaches a registry that lacks other platforms' native binaries
// (@rollup/rollup-darwin-arm64 and the like), so `npm install` leaves them out of
// package-lock.json, and `npm ci` then refuses the lock ("Missing: … from lock file").
// Each such package is optional and skipped on this platform, so a lock entry naming its
// exact version is all `npm ci` needs.
//
//   node scripts/lock-optional.mjs          adds the missing entries
//   node scripts/lock-optional.mjs --check  exits 1 if any is missing (part of npm run lint)
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const missing = [];

for (const [parentKey, parent] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(parent.optionalDependencies ?? {})) {
    // Where npm would look for it: beside the parent, then up to the root.
    const bases = [];
    let base = parentKey ? `${parentKey}/` : '';
    for (;;) {
      bases.push(base);
      const cut = base.slice(0, -1).lastIndexOf('node_modules/');
      if (cut < 0 || base === '') break;
      base = base.slice(0, cut);
    }
    if (bases.some((b) => packages[`${b}node_modules/${name}`])) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact pins can be written blind
    const hoisted = parentKey.includes('node_modules/') ? parentKey.slice(0, parentKey.lastIndexOf('node_modules/')) : '';
    missing.push({ key: `${hoisted}node_modules/${name}`, version: spec, dev: Boolean(parent.dev) });
  }
}

if (process.argv.includes('--check')) {
  if (missing.length) {
    console.error(`package-lock.json lacks ${missing.length} optional platform packages; run: node scripts/lock-optional.mjs`);
    process.exit(1);
  }
  process.exit(0);
}

for (const m of missing) packages[m.key] = { version: m.version, ...(m.dev ? { dev: true } : {}), optional: true };
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${missing.length} optional platform packages to package-lock.json`);
