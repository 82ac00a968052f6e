import { z } from 'zod';
import { v } from '../messages';
import { planAllowanceFields } from './common';

// API keys (issue 19, docs/api.md, docs/decisions.md §26.1): named keys with scopes, for the
// /api/v1 surface. A key is shown once, in the answer that creates it.

export const API_KEY_NAME_MAX = 60;
export const API_KEY_SCOPES = ['read', 'scans'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Active (not revoked) keys a user may hold at once. */
export const MAX_ACTIVE_API_KEYS = 10;

/** POST /api/api-keys. Scopes are a non-empty subset of read and scans; repeats are folded. */
export const createApiKeyBodySchema = z.strictObject(
  {
    name: z.string(v('apiKeyNameInvalid')).trim().min(1, v('apiKeyNameInvalid')).max(API_KEY_NAME_MAX, v('apiKeyNameInvalid')),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, v('apiKeyScopesInvalid')), v('apiKeyScopesInvalid'))
      .min(1, v('apiKeyScopesInvalid'))
      .max(API_KEY_SCOPES.length * 2, v('apiKeyScopesInvalid'))
      .transform((s) => API_KEY_SCOPES.filter((scope) => s.includes(scope))),
  },
  v('apiKeyBodyInvalid'),
);
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
export type CreateApiKeyInput = z.input<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first 12 characters (`rmk_` and 8 more), enough to recognise it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /api/api-keys: the keys (active first, newest first) and what the plan allows. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema), ...planAllowanceFields, maxActive: z.number().int() });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/api-keys (201): the key, whole, this one time. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
