import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import { type AltchaChallenge, type AltchaPayload, altchaPayloadSchema } from '@rankmaps/shared/schemas/captcha';
import type { Db } from '../../db/client';
import { captchaUsesRepository } from './captcha-uses.repository';
import type { CaptchaProvider } from './interface';

/**
 * The browser tries on average half of this many SHA-256 hashes. Measured in Chromium on a
 * busy 2-core machine, WebCrypto does ~70,000 hashes a second, so the worst case (30,000)
 * takes ~0.4 s there and stays under a second on a mid-range phone, while every message
 * still costs a bot real work. The form also starts solving while the visitor types.
 */
export const ALTCHA_MAX_NUMBER = 30_000;
export const ALTCHA_TTL_MS = 10 * 60 * 1000;

/** Decodes the base64 JSON the ALTCHA protocol sends back; undefined when it is not one. */
export function decodeAltchaPayload(token: string): AltchaPayload | undefined {
  try {
    const parsed = altchaPayloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Self-hosted proof of work (https://altcha.org): no third party, no cookies, no tracking.
 * Challenges are signed with an HMAC key and expire; a solved one is accepted once.
 */
export class AltchaProvider implements CaptchaProvider {
  readonly name = 'altcha' as const;

  constructor(
    private readonly hmacKey: string,
    private readonly db: Db,
  ) {}

  async createChallenge(): Promise<AltchaChallenge> {
    const c = await createChallenge({
      hmacKey: this.hmacKey,
      algorithm: 'SHA-256',
      maxnumber: ALTCHA_MAX_NUMBER,
      expires: new Date(Date.now() + ALTCHA_TTL_MS),
    });
    return { algorithm: 'SHA-256', challenge: c.challenge, maxnumber: c.maxnumber ?? ALTCHA_MAX_NUMBER, salt: c.salt, signature: c.signature };
  }

  async verify(token: string): Promise<boolean> {
    const payload = decodeAltchaPayload(token);
    if (!payload) return false;
    // Our challenges always carry an expiry; one without it was not issued here.
    const expires = Number(extractParams(payload).expires);
    if (!Number.isInteger(expires)) return false;
    const valid = await verifySolution(payload, this.hmacKey, true).catch(() => false);
    if (!valid) return false;
    return captchaUsesRepository.markUsed(this.db, payload.signature, new Date(expires * 1000));
  }
}
