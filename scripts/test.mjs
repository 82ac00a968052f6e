// `npm test`: the whole suite, stage by stage, stopping at the first failure. The stages of one
// group run side by side (typecheck and lint are each single-threaded, and the machine has two
// cores); their output is printed whole, one stage after the other (docs/decisions.md §29.14).
import { spawn, spawnSync } from 'node:child_process';

const groups = [
  [
    ['typecheck', ['run', 'typecheck']],
    ['lint', ['run', 'lint']],
  ],
  [['unit + API (PGlite)', ['run', 'test:unit']]],
  [['API (PostgreSQL)', ['run', 'test:pg']]],
  [['e2e (Chromium)', ['run', 'test:e2e']]],
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

/** Runs one stage; alone it streams its output, beside others it keeps it for the end. */
function run(name, args, alone) {
  // The PGlite stage runs on PGlite even where TEST_DATABASE_URL is set (CI sets it for the
  // PostgreSQL stage): with it, vitest would run the API tests on PostgreSQL twice and never on
  // the embedded database `npm start` uses.
  const env = { ...process.env };
  if (name === 'unit + API (PGlite)') delete env.TEST_DATABASE_URL;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    child.on('close', (code) => resolve({ name, code, output: Buffer.concat(output), seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

for (const group of groups) {
  const alone = group.length === 1;
  console.log(`\n▶ ${group.map(([name]) => name).join(' + ')}`);
  const results = await Promise.all(group.map(([name, args]) => run(name, args, alone)));
  for (const { name, code, output, seconds } of results) {
    if (!alone) process.stdout.write(output);
    console.log(code === 0 ? `✔ ${name} (${seconds} s)` : `\n✖ ${name} failed`);
  }
  const failed = results.find((r) => r.code !== 0);
  if (failed) process.exit(failed.code ?? 1);
}
