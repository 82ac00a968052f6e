import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/test-app';
import { users } from './db/schema';
import { DEMO_USER, seedDemoData } from './seed';

describe('seedDemoData', async () => {
  const { app, container } = await createTestApp({ DEMO_USER: 'true' });
  const db = container.database.db;

  it('when the app starts for the first time, then a confirmed demo account exists and can sign in', async () => {
    await seedDemoData(container);
    const rows = await db.select().from(users).where(eq(users.email, 'demo@rankmaps.es'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Cuenta Demo', mailConfirmed: true });
    const res = await app.inject({ method: 'POST', url: '/api/auth/login/user', payload: { email: 'demo@rankmaps.es', password: 'Demo1234!' } });
    expect(res.statusCode).toBe(200);
  });

  it('when it runs again, also from two processes at once, then there is still one demo account', async () => {
    await Promise.all([seedDemoData(container), seedDemoData(container), seedDemoData(container)]);
    expect(await db.select().from(users).where(eq(users.email, DEMO_USER.email))).toHaveLength(1);
  });

  it('when the demo account is absent and seeds race, then exactly one is created', async () => {
    await db.delete(users).where(eq(users.email, DEMO_USER.email));
    await Promise.all([seedDemoData(container), seedDemoData(container)]);
    expect(await db.select().from(users).where(eq(users.email, DEMO_USER.email))).toHaveLength(1);
  });

  it('when it runs, then it logs the credentials in Spanish every time', async () => {
    const info = vi.spyOn(container.log, 'info');
    await seedDemoData(container);
    await seedDemoData(container);
    const lines = info.mock.calls.map((call) => call.find((arg) => typeof arg === 'string'));
    expect(lines.filter((l) => l === 'Cuenta demo: entra con demo@rankmaps.es y la contraseña Demo1234!')).toHaveLength(2);
    info.mockRestore();
  });
});
