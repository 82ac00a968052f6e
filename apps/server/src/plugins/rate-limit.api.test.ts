import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp } from '../../test/test-app';

describe('global rate limit', async () => {
  const { container } = await createTestApp({ RATE_LIMIT_GLOBAL_MAX: '3' });
  const dist = mkdtempSync(path.join(tmpdir(), 'rm-rl-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'page.js'), 'console.log(1)');
  const app = await buildApp(container, { serveWeb: true, webDist: dist });
  await app.ready();
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('when a browser downloads many page files, then none of them is limited', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await app.inject({ method: 'GET', url: '/assets/page.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/pricing' })).statusCode).toBe(200);
    }
  });

  it('when one address calls the API past the limit, then it gets a Spanish 429', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await app.inject({ method: 'GET', url: '/api/config' })).statusCode);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    const limited = await app.inject({ method: 'GET', url: '/api/config' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Demasiad/);
  });
});
