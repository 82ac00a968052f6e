import { randomBytes } from 'node:crypto';
import type { Container } from '../../container';
import { atRestCipher } from '../../lib/at-rest-cipher';
import type { TokenCipher } from '../gbp/token-cipher';

// Endpoints' signing secrets (docs/decisions.md §26.4): `whsec_` and 32 random bytes in
// base64url, shown once. They sign every delivery, so they are stored encrypted (AES-256-GCM,
// the GBP tokens' TokenCipher, bound to the endpoint's id), never hashed.

const SECRET_PREFIX = 'whsec_';
/** What the list shows of a secret: 'whsec_' and the next 6 characters. */
export const SHOWN_SECRET_LENGTH = 12;

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** The cipher of the secrets (lib/at-rest-cipher.ts), as the demo's GBP tokens. */
export const webhookCipher = (container: Pick<Container, 'config' | 'database'>): Promise<TokenCipher> => atRestCipher(container, 'webhook-secret-key-v1');

export const secretContext = (endpointId: string) => `webhook:${endpointId}`;
