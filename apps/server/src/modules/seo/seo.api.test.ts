import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { PUBLIC_PAGES } from './seo.service';

const APP_URL = 'https://www.rankmaps.example';

describe('sitemap.xml and robots.txt', async () => {
  const { app, container } = await createTestApp({ APP_URL });

  it('when a crawler asks for /sitemap.xml, then it gets XML listing every public page with absolute URLs', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(PUBLIC_PAGES.length);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/www\.rankmaps\.example\//);
    expect(locs).toContain(`${APP_URL}/`);
    expect(locs).toContain(`${APP_URL}/pricing`);
    expect(locs).toContain(`${APP_URL}/legal/privacy`);
  });

  it('when the sitemap is read, then it lists no protected screen and no API path', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    for (const path of ['/rankmap', '/profile', '/estadisticas', '/support', '/api/']) {
      expect(res.body).not.toContain(`${APP_URL}${path}`);
    }
  });

  it('when a crawler asks for /robots.txt, then it may crawl public pages but not the API or the app, and finds the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /rankmap');
    expect(lines).toContain('Disallow: /profile');
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /pricing');
  });

  it('when the built SPA is served too, then the SEO routes still win over its history fallback, and its social image is absolute', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'rm-seo-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title><meta property="og:image" content="/og-image.png" />');
    const withWeb = await buildApp(container, { serveWeb: true, webDist: dist });
    afterAll(async () => {
      await withWeb.close();
      rmSync(dist, { recursive: true, force: true });
    });
    await withWeb.ready();
    const sitemap = await withWeb.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<urlset');
    const robots = await withWeb.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('User-agent: *');
    const page = await withWeb.inject({ method: 'GET', url: '/pricing' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>SPA</title>');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`<meta property="og:image" content="${APP_URL}/og-image.png" />`);
    // An old address: a permanent redirect to the page that replaced it, query and all.
    for (const [url, location] of [['/login', '/signin'], ['/login/', '/signin'], ['/login?redirect=%2Fprofile', '/signin?redirect=%2Fprofile']] as const) {
      const old = await withWeb.inject({ method: 'GET', url });
      expect(old.statusCode, url).toBe(301);
      expect(old.headers.location, url).toBe(location);
    }
  });
});
