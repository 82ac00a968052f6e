import { createHmac, timingSafeEqual } from 'node:crypto';

// The `RankMaps-Signature` header (docs/webhooks.md): `t=<unix seconds>,v1=<hex HMAC-SHA256>`
// over "<t>.<body>" with the endpoint's secret, so a receiver can tell our deliveries from
// forgeries and refuse old ones replayed by someone else.

export const SIGNATURE_HEADER = 'RankMaps-Signature';
/** How old a signature a receiver should accept (what docs/webhooks.md recommends). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const hmac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');

/** The header's value for `body` signed at `at`. */
export function signWebhookBody(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Whether `header` is a valid signature of `body` with `secret`, made at most `toleranceSeconds`
 * from `now`. Compares in constant time; any `v1=` in the header may match (several while a
 * secret is being rotated). What a receiver does, as docs/webhooks.md shows.
 */
export function verifyWebhookSignature(
  header: string | undefined,
  body: string,
  secret: string,
  opts: { now?: Date; toleranceSeconds?: number } = {},
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t)) return false;
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - t) > (opts.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && typeof v === 'string' && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), expected));
}
