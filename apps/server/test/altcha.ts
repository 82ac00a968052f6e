import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AltchaChallenge } from '@rankmaps/shared/schemas/captcha';

/** Solves an ALTCHA challenge by brute force, exactly as the browser widget does. */
export function solveAltcha(c: AltchaChallenge): number {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (createHash('sha256').update(`${c.salt}${n}`).digest('hex') === c.challenge) return n;
  }
  throw new Error('challenge has no solution');
}

/** The token the browser sends: base64 of the protocol's JSON payload. */
export function altchaToken(c: AltchaChallenge, number: number, override: Record<string, unknown> = {}): string {
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature, ...override };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export async function fetchChallenge(app: FastifyInstance): Promise<AltchaChallenge> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return res.json<AltchaChallenge>();
}

/** Fetches a challenge from the app and returns a valid, unused token for it. */
export async function solvedToken(app: FastifyInstance): Promise<string> {
  const c = await fetchChallenge(app);
  return altchaToken(c, solveAltcha(c));
}
