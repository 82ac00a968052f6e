import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerUserId } from './schema';
import { createdAt, updatedAt } from './columns';
import { workspaces } from './workspaces-schema';

// Google Business Profile (docs/decisions.md §20).

/**
 * One connection per user. The tokens are stored encrypted (AES-256-GCM, GBP_TOKEN_KEY), never
 * in plain text. `expired` is set when Google refuses the refresh token: the user must connect again.
 * `provider` records which implementation issued the tokens; a connection of another provider than
 * the active one counts as not connected.
 */
export const gbpConnections = pgTable('gbp_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'demo' | 'google'>().notNull(),
  accessTokenEnc: text('access_token_enc').notNull(),
  refreshTokenEnc: text('refresh_token_enc'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }).notNull(),
  accountEmail: text('account_email'),
  scope: text('scope'),
  expired: boolean('expired').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The nonce of each OAuth `state` handed out: the callback accepts a state only while its row is
 * unused and unexpired, and marks it used in the same statement, so a state works once.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    nonce: text('nonce').primaryKey(),
    userId: ownerUserId(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);
