import { defineConfig } from 'vitest/config';

// Unit and API tests. API tests (*.api.test.ts) run against a real database: in-memory
// PGlite by default, PostgreSQL when TEST_DATABASE_URL is set (npm run test:pg).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
