import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AltchaProvider } from './altcha';
import type { CaptchaProvider } from './interface';
import { RecaptchaProvider } from './recaptcha';

export interface CaptchaDeps {
  /** HMAC key that signs ALTCHA challenges (configured, or generated once and stored). */
  hmacKey: string;
  /** Where spent ALTCHA challenges are recorded. */
  db: Db;
  log?: Logger;
}

/** reCAPTCHA when its keys are configured; otherwise the self-hosted ALTCHA proof of work. */
export function createCaptchaProvider(config: Config, deps: CaptchaDeps): CaptchaProvider {
  if (config.recaptcha) return new RecaptchaProvider(config.recaptcha, deps.log);
  return new AltchaProvider(deps.hmacKey, deps.db);
}
