import type { AltchaChallenge } from '@rankmaps/shared/schemas/captcha';

// The ALTCHA proof of work, with nothing but WebCrypto: find the number n (0..maxnumber)
// for which SHA-256(salt + n) equals the challenge. Kept free of DOM and React so it can
// be tested in Node, which has the same WebCrypto.

/** Hashes tried per round. WebCrypto works off the main thread, so a batch runs in parallel. */
const BATCH = 1000;
const encoder = new TextEncoder();

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function sameBytes(buf: ArrayBuffer, expected: Uint8Array): boolean {
  const got = new Uint8Array(buf);
  if (got.length !== expected.length) return false;
  for (let i = 0; i < got.length; i++) if (got[i] !== expected[i]) return false;
  return true;
}

/** The number that solves the challenge, or null when none in range does (or `signal` aborts). */
export async function solveAltcha(challenge: AltchaChallenge, signal?: AbortSignal): Promise<number | null> {
  const target = hexToBytes(challenge.challenge);
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    if (signal?.aborted) return null;
    const end = Math.min(start + BATCH - 1, challenge.maxnumber);
    const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const hashes = await Promise.all(numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${n}`))));
    const hit = hashes.findIndex((h) => sameBytes(h, target));
    if (hit >= 0) return start + hit;
  }
  return null;
}

/** The token the server verifies: base64 of the ALTCHA payload JSON (what altcha-lib's verifySolution reads). */
export function encodeAltchaPayload(challenge: AltchaChallenge, number: number): string {
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature }));
}
