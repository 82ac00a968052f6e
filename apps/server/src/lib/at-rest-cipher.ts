import { hkdfSync } from 'node:crypto';
import type { Container } from '../container';
import type { Db } from '../db/client';
import { TokenCipher } from '../modules/gbp/token-cipher';
import { getOrCreateSecret } from './secrets';

// Secrets the app must read back (webhook signing secrets, share-link tokens) are stored
// encrypted with AES-256-GCM (TokenCipher), under a key derived with HKDF-SHA256 from the JWT
// secret (configured, or generated once and kept in the database). Each purpose has its own
// HKDF label, so a key never serves two kinds of value.

const ciphers = new WeakMap<Db, Map<string, Promise<TokenCipher>>>();

/** The cipher of one purpose (`'webhook-secret-key-v1'`, …): one per database and purpose. */
export function atRestCipher(container: Pick<Container, 'config' | 'database'>, purpose: string): Promise<TokenCipher> {
  const db = container.database.db;
  let byPurpose = ciphers.get(db);
  if (!byPurpose) ciphers.set(db, (byPurpose = new Map<string, Promise<TokenCipher>>()));
  let cipher = byPurpose.get(purpose);
  if (!cipher) {
    cipher = getOrCreateSecret(db, 'jwt_secret', container.config.jwtSecret).then(
      (jwtSecret) => new TokenCipher(Buffer.from(hkdfSync('sha256', jwtSecret, 'rankmaps', purpose, 32))),
    );
    byPurpose.set(purpose, cipher);
  }
  return cipher;
}
