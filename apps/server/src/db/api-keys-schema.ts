import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, uuidKey } from './columns';
import { users } from './schema';
import { ownerWorkspaceId } from './workspaces-schema';

// API keys (issue 19, docs/decisions.md §26.1). Only the SHA-256 of the whole key is kept: a
// key has 256 random bits, so a fast hash is enough (nothing to brute-force), and it lets the
// /api/v1 authentication find the row with one indexed look-up.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidKey(),
    userId: ownerWorkspaceId(),
    name: text('name').notNull(),
    /** Subset of 'read' and 'scans'. */
    scopes: text('scopes').array().notNull(),
    /** The first 12 characters of the key ('rmk_' and 8 more), shown in the list. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The person who created it: removing them from the workspace revokes it (docs/decisions.md §30.4). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_user_id_idx').on(t.userId)],
);
