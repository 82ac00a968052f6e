import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';
import { getOrCreateSecret } from '../../lib/secrets';

// The two links a report recipient gets (docs/decisions.md §24.6):
// - confirmation: 256 random bits, only their SHA-256 stored (report_recipients.confirm_token_hash);
// - one-click unsubscribe: `<recipient>.<HMAC-SHA256>`, signed with a secret kept in app_settings,
//   like the alerts' (docs/decisions.md §23.2). It never expires and only ever turns reports off.

/** A new confirmation token and the hash to store. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmToken(token) };
}

export const hashConfirmToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Only a token of the right shape is looked up. */
export const isConfirmTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

const SECRET_KEY = 'report_mail.unsubscribe_secret';
const secrets = new WeakMap<Db, Promise<string>>();

function secretOf(db: Db): Promise<string> {
  let s = secrets.get(db);
  if (!s) {
    s = getOrCreateSecret(db, SECRET_KEY, undefined);
    secrets.set(db, s);
    s.catch(() => secrets.delete(db));
  }
  return s;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`report-unsubscribe:${payload}`).digest('base64url');

export async function unsubscribeToken(db: Db, recipientId: string): Promise<string> {
  return `${recipientId}.${sign(await secretOf(db), recipientId)}`;
}

/** The recipient a token names, or null when it is malformed or forged. Reading never writes. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<string | null> {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [recipientId, signature] = parts as [string, string];
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(recipientId)) return null;
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SECRET_KEY));
  if (!row) return null;
  const expected = Buffer.from(sign(row.value, recipientId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return recipientId;
}
