import { describe, expect, it } from 'vitest';
import type { AltchaChallenge } from '@rankmaps/shared/schemas/captcha';
import { encodeAltchaPayload, solveAltcha } from './altcha-solver';

const encoder = new TextEncoder();
const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
const sha256Hex = async (s: string) => hex(await crypto.subtle.digest('SHA-256', encoder.encode(s)));

/** Builds a challenge the way the ALTCHA protocol (altcha-lib's createChallenge) does. */
async function makeChallenge(secretNumber: number, maxnumber: number): Promise<AltchaChallenge> {
  const salt = `0a1b2c3d4e5f60718293a4b5?expires=${Math.floor(Date.now() / 1000) + 600}&`;
  const challenge = await sha256Hex(`${salt}${secretNumber}`);
  const key = await crypto.subtle.importKey('raw', encoder.encode('clave'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = hex(await crypto.subtle.sign('HMAC', key, encoder.encode(challenge)));
  return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature };
}

describe('solveAltcha', () => {
  it('when the secret number is in range, then it finds exactly that number', async () => {
    const c = await makeChallenge(31_337, 40_000);
    await expect(solveAltcha(c)).resolves.toBe(31_337);
  });

  it('when the secret number is at either end of the range, then it is still found', async () => {
    await expect(solveAltcha(await makeChallenge(0, 5_000))).resolves.toBe(0);
    await expect(solveAltcha(await makeChallenge(5_000, 5_000))).resolves.toBe(5_000);
  });

  it('when no number in range solves it, then it answers null', async () => {
    await expect(solveAltcha(await makeChallenge(2_500, 2_000))).resolves.toBeNull();
  });

  it('when the signal is already aborted, then it stops and answers null', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveAltcha(await makeChallenge(10, 5_000), controller.signal)).resolves.toBeNull();
  });

  it('when the answer lies in the last batch of a full-size challenge, then every batch is searched to find it', async () => {
    await expect(solveAltcha(await makeChallenge(49_999, 50_000))).resolves.toBe(49_999);
  });
});

describe('encodeAltchaPayload', () => {
  it('when a solution is encoded, then it is base64 of the protocol JSON with exactly the five fields', async () => {
    const c = await makeChallenge(42, 1_000);
    const decoded: unknown = JSON.parse(atob(encodeAltchaPayload(c, 42)));
    expect(decoded).toEqual({ algorithm: 'SHA-256', challenge: c.challenge, number: 42, salt: c.salt, signature: c.signature });
  });
});
