import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { round, startServer, tempDataDir } from './lib';

/** JavaScript a first-time visitor downloads for the landing page, as transferred (compressed) bytes. */
export async function benchLandingJs() {
  const dataDir = tempDataDir();
  const server = await startServer({ port: 3413, dataDir, env: { DEMO_USER: 'false' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; transferred: number; encoding: string }[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script') return;
      void (async () => {
        const sizes = await req.sizes();
        const res = await req.response();
        scripts.push({ url: req.url(), transferred: sizes.responseBodySize, encoding: (await res?.headerValue('content-encoding')) ?? 'identity' });
      })();
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const total = scripts.reduce((sum, s) => sum + s.transferred, 0);
    // The goal is stated in gzip; the browser negotiated brotli, so also measure each
    // script gzipped at the server's default level.
    let gzipTotal = 0;
    for (const s of scripts) {
      const body = Buffer.from(await (await fetch(s.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      gzipTotal += gzipSync(body, { level: 6 }).length;
    }
    return {
      name: 'landing route JavaScript (transferred)',
      totalKB: round(total / 1024),
      gzipKB: round(gzipTotal / 1024),
      scripts: scripts.length,
      files: scripts.map((s) => ({ file: new URL(s.url).pathname, KB: round(s.transferred / 1024), encoding: s.encoding })),
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
