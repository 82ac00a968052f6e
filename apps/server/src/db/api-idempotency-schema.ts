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

/**
 * The `idempotencyKey` argument of the MCP tools that spend or create (docs/decisions.md §33.7):
 * one row per (credential, key). The credential is an API key or, for an OAuth token, its person
 * in its workspace, which has no api_keys row to hang from (hence a table of its own). The row
 * is reserved (result null) before the work, and then keeps the tool's first answer 24 hours.
 */
export const mcpIdempotencyKeys = pgTable(
  'mcp_idempotency_keys',
  {
    /** `key:<api key id>` or `person:<actor id>:<workspace id>`. */
    credential: text('credential').notNull(),
    key: text('key').notNull(),
    /** Hex SHA-256 of the tool's name and its arguments (without the key). */
    requestHash: text('request_hash').notNull(),
    /** The tool's answer as JSON; null while the first call is in progress. */
    result: text('result'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.credential, t.key] })],
);
