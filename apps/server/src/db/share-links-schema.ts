import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ShareScope } from '@rankmaps/shared/schemas/share-links';
import { ownerPlaceId } from './places-schema';
import { keywords, rankMaps } from './rankmaps-schema';

import { createdAt, uuidKey } from './columns';
import { ownerWorkspaceId } from './workspaces-schema';

// Share links (issue 17, docs/decisions.md §24.4): a public URL of one report. Only the
// SHA-256 of the token is stored. The target is held by foreign keys that cascade: deleting
// the analysis, the keyword or the place deletes its links (a keyword's and a place's links
// go with them too), so a link never outlives what it shows.
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuidKey(),
    userId: ownerWorkspaceId(),
    scope: text('scope').$type<ShareScope>().notNull(),
    /** The place of the target, whatever the scope. */
    placeId: ownerPlaceId(),
    /** The keyword of a keyword or analysis link; null for a place link. */
    keywordId: uuid('keyword_id').references(() => keywords.id, { onDelete: 'cascade' }),
    /** The analysis of an analysis link; null otherwise. */
    rankMapId: uuid('rank_map_id').references(() => rankMaps.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token: 32 random bytes, base64url. */
    tokenHash: text('token_hash').notNull(),
    /**
     * The token itself, encrypted (lib/at-rest-cipher.ts) and bound to its hash, so that the owner
     * can copy an active link again; null for links made before it was kept. Lookups never read it.
     */
    tokenEnc: text('token_enc'),
    /** Null: it never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    /** The https origins allowed to embed the page (CSP frame-ancestors); empty: none. */
    embedOrigins: jsonb('embed_origins').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_key').on(t.tokenHash),
    index('share_links_user_place_idx').on(t.userId, t.placeId),
    check(
      'share_links_target_check',
      sql`(${t.scope} = 'place' and ${t.keywordId} is null and ${t.rankMapId} is null) or (${t.scope} = 'keyword' and ${t.keywordId} is not null and ${t.rankMapId} is null) or (${t.scope} = 'analysis' and ${t.keywordId} is not null and ${t.rankMapId} is not null)`,
    ),
  ],
);
