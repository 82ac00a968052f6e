import { lt } from 'drizzle-orm';
import type { Container } from '../../container';
import { oauthCodes, oauthTokens } from '../../db/oauth-schema';

// The purge of expired authorization codes and tokens (docs/decisions.md §33.10): an expired
// code or token can never be used again, so its row only grows the tables. It is kept a day past
// its expiry, so a client that shows it meanwhile still hears «caducado» rather than «desconocido»,
// and a reused refresh token or code within its life still revokes its grant. Grants stay: they
// are «Aplicaciones conectadas» and their history. Idempotent: a second run deletes nothing.

export const OAUTH_PURGE_GRACE_MS = 24 * 3600_000;

export async function purgeExpiredOAuth(
  container: Pick<Container, 'database'>,
  now = new Date(),
): Promise<{ codes: number; tokens: number }> {
  const db = container.database.db;
  const before = new Date(now.getTime() - OAUTH_PURGE_GRACE_MS);
  const codes = await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, before)).returning({ hash: oauthCodes.codeHash });
  const tokens = await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, before)).returning({ id: oauthTokens.id });
  return { codes: codes.length, tokens: tokens.length };
}
