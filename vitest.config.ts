import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and API tests. API tests (*.api.test.ts) run against a real database: in-memory
// PGlite by default, PostgreSQL when TEST_DATABASE_URL is set (npm run test:pg).
// *.pg.api.test.ts need a server other processes can share (they start real worker
// processes), so they exist only in the PostgreSQL run.
const include = ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'];
const exclude = ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.api.test.ts'])];
// Files that replace a module (vi.mock) or the clock need a module registry of their own; every
// other file shares its worker's, so the server's modules are evaluated once per worker instead
// of once per file (docs/decisions.md §29.14).
const ISOLATED = ['apps/server/src/modules/reports/reports.api.test.ts', 'apps/server/src/lib/access-token.test.ts', 'apps/web/src/**/*.test.ts'];

export default defineConfig({
  // The web app's '@/…' alias (apps/web/tsconfig.json, apps/web/vite.config.ts), for its unit tests.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }] },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: [...exclude, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude } },
    ],
  },
});
