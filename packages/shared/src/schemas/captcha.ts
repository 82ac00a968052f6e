import { z } from 'zod';
import { v } from '../messages';

/** Upper bound for a captcha token: an ALTCHA payload is ~300 characters, a reCAPTCHA token ~2,000. */
export const CAPTCHA_TOKEN_MAX_LENGTH = 8192;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** GET /api/captcha/challenge: an ALTCHA proof-of-work challenge (the ALTCHA protocol's JSON). */
export const altchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: hex64,
  maxnumber: z.number().int().positive(),
  salt: z.string(),
  signature: hex64,
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

/**
 * A solved challenge as the browser sends it back: base64 of this JSON, in the form's
 * `recaptcha` field (the field keeps the seed's name whatever the provider).
 */
export const altchaPayloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: hex64,
  number: z.number().int().min(0),
  salt: z.string().max(512),
  signature: hex64,
});
export type AltchaPayload = z.infer<typeof altchaPayloadSchema>;

/** The token a form obtained from the captcha (ALTCHA payload or reCAPTCHA token). */
export const captchaTokenSchema = z
  .string(v('captchaRequired'))
  .min(1, v('captchaRequired'))
  .max(CAPTCHA_TOKEN_MAX_LENGTH, v('tooLong'));
