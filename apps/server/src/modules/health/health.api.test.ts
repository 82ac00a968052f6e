import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';

describe('GET /api/health', async () => {
  const { app } = await createTestApp();

  it('when the database and queue are up, then it reports ok and the active adapters', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(['pglite', 'postgres']).toContain(body.database.driver);
    expect(body.queue.ok).toBe(true);
    expect(body.adapters.email).toBe('outbox');
    expect(body.adapters.captcha).toBe('altcha');
    // The embedded default runs every AI engine on the demo engine.
    expect(body.adapters).toMatchObject({ 'ai.google-ai-mode': 'demo', 'ai.google-ai-overview': 'demo', 'ai.chatgpt': 'demo', 'ai.gemini-maps': 'demo' });
    // The Node that runs the server, which the vitest run shares: the repository's own 24 (docs/decisions.md §29.9).
    expect(body.runtime).toEqual({ node: process.version });
    expect(body.runtime.node).toMatch(/^v24\./);
  });

  it('when an unknown API path is requested, then it answers a Spanish 404 in JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Recurso no encontrado.' });
  });

  it('serves the OpenAPI documents: the session API in the internal reference, not in the public one', async () => {
    const internal = await app.inject({ method: 'GET', url: '/api/docs/internal/json' });
    expect(internal.statusCode).toBe(200);
    expect(internal.json().paths).toHaveProperty('/api/health');
    const pub = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().paths).not.toHaveProperty('/api/health');
    expect(pub.json().paths).toHaveProperty('/api/v1/places');
  });

  it('sends a strict Content-Security-Policy without inline scripts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
