import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://localhost:${port}`;
const OPERATOR_SPECS = ['**/live-chat.spec.ts', '**/operator-inbox.spec.ts', '**/video-booking.spec.ts'];

// Debian's Chromium (installed by .ci/run with apt); Playwright downloads no browser.
export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  // Two journeys at a time against the one server: a journey mostly waits (on scans, polls and
  // the browser), so two share the machine's two cores (docs/decisions.md §29.14).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: OPERATOR_SPECS },
    // The support operator is one account, and whether anyone is «online» is global: the
    // journeys that sign them in run one at a time, beside the others.
    { name: 'operator', testMatch: OPERATOR_SPECS, workers: 1 },
  ],
  webServer: {
    // The support operator of e2e/operator-inbox.spec.ts is granted first, with the code
    // `npm run operator:add` runs: the embedded database takes one process at a time.
    command: 'node --import tsx e2e/prepare-operator.ts && node --import tsx apps/server/src/server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? './data/e2e',
      LOG_LEVEL: 'warn',
      DEMO_USER: 'true',
      // The journeys read the outbox and use the dev triggers and the sandbox checkout (docs/decisions.md §29.8).
      DEV_TOOLS: 'true',
      RATE_LIMIT_AUTH_MAX: '1000',
      // Every journey comes from one address; the limits themselves are tested in the API suite.
      RATE_LIMIT_GLOBAL_MAX: '100000',
      // Demo searches answer like a real vendor's, so a journey can watch a scan's progress.
      DEMO_SEARCH_LATENCY_MS: '250',
      SCAN_CONCURRENCY: '2',
      DEMO_AI_QUEUE_DELAY_SECONDS: '2',
      // The live chat is open at any hour, so e2e/live-chat.spec.ts runs whatever the clock says (docs/support.md).
      CHAT_OPEN_DAYS: '1-7',
      CHAT_OPEN_HOURS: '00:00-24:00',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
