import { createChallenge } from 'altcha-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { AltchaChallenge } from '@rankmaps/shared/schemas/captcha';
import { altchaToken, solveAltcha } from '../../../test/altcha';
import { openTestDatabase } from '../../../test/test-app';
import { ALTCHA_MAX_NUMBER, ALTCHA_TTL_MS, AltchaProvider } from './altcha';

const KEY = 'clave-hmac-de-prueba-0123456789';

describe('AltchaProvider', async () => {
  const { database, drop } = await openTestDatabase();
  afterAll(async () => {
    await database.close();
    await drop();
  });
  const provider = new AltchaProvider(KEY, database.db);

  it('when a challenge is created, then it is SHA-256, sized for phones, signed and expires in 10 minutes', async () => {
    const before = Date.now();
    const c = await provider.createChallenge();
    expect(c).toMatchObject({ algorithm: 'SHA-256', maxnumber: ALTCHA_MAX_NUMBER });
    expect(c.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(new URLSearchParams(c.salt.split('?')[1]).get('expires')) * 1000;
    expect(expires).toBeGreaterThanOrEqual(Math.floor((before + ALTCHA_TTL_MS) / 1000) * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + ALTCHA_TTL_MS);
  });

  it('when a solved challenge is verified twice, then it passes once and the replay fails', async () => {
    const c = await provider.createChallenge();
    const token = altchaToken(c, solveAltcha(c));
    await expect(provider.verify(token)).resolves.toBe(true);
    await expect(provider.verify(token)).resolves.toBe(false);
  });

  it('when the same solution arrives twice at once, then only one of them passes', async () => {
    const c = await provider.createChallenge();
    const token = altchaToken(c, solveAltcha(c));
    const results = await Promise.all([provider.verify(token), provider.verify(token), provider.verify(token)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('when the number is wrong, then the solution fails', async () => {
    const c = await provider.createChallenge();
    const n = solveAltcha(c);
    await expect(provider.verify(altchaToken(c, n + 1))).resolves.toBe(false);
  });

  it('when the challenge was signed with another key, then the solution fails', async () => {
    const forged = (await createChallenge({ hmacKey: 'otra-clave-cualquiera-000000', maxnumber: 1000, expires: new Date(Date.now() + 60_000) })) as AltchaChallenge;
    await expect(provider.verify(altchaToken(forged, solveAltcha({ ...forged, maxnumber: 1000 })))).resolves.toBe(false);
  });

  it('when the challenge has expired, then the solution fails', async () => {
    const old = (await createChallenge({ hmacKey: KEY, maxnumber: 1000, expires: new Date(Date.now() - 1000) })) as AltchaChallenge;
    await expect(provider.verify(altchaToken(old, solveAltcha({ ...old, maxnumber: 1000 })))).resolves.toBe(false);
  });

  it('when the challenge carries no expiry, then the solution fails even with the right key', async () => {
    const eternal = (await createChallenge({ hmacKey: KEY, maxnumber: 1000 })) as AltchaChallenge;
    await expect(provider.verify(altchaToken(eternal, solveAltcha({ ...eternal, maxnumber: 1000 })))).resolves.toBe(false);
  });

  it('when the token is not an ALTCHA payload, then it fails without throwing', async () => {
    const c = await provider.createChallenge();
    for (const token of ['', 'no-es-base64-!!', Buffer.from('{"a":1}').toString('base64'), Buffer.from('null').toString('base64'), altchaToken(c, 1, { algorithm: 'MD5' })]) {
      await expect(provider.verify(token)).resolves.toBe(false);
    }
  });
});
