import type { ApiKey, ApiKeyList, CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { apiKeys } from '../../db/api-keys-schema';
import { hashApiKey } from './api-keys.service';

type Headers = Record<string, string>;

describe('API keys in the profile (API)', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const { signedIn } = sessions(app, container);

  const create = (headers: Headers, payload: unknown) => app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: payload as object });
  const list = async (headers: Headers) => (await app.inject({ method: 'GET', url: '/api/api-keys', headers })).json<ApiKeyList>();
  const revoke = (headers: Headers, id: string) => app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers });

  it('when an agency creates a key, then the whole key is answered once, only its hash is stored, and the list shows its prefix', async () => {
    const { user, headers } = await signedIn('pro_agency');
    const res = await create(headers, { name: '  Looker Studio ', scopes: ['scans', 'read', 'read'] });
    expect(res.statusCode, res.body).toBe(201);
    const { key, apiKey } = res.json<CreatedApiKey>();
    expect(key).toMatch(/^rmk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'Looker Studio', scopes: ['read', 'scans'], prefix: key.slice(0, 12), lastUsedAt: null, revokedAt: null });
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(row?.keyHash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(12));
    const listed = await list(headers);
    expect(listed).toMatchObject({ allowed: true, upgradeLabel: null, maxActive: 10 });
    expect(listed.keys).toEqual([apiKey]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(12));
  });

  it('when a business-owner plan or no plan creates a key, then 403 naming the agency plans, and nothing is stored', async () => {
    for (const plan of ['premium', undefined]) {
      const { user, headers } = await signedIn(plan);
      expect(await list(headers)).toMatchObject({ allowed: false, upgradeLabel: 'Disponible en planes para agencias', keys: [] });
      const res = await create(headers, { name: 'CRM', scopes: ['read'] });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ errorType: 'upgrade_required', error: 'Para crear claves de API necesitas un plan para agencias.' });
      expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, user.id))).toEqual([]);
    }
  });

  it('when the body is wrong, then 400 in Spanish and nothing is stored', async () => {
    const { user, headers } = await signedIn('pro_starter');
    const cases: [unknown, string][] = [
      [{ name: '', scopes: ['read'] }, 'El nombre de la clave debe tener entre 1 y 60 caracteres.'],
      [{ name: 'x'.repeat(61), scopes: ['read'] }, 'El nombre de la clave debe tener entre 1 y 60 caracteres.'],
      [{ name: 'CRM', scopes: [] }, 'Elige al menos un permiso: lectura (read) o análisis (scans).'],
      [{ name: 'CRM', scopes: ['admin'] }, 'Elige al menos un permiso: lectura (read) o análisis (scans).'],
      [{ name: 'CRM', scopes: 'read' }, 'Elige al menos un permiso: lectura (read) o análisis (scans).'],
      [{ name: 'CRM', scopes: ['read'], extra: 1 }, 'Indica el nombre y los permisos de la clave.'],
    ];
    for (const [payload, error] of cases) {
      const res = await create(headers, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error, code: 'VALIDATION_ERROR' });
    }
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, user.id))).toEqual([]);
  });

  it('when ten keys are active, then an eleventh is refused (even concurrently), and revoking one makes room', async () => {
    const { user, headers } = await signedIn('pro_agency');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => create(headers, { name: `Clave ${i}`, scopes: ['read'] })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(refused[0]?.json()).toMatchObject({ code: 'TOO_MANY_API_KEYS', error: 'Ya tienes 10 claves de API activas. Revoca alguna antes de crear otra.' });
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, user.id))).toHaveLength(10);
    // Whichever requests got the lock first won: any of the twelve may be among the refused.
    const first = results.find((r) => r.statusCode === 201)?.json<CreatedApiKey>().apiKey.id ?? '';
    expect((await revoke(headers, first)).statusCode).toBe(200);
    expect((await create(headers, { name: 'Otra', scopes: ['read'] })).statusCode).toBe(201);
  });

  it('when a key is revoked twice, then the second answer is the first; another user’s key or a made-up id is 404 and stays active', async () => {
    const owner = await signedIn('pro_agency');
    const other = await signedIn('pro_agency');
    const { apiKey } = (await create(owner.headers, { name: 'n8n', scopes: ['read'] })).json<CreatedApiKey>();
    for (const id of [apiKey.id, '00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const res = await revoke(other.headers, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Clave de API no encontrada.', code: 'API_KEY_NOT_FOUND' });
    }
    expect((await list(owner.headers)).keys[0]?.revokedAt).toBeNull();
    const first = await revoke(owner.headers, apiKey.id);
    expect(first.statusCode).toBe(200);
    expect(first.json<ApiKey>().revokedAt).not.toBeNull();
    const again = await revoke(owner.headers, apiKey.id);
    expect(again.json()).toEqual(first.json());
  });

  it('when the plan no longer allows keys, then they are still listed and can be revoked, but no new one is created', async () => {
    const { headers } = await signedIn('pro_agency');
    const { apiKey } = (await create(headers, { name: 'CRM', scopes: ['read'] })).json<CreatedApiKey>();
    // The development panel's override takes the pro type away, as a downgrade would.
    const override = { planLimits: { type: 'basic', places: 1, keywords: 3, credits: 0 }, subscriptionCredits: 0, extraCredits: 0 };
    expect((await app.inject({ method: 'PUT', url: '/api/user/dev-params', headers, payload: override })).statusCode).toBe(200);
    expect((await list(headers)).allowed).toBe(false);
    expect((await create(headers, { name: 'Otra', scopes: ['read'] })).statusCode).toBe(403);
    const res = await revoke(headers, apiKey.id);
    expect(res.statusCode).toBe(200);
    expect((await list(headers)).keys.map((k) => [k.id, k.revokedAt !== null])).toEqual([[apiKey.id, true]]);
  });
});
