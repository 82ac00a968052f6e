import { describe, expect, it } from 'vitest';
import { altchaChallengeSchema } from '@rankmaps/shared/schemas/captcha';
import { googleLikeAnswer, startFakeSiteverify } from '../../../test/fake-recaptcha';
import { createTestApp } from '../../../test/test-app';

describe('captcha adapter: ALTCHA (default, no keys)', async () => {
  const { app } = await createTestApp();

  it('when a challenge is requested, then a signed ALTCHA challenge comes back, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = altchaChallengeSchema.parse(res.json());
    expect(body.salt).toMatch(/\?expires=\d+&$/);
  });

  it('when two challenges are requested, then they differ', async () => {
    const [a, b] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/captcha/challenge' }),
      app.inject({ method: 'GET', url: '/api/captcha/challenge' }),
    ]);
    expect(a.json().signature).not.toBe(b.json().signature);
  });

  it('when the public config is read, then it names ALTCHA and no site key', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().captcha).toEqual({ provider: 'altcha' });
  });
});

describe('captcha adapter: reCAPTCHA (keys configured)', async () => {
  const fake = await startFakeSiteverify(googleLikeAnswer);
  const { app } = await createTestApp({ RECAPTCHA_SITE_KEY: 'clave-publica', RECAPTCHA_SECRET: 'clave-secreta', RECAPTCHA_VERIFY_URL: fake.url });

  it('when keys are set, then /api/health reports captcha recaptcha', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().adapters.captcha).toBe('recaptcha');
  });

  it('when keys are set, then the ALTCHA challenge endpoint answers a Spanish 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Recurso no encontrado.' });
  });

  it('when keys are set, then the public config gives the browser the site key only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().captcha).toEqual({ provider: 'recaptcha', siteKey: 'clave-publica' });
    expect(res.body).not.toContain('clave-secreta');
  });
});
