import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens';

/** Name of the cookie that marks a browser where the account's password was once typed right. */
export const COOKIE_DEVICE = 'rm_device';
/** Sent only to the sign-in endpoint: nothing else needs it. */
export const DEVICE_COOKIE_PATH = '/api/auth/login';
export const DEVICE_COOKIE_DAYS = 180;

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Device cookies (OWASP's answer to lock-out by strangers): after a successful password
 * sign-in the browser gets a signed "<userId>.<issuedAt>.<mac>" cookie. From that browser,
 * the account's own failed-attempt counter does not apply (the device has one of its own),
 * so someone who keeps the account waiting with wrong passwords cannot lock out its owner
 * on the devices they already use. Stateless: the MAC is all there is to check.
 */
export class DeviceCookies {
  constructor(private readonly key: string) {}

  issue(userId: string, now = Date.now()): string {
    const body = `${userId}.${Math.floor(now / 1000)}`;
    return `${body}.${this.mac(body)}`;
  }

  /** True when the cookie was issued by us, for this user, less than DEVICE_COOKIE_DAYS ago. */
  isTrustedFor(cookie: string | undefined, userId: string, now = Date.now()): boolean {
    if (!cookie) return false;
    const [id, issuedAt, mac, ...rest] = cookie.split('.');
    if (rest.length > 0 || !id || !issuedAt || !mac || !USER_ID.test(id) || !/^\d{1,12}$/.test(issuedAt)) return false;
    if (!safeEqual(mac, this.mac(`${id}.${issuedAt}`))) return false;
    const ageSeconds = now / 1000 - Number(issuedAt);
    return id.toLowerCase() === userId.toLowerCase() && ageSeconds >= -60 && ageSeconds < DEVICE_COOKIE_DAYS * 24 * 3600;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(`rm-device:${body}`, 'utf8').digest('base64url');
  }
}
