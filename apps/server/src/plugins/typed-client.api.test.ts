import type { AddressInfo } from 'node:net';
import { createInternalClient, createRankMapsClient } from '@rankmaps/client';
import { describe, expect, it } from 'vitest';
import { subscribeThroughSandbox } from '../../test/sandbox';
import { PASSWORD, createConfirmedUser } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';

// The generated client (packages/client, docs/api.md «Cliente TypeScript») against the real
// server over real HTTP: the session API with a signed-in token, then /api/v1 with a key.

describe('the generated TypeScript client', async () => {
  const { app, container } = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  it('when a user signs in through the internal client, then typed calls carry the session and v1 answers a key', async () => {
    const { email } = await createConfirmedUser(app, container);
    // Read on each request: the sign-in below sets it for the calls after it.
    const session: { token?: string } = {};
    const internal = createInternalClient({ baseUrl, token: () => session.token });

    const login = await internal.POST('/api/auth/login/user', { body: { email, password: PASSWORD } });
    expect(login.response.status).toBe(200);
    session.token = login.data?.accessToken;
    expect(session.token).toBeTruthy();
    const profile = await internal.GET('/api/user/profile');
    expect(profile.data?.email).toBe(email);

    await subscribeThroughSandbox(app, { authorization: `Bearer ${session.token}` }, 'pro_agency', 'monthly');
    const created = await internal.POST('/api/api-keys', { body: { name: 'Cliente generado', scopes: ['read'] } });
    expect(created.response.status).toBe(201);

    const v1 = createRankMapsClient({ baseUrl, apiKey: created.data!.key });
    const places = await v1.GET('/api/v1/places', { params: { query: { limit: 5 } } });
    expect(places.response.status).toBe(200);
    expect(places.data?.data).toEqual([]);
    expect(places.data?.nextCursor).toBeNull();
  });

  it('when a call is refused, then the error comes back typed as {error, code} in Spanish', async () => {
    const anonymous = createInternalClient({ baseUrl });
    const res = await anonymous.GET('/api/user/profile');
    expect(res.response.status).toBe(401);
    expect(res.error?.error).toMatch(/sesión/i);
    const wrongKey = createRankMapsClient({ baseUrl, apiKey: 'rmk_no_existe' });
    const v1 = await wrongKey.GET('/api/v1/credits');
    expect(v1.response.status).toBe(401);
    expect(v1.error?.code).toBe('INVALID_API_KEY');
  });

  it('when the client regenerated from the references the server serves is compared with the committed one, then they are the same', async () => {
    const { spawnSync } = await import('node:child_process');
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../../../..');
    const out = mkdtempSync(path.join(os.tmpdir(), 'rankmaps-client-'));
    try {
      const run = spawnSync(process.execPath, [path.join(root, 'scripts/generate-client.mjs'), '--out', out], { cwd: root, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      for (const name of ['public.ts', 'internal.ts']) {
        const fresh = readFileSync(path.join(out, name), 'utf8');
        const committed = readFileSync(path.join(root, 'packages/client/src/generated', name), 'utf8');
        // Not toBe: a stale file should fail with a short message, not a 17,000-line diff.
        expect(fresh === committed, `packages/client/src/generated/${name} is stale: run npm run client:generate`).toBe(true);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
