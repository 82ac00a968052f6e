import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and API tests. API tests (*.api.test.ts) run against a real database: in-memory
// PGlite by default, PostgreSQL when TEST_DATABASE_URL is set (npm run test:pg).
// *.pg.api.test.ts need a server other processes can share (they start real worker
// processes), so they exist only in the PostgreSQL run.
export default defineConfig({
  // The web app's '@/…' alias (apps/web/tsconfig.json, apps/web/vite.config.ts), for its unit tests.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }] },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.api.test.ts'])],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
