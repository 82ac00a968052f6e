import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Google's tokens are stored encrypted at rest with AES-256-GCM. Each value gets a fresh
// 96-bit IV and is bound to its row and field through the additional authenticated data, so
// a ciphertext copied onto another user's row does not decrypt.

const VERSION = 'v1';

/** A stored token that does not decrypt: another key, or tampered with. */
export class TokenDecryptError extends Error {
  constructor() {
    super('El token guardado no se puede descifrar.');
    this.name = 'TokenDecryptError';
  }
}

export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  }

  /** 'v1.<iv>.<tag>.<ciphertext>', base64url parts. `context` names the row and field, e.g. '<userId>:access'. */
  encrypt(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  decrypt(stored: string, context: string): string {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new TokenDecryptError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new TokenDecryptError();
    }
  }
}

/**
 * The key: GBP_TOKEN_KEY (32 bytes, base64) — required with Google. Without it (the demo set-up,
 * whose tokens are synthetic) a key is derived from the JWT secret with HKDF-SHA256.
 */
export function tokenKey(configured: string | undefined, jwtSecret: string): Buffer {
  if (configured) return Buffer.from(configured, 'base64');
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'rankmaps', 'gbp-token-key-v1', 32));
}
