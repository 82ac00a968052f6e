import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys-schema';
import { createdAt } from './columns';

// Idempotency-Key of /api/v1 (docs/decisions.md §26.3): one row per (API key, header value).
// The row is reserved (status null) before the work starts, so a concurrent twin finds it;
// it then keeps the first answer for 24 hours.
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Hex SHA-256 of method, path and JSON body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is in progress. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })],
);
