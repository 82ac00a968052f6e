import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';
import { getOrCreateSecret } from './secrets';

// Signatures for links that never expire, such as the one-click unsubscribe links of alert and
// report e-mails (docs/decisions.md §23.2 and docs/decisions.md §24.6): HMAC-SHA256 with a secret kept in
// app_settings, made on the first signature and then cached per database. Checking a link
// never makes the secret, so a forged link writes nothing.

export interface LinkSigner {
  /** The payload's signature (base64url), making the secret the first time. */
  sign(db: Db, payload: string): Promise<string>;
  /** Whether `signature` is the payload's; false when no secret was ever made. */
  verify(db: Db, payload: string, signature: string): Promise<boolean>;
}

/** `context` goes before every payload, so a signature made for one purpose serves no other. */
export function linkSigner(secretKey: string, context = ''): LinkSigner {
  const secrets = new WeakMap<Db, Promise<string>>();
  const secretOf = (db: Db): Promise<string> => {
    let s = secrets.get(db);
    if (!s) {
      s = getOrCreateSecret(db, secretKey, undefined);
      secrets.set(db, s);
      s.catch(() => secrets.delete(db));
    }
    return s;
  };
  const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(`${context}${payload}`).digest('base64url');
  return {
    async sign(db, payload) {
      return hmac(await secretOf(db), payload);
    },
    async verify(db, payload, signature) {
      const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, secretKey));
      if (!row) return false;
      const expected = Buffer.from(hmac(row.value, payload));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
