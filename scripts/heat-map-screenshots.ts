// Screenshots of the heat-map scale (issue 27's closing note): 7×7, 13×13 and 25×25 demo analyses,
// on a desktop (1440×900) and a phone (390×844), the results page and its full screen, and the
// landing's example map. Not a test: it asserts nothing beyond what the set-up needs.
//
//   npm run build -w @rankmaps/web -- --outDir apps/web/dist-e2e --emptyOutDir
//   node --import tsx scripts/heat-map-screenshots.ts [output folder]
//
// It starts its own server on a fresh embedded database (SCREENS_PORT, 3299 by default) serving
// the build in WEB_DIST (apps/web/dist-e2e by default), with demo searches answering in 20 ms.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page, chromium } from '@playwright/test';
import { confirmInPage, signUpThroughApi } from '../e2e/fixtures/accounts';
import { sessionClient } from '../e2e/fixtures/session-client';
import { subscribeInSandbox } from '../e2e/fixtures/subscriptions';
import { analysedGrid, openResults } from '../e2e/heat-map-grid';
import { addMadridClinic } from '../e2e/support';

const out = path.resolve(process.argv[2] ?? '/work/screens/heatmap');
const port = Number(process.env.SCREENS_PORT ?? 3299);
const baseUrl = `http://localhost:${port}`;
const webDist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist-e2e');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [7, 13, 25] as const;

function startServer(dataDir: string): ChildProcess {
  return spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '1000',
      // The outbox (to confirm the account) and the sandbox checkout are developer tools (docs/decisions.md §29.8).
      DEV_TOOLS: 'true',
      RATE_LIMIT_GLOBAL_MAX: '100000',
      DEMO_SEARCH_LATENCY_MS: '20',
      SCAN_CONCURRENCY: '2',
    },
  });
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer on ${baseUrl}`);
}

/** The results page, then its full screen. */
async function shootResults(page: Page, name: string, path: string, gridSize: number): Promise<void> {
  await openResults(page, path, gridSize);
  await page.getByTestId('results-map').scrollIntoViewIfNeeded();
  // The tiles come from the network: a moment for them, and the shot is taken whatever arrived.
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/${name}.png` });
  await page.getByTestId('results-map-fullscreen').click();
  await page.waitForTimeout(1500);
  // No marker's tooltip in the picture: the pointer leaves the map.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${name}-fullscreen.png` });
  await page.keyboard.press('Escape');
}

async function run(browser: Browser): Promise<void> {
  const desktop = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const page = await desktop.newPage();
  const account = await signUpThroughApi(baseUrl, { label: 'screens' });
  await confirmInPage(page, baseUrl, account.email);
  await subscribeInSandbox(page, 'Enterprise');
  const placeId = await addMadridClinic(page);
  const api = sessionClient(baseUrl, page);
  const paths = new Map<number, string>();
  for (const size of SIZES) paths.set(size, await analysedGrid(api, placeId, size, `dentista ${size}x${size}`));

  for (const size of SIZES) await shootResults(page, `desktop-${size}x${size}`, paths.get(size)!, size);

  const phone = await browser.newContext({ baseURL: baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-ES', timezoneId: 'Europe/Madrid', storageState: await desktop.storageState() });
  const phonePage = await phone.newPage();
  for (const size of SIZES) await shootResults(phonePage, `phone-${size}x${size}`, paths.get(size)!, size);

  // The landing's example map, as a visitor sees it.
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const visitor = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'es-ES' });
    const landing = await visitor.newPage();
    await landing.goto('/');
    await landing.waitForTimeout(1000);
    await landing.screenshot({ path: `${out}/${name}-landing.png` });
    await visitor.close();
  }
}

mkdirSync(out, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), 'rankmaps-screens-'));
const server = startServer(dataDir);
try {
  await waitForHealth();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    await run(browser);
  } finally {
    await browser.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
