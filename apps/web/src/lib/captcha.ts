import type { AltchaChallenge } from '@rankmaps/shared/schemas/captcha';
import type { PublicConfig } from '@rankmaps/shared/schemas/config';
import { api } from './api-client';
import { encodeAltchaPayload, solveAltcha } from './altcha-solver';
import { i18n } from './i18n';

export type CaptchaConfig = PublicConfig['captcha'];

/** No token could be obtained. Its message is the one the forms show (docs/product.md §5). */
export class CaptchaUnavailableError extends Error {
  constructor() {
    super(i18n.t('captchaRequired', { ns: 'v' }));
    this.name = 'CaptchaUnavailableError';
  }
}

// ─── ALTCHA: fetch a challenge from our server and solve it here ───────────────────────

/** A solution computed ahead of time (see prepareCaptcha), kept well inside the 10-minute expiry. */
const PREPARED_MAX_AGE_MS = 8 * 60 * 1000;
let prepared: { at: number; token: Promise<string> } | null = null;

async function solveFreshAltcha(): Promise<string> {
  const challenge = await api<AltchaChallenge>('/captcha/challenge');
  const number = await solveAltcha(challenge);
  if (number === null) throw new CaptchaUnavailableError();
  return encodeAltchaPayload(challenge, number);
}

/** Takes the prepared solution, if fresh. Each solution is single-use, so it is handed out once. */
function takePrepared(): Promise<string> | null {
  const p = prepared;
  prepared = null;
  return p && Date.now() - p.at < PREPARED_MAX_AGE_MS ? p.token : null;
}

// ─── reCAPTCHA v3 (invisible): Google's script, loaded once ────────────────────────────

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_TIMEOUT_MS = 15_000;
let recaptchaScript: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    const timer = setTimeout(() => reject(new CaptchaUnavailableError()), SCRIPT_TIMEOUT_MS);
    script.onload = () => {
      const g = window.grecaptcha;
      if (!g) {
        clearTimeout(timer);
        reject(new CaptchaUnavailableError());
        return;
      }
      g.ready(() => {
        clearTimeout(timer);
        resolve(g);
      });
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new CaptchaUnavailableError());
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    // A blocked or failed load may work on the next try (flaky network, extension turned off).
    recaptchaScript = null;
    throw err;
  });
  return recaptchaScript;
}

// ─── Public API, shared by the contact and support forms ────────────────────────────────

/**
 * Starts the work early, when the visitor begins filling a form, so sending is instant:
 * ALTCHA solves a challenge in the background; reCAPTCHA loads its script.
 */
export function prepareCaptcha(config: CaptchaConfig): void {
  if (config.provider === 'recaptcha') {
    loadRecaptcha(config.siteKey).catch(() => undefined);
    return;
  }
  if (prepared && Date.now() - prepared.at < PREPARED_MAX_AGE_MS) return;
  const token = solveFreshAltcha();
  token.catch(() => undefined); // failures surface, and are retried, in getCaptchaToken
  prepared = { at: Date.now(), token };
}

/**
 * A single-use captcha token for one form submission, sent in the `recaptcha` field.
 * Throws CaptchaUnavailableError when none can be obtained.
 */
export async function getCaptchaToken(config: CaptchaConfig, action = 'submit'): Promise<string> {
  try {
    if (config.provider === 'recaptcha') {
      const g = await loadRecaptcha(config.siteKey);
      const token = await g.execute(config.siteKey, { action });
      if (!token) throw new CaptchaUnavailableError();
      return token;
    }
    const early = takePrepared();
    // A prepared solution that failed (offline for a moment, say) gets one fresh attempt.
    return early ? await early.catch(() => solveFreshAltcha()) : await solveFreshAltcha();
  } catch {
    throw new CaptchaUnavailableError();
  }
}
