import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp } from '../../test/test-app';

const webIndex = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html');

/** A web build with the real index.html and one asset, so the SPA's own answers are checked too. */
function fakeWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'rm-headers-dist-'));
  copyFileSync(webIndex, path.join(dist, 'index.html'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  return dist;
}

async function withWeb(env: Record<string, string>): Promise<FastifyInstance> {
  const { container } = await createTestApp(env);
  const dist = fakeWebDist();
  const app = await buildApp(container, { serveWeb: true, webDist: dist });
  await app.ready();
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });
  return app;
}

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

// One of each kind of answer: API JSON, the SPA page, a static asset, a 404, a 400, a 401.
const SAMPLES: { label: string; method: 'GET' | 'POST'; url: string; payload?: string }[] = [
  { label: 'an API answer', method: 'GET', url: '/api/health' },
  { label: 'the SPA page', method: 'GET', url: '/dashboard' },
  { label: 'a static asset', method: 'GET', url: '/assets/app.js' },
  { label: 'an API 404', method: 'GET', url: '/api/no-existe' },
  { label: 'a 400 for bad JSON', method: 'POST', url: '/api/auth/login/user', payload: '{"email":' },
  { label: 'a 401', method: 'GET', url: '/api/user/profile' },
];

function expectStrictHeaders(res: LightMyRequestResponse, label: string) {
  const csp = directives(res);
  const scripts = csp.get('script-src') ?? [];
  expect(scripts, label).toContain("'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    expect(scripts, `${label}: script-src ${unsafe}`).not.toContain(unsafe);
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'self'"]);
  expect(csp.get('form-action'), label).toEqual(["'self'"]);
  // Without script-src-attr the attribute handlers (onerror=...) fall back to script-src.
  expect(csp.get('script-src-attr') ?? ["'none'"], label).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['x-frame-options'], label).toBe('DENY');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy'], label).toBe('same-origin');
  // The rest of helmet's set, exactly as helmet answers (plugins/security.ts works it out once, at start).
  expect(res.headers['cross-origin-resource-policy'], label).toBe('same-origin');
  expect(res.headers['origin-agent-cluster'], label).toBe('?1');
  expect(res.headers['x-dns-prefetch-control'], label).toBe('off');
  expect(res.headers['x-download-options'], label).toBe('noopen');
  expect(res.headers['x-permitted-cross-domain-policies'], label).toBe('none');
  expect(res.headers['x-xss-protection'], label).toBe('0');
  expect(res.headers['x-powered-by'], label).toBeUndefined();
}

describe('security headers in development', async () => {
  const app = await withWeb({});

  it.each(SAMPLES)(
    'when the answer is $label, then it carries the strict CSP and the other security headers',
    async ({ label, method, url, payload }) => {
      const res = await app.inject({ method, url, ...(payload ? { payload, headers: { 'content-type': 'application/json' } } : {}) });
      expect(res.statusCode, label).not.toBe(500);
      expectStrictHeaders(res, label);
    },
  );

  it('when not in production, then there is no HSTS (plain http on localhost must keep working)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(directives(res).has('upgrade-insecure-requests')).toBe(false);
  });

  it('when the SPA page is served, then its HTML has no inline script for the CSP to have to allow', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(content!.trim()).toBe('');
    }
    expect(res.body).not.toMatch(/\son[a-z]+\s*=/i);
    expect(res.body).not.toMatch(/javascript:/i);
  });

  it('when the source index.html of the SPA is read, then it has no inline script either', () => {
    const html = readFileSync(webIndex, 'utf8');
    expect([...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/gi)]).toEqual([]);
  });
});

describe('security headers in production', async () => {
  const app = await withWeb({
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    DATABASE_URL: 'postgres://unused.invalid/db',
    RECAPTCHA_SITE_KEY: 'clave-publica',
    RECAPTCHA_SECRET: 'clave-secreta',
    GOOGLE_CLIENT_ID: 'cliente.apps.googleusercontent.com',
  });

  it.each(SAMPLES)(
    'when the answer is $label, then it has HSTS for a year with subdomains, and upgrades insecure requests',
    async ({ label, method, url, payload }) => {
      const res = await app.inject({ method, url, ...(payload ? { payload, headers: { 'content-type': 'application/json' } } : {}) });
      const hsts = String(res.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), label).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts, label).toContain('includeSubDomains');
      expect(directives(res).has('upgrade-insecure-requests'), label).toBe(true);
      expectStrictHeaders(res, label);
    },
  );

  it('when reCAPTCHA and Google sign-in are on, then the CSP adds only their exact script and frame paths, over https', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = directives(res);
    const extraScripts = (csp.get('script-src') ?? []).filter((s) => s !== "'self'");
    expect(extraScripts.sort()).toEqual([
      'https://accounts.google.com/gsi/client',
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    for (const source of csp.get('frame-src') ?? []) expect(source).toMatch(/^https:\/\/[a-z.]+\.google\.com\/[a-z/]+$/);
  });
});
