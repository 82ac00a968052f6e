import type { Logger } from 'pino';
import { z } from 'zod';
import type { CaptchaProvider } from './interface';

// Google's documented siteverify answer. v3 adds score and action; v2 has neither.
const siteverifySchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** Below this v3 score Google considers the request likely automated (its suggested default). */
export const RECAPTCHA_MIN_SCORE = 0.5;
const TIMEOUT_MS = 10_000;

export interface RecaptchaOptions {
  secret: string;
  verifyUrl: string;
}

/**
 * Google reCAPTCHA (invisible), verified server-side with siteverify. Any failure to reach
 * Google or to read its answer counts as a failed check: the form never passes unverified.
 */
export class RecaptchaProvider implements CaptchaProvider {
  readonly name = 'recaptcha' as const;

  constructor(
    private readonly opts: RecaptchaOptions,
    private readonly log?: Logger,
  ) {}

  async verify(token: string, remoteIp?: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.opts.secret, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    try {
      const res = await fetch(this.opts.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) {
        this.log?.warn({ status: res.status }, 'reCAPTCHA siteverify answered an error status');
        return false;
      }
      const parsed = siteverifySchema.safeParse(await res.json());
      if (!parsed.success) {
        this.log?.warn('reCAPTCHA siteverify answer has an unexpected shape');
        return false;
      }
      const { success, score } = parsed.data;
      if (!success) this.log?.info({ errorCodes: parsed.data['error-codes'] }, 'reCAPTCHA token rejected');
      return success && (score === undefined || score >= RECAPTCHA_MIN_SCORE);
    } catch (err) {
      this.log?.warn({ err }, 'reCAPTCHA siteverify could not be reached');
      return false;
    }
  }
}
