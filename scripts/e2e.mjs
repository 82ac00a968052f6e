// Builds the SPA, then runs the Playwright specs in Chromium against the real server,
// started by Playwright on a fresh embedded database (see playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A build directory of its own, so a concurrent `npm run build` cannot swap the files
// the e2e server is serving mid-run. Two runs at once each name their own (E2E_WEB_DIST)
// and port (E2E_PORT).
const webDist = path.resolve(process.env.E2E_WEB_DIST ?? 'apps/web/dist-e2e');
const build = spawnSync('npm', ['run', 'build', '-w', '@rankmaps/web', '--', '--outDir', webDist, '--emptyOutDir'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'rankmaps-e2e-'));
const res = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir, WEB_DIST: webDist },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(res.status ?? 1);
