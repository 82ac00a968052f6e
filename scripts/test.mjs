// `npm test`: the whole suite, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit + API (PGlite)', ['run', 'test:unit']],
  ['API (PostgreSQL)', ['run', 'test:pg']],
  ['e2e (Chromium)', ['run', 'test:e2e']],
];

// npm runs this on node_modules/.bin/node, the repository's own Node 24 (docs/decisions.md §29.9).
console.log(`Node ${process.version} (${process.execPath})`);

// The MCP Inspector is installed apart, on demand (docs/decisions.md §29.12): once here, in the
// open, rather than inside the first test stage that needs it.
const inspector = spawnSync(process.execPath, ['scripts/ensure-mcp-inspector.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (inspector.status !== 0) {
  console.error('\n✖ MCP Inspector install failed');
  process.exit(inspector.status ?? 1);
}

for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  // The PGlite stage runs on PGlite even where TEST_DATABASE_URL is set (CI sets it for the
  // PostgreSQL stage): with it, vitest would run the API tests on PostgreSQL twice and never on
  // the embedded database `npm start` uses.
  const env = { ...process.env };
  if (name === 'unit + API (PGlite)') delete env.TEST_DATABASE_URL;
  const res = spawnSync('npm', args, { stdio: 'inherit', env });
  if (res.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(res.status ?? 1);
  }
  console.log(`✔ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}
