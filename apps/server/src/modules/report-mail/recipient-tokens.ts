import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { linkSigner } from '../../lib/link-signer';

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

const signer = linkSigner('report_mail.unsubscribe_secret', 'report-unsubscribe:');

export async function unsubscribeToken(db: Db, recipientId: string): Promise<string> {
  return `${recipientId}.${await signer.sign(db, recipientId)}`;
}

/** The recipient a token names, or null when it is malformed or forged. Reading never writes. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<string | null> {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [recipientId, signature] = parts as [string, string];
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(recipientId)) return null;
  return (await signer.verify(db, recipientId, signature)) ? recipientId : null;
}
