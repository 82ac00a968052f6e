import type { AltchaChallenge } from '@rankmaps/shared/schemas/captcha';

/** Checks the token a form obtained from the captcha widget. */
export interface CaptchaProvider {
  readonly name: 'altcha' | 'recaptcha';
  /** True only for a genuine, unexpired token that has not been used before. Never throws. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
  /** A fresh proof-of-work challenge for the browser. Only self-hosted providers (ALTCHA) have one. */
  createChallenge?(): Promise<AltchaChallenge>;
}
