import { hkdfSync, randomBytes } from 'node:crypto';
import type { Container } from '../../container';
import type { Db } from '../../db/client';
import { getOrCreateSecret } from '../../lib/secrets';
import { TokenCipher } from '../gbp/token-cipher';

// Endpoints' signing secrets (docs/decisions.md §26.4): `whsec_` and 32 random bytes in
// base64url, shown once. They sign every delivery, so they are stored encrypted (AES-256-GCM,
// the GBP tokens' TokenCipher, bound to the endpoint's id), never hashed.

const SECRET_PREFIX = 'whsec_';
/** What the list shows of a secret: 'whsec_' and the next 6 characters. */
export const SHOWN_SECRET_LENGTH = 12;

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

const ciphers = new WeakMap<Db, Promise<TokenCipher>>();

/**
 * The cipher of the secrets: a key derived with HKDF-SHA256 from the JWT secret (configured, or
 * generated once and kept in the database), as the demo's GBP tokens. One per database.
 */
export function webhookCipher(container: Pick<Container, 'config' | 'database'>): Promise<TokenCipher> {
  const db = container.database.db;
  let cipher = ciphers.get(db);
  if (!cipher) {
    cipher = getOrCreateSecret(db, 'jwt_secret', container.config.jwtSecret).then(
      (jwtSecret) => new TokenCipher(Buffer.from(hkdfSync('sha256', jwtSecret, 'rankmaps', 'webhook-secret-key-v1', 32))),
    );
    ciphers.set(db, cipher);
  }
  return cipher;
}

export const secretContext = (endpointId: string) => `webhook:${endpointId}`;
