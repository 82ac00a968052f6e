// Runs the API tests (*.api.test.ts) again on the PostgreSQL server named by TEST_DATABASE_URL.
// Each test file creates and drops its own database there.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the API tests (CI sets it).');
  process.exit(0);
}
const res = spawnSync('npx', ['vitest', 'run', '.api.test.ts'], { stdio: 'inherit' });
process.exit(res.status ?? 1);
