import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { uniqueEmail } from '../../../test/factories';

const TOO_MANY = 'Demasiados intentos. Inténtalo de nuevo en unos minutos.';

describe('rate limits on the auth endpoints', async () => {
  const { app } = await createTestApp({ RATE_LIMIT_AUTH_MAX: '2' });
  const login = () => app.inject({ method: 'POST', url: '/api/auth/login/user', payload: { email: uniqueEmail(), password: 'x' } });

  it('when an IP passes the limit on sign-in, then it answers 429 in Spanish with Retry-After', async () => {
    expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
    const res = await login();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: TOO_MANY });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('when sign-in is exhausted, then the other endpoints still count on their own', async () => {
    const reset = () => app.inject({ method: 'POST', url: '/api/auth/request-password-reset/user', payload: { email: uniqueEmail() } });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(200);
    const third = await reset();
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe(TOO_MANY);
  });

  it.each([
    ['/api/auth/signup/user', { name: 'A', email: 'x', password: 'x', confirmPassword: 'x' }],
    ['/api/auth/google/user', { token: 'x' }],
    ['/api/auth/send-confirmation-email/user', { email: 'x' }],
    ['/api/auth/reset-password/user/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { newPassword: 'x' }],
  ])('when %s is called past the limit, then it answers 429', async (url, payload) => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'POST', url, payload })).statusCode);
    expect(statuses[0]).not.toBe(429);
    expect(statuses[2]).toBe(429);
  });

  it('when the token is refreshed repeatedly, then the auth limit does not apply', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
  });
});
