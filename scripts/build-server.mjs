// `npm run build` (after the web app): bundles the server's entry points to plain JavaScript in
// apps/server/dist, so `npm run serve`, `npm run worker` and the CLIs start with `node` alone
// and no TypeScript tooling (docs/decisions.md §29.10). Packages from node_modules stay external
// (loaded by node as installed); the workspace packages (@rankmaps/shared) are TypeScript, so
// they are bundled in. Shared code goes to chunks beside the entries, in the same folder, so
// apps/server/src/paths.ts finds apps/server from any of them.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = fileURLToPath(new URL('../apps/server/', import.meta.url));

/** dist/<name>.js ← src/<file>: what package.json's scripts and the sea index's build start. */
export const ENTRY_POINTS = {
  server: 'src/server.ts',
  worker: 'src/worker.ts',
  'migrate-cli': 'src/db/migrate-cli.ts',
  'operator-cli': 'src/operator-cli.ts',
  'vendor-costs-cli': 'src/vendor-costs-cli.ts',
  'openapi-cli': 'src/openapi-cli.ts',
  'mcp-stdio': 'src/mcp/stdio.ts',
  'sea-index-build-cli': 'src/modules/geo/sea-index-build-cli.ts',
};

// Bundled in: the workspace packages (TypeScript), and drizzle-orm, whose 180 KB package.json
// node would otherwise consult for each of the hundreds of files it loads from it (about a
// third of the start-up's module loading, measured with --cpu-prof).
const BUNDLED = /^(@rankmaps\/|drizzle-orm(\/|$))/;

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // A bare specifier that is not a workspace package: left to node's own resolution at run time.
    b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  const started = performance.now();
  rmSync(`${server}dist`, { recursive: true, force: true });
  await build({
    absWorkingDir: server,
    entryPoints: ENTRY_POINTS,
    outdir: 'dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: true,
    // Source paths in the maps are relative to dist, so a stack trace names apps/server/src/….ts.
    sourcesContent: false,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  return Math.round(performance.now() - started);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`server built to apps/server/dist in ${ms} ms`);
}
