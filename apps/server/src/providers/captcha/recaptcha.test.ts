import { describe, expect, it } from 'vitest';
import { googleLikeAnswer, startFakeSiteverify } from '../../../test/fake-recaptcha';
import { RecaptchaProvider } from './recaptcha';

describe('RecaptchaProvider against a local siteverify fake', async () => {
  const fake = await startFakeSiteverify(googleLikeAnswer);
  const provider = new RecaptchaProvider({ secret: 'secreto-de-prueba', verifyUrl: fake.url });

  it('when Google answers success, then the token is accepted and the form carried secret, response and remoteip', async () => {
    fake.requests.length = 0;
    await expect(provider.verify('token-ok', '203.0.113.7')).resolves.toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toEqual({
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded',
      form: { secret: 'secreto-de-prueba', response: 'token-ok', remoteip: '203.0.113.7' },
    });
  });

  it('when Google answers success false with error-codes, then the token is refused', async () => {
    await expect(provider.verify('token-caducado', '203.0.113.7')).resolves.toBe(false);
    expect(fake.requests.at(-1)?.form.response).toBe('token-caducado');
  });

  it('when no remote IP is known, then remoteip is left out of the request', async () => {
    await provider.verify('token-ok');
    expect(fake.requests.at(-1)?.form).toEqual({ secret: 'secreto-de-prueba', response: 'token-ok' });
  });

  it('when a v3 answer has a score under 0.5, then the token is refused despite success', async () => {
    const lowScore = await startFakeSiteverify(() => ({ json: { success: true, score: 0.1, action: 'contact', challenge_ts: '2025-01-15T10:00:00Z', hostname: 'rankmaps.es' } }));
    await expect(new RecaptchaProvider({ secret: 's', verifyUrl: lowScore.url }).verify('token-ok')).resolves.toBe(false);
  });

  it('when siteverify answers an HTTP error or a non-JSON page, then the token is refused', async () => {
    const broken = await startFakeSiteverify(() => ({ raw: '<html>Bad gateway</html>', status: 502 }));
    await expect(new RecaptchaProvider({ secret: 's', verifyUrl: broken.url }).verify('token-ok')).resolves.toBe(false);
    const html = await startFakeSiteverify(() => ({ raw: '<html>ok</html>', status: 200 }));
    await expect(new RecaptchaProvider({ secret: 's', verifyUrl: html.url }).verify('token-ok')).resolves.toBe(false);
  });

  it('when siteverify cannot be reached, then the token is refused instead of throwing', async () => {
    const gone = await startFakeSiteverify(googleLikeAnswer);
    await gone.close();
    await expect(new RecaptchaProvider({ secret: 's', verifyUrl: gone.url }).verify('token-ok')).resolves.toBe(false);
  });
});
