import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from './columns';
import { users } from './schema';
import { workspaces } from './workspaces-schema';

// RankMaps as the OAuth 2.1 authorization server of its MCP server (docs/decisions.md §33.2).
// Only SHA-256 hashes of codes and tokens are kept (each has 256 random bits, so a fast hash is
// enough and one indexed look-up finds the row). A grant is one «aplicación conectada»: a
// person's consent to one client in one workspace; its codes and tokens hang from it, and
// revoking it (or a reused code or refresh token) ends them all at once.

/** A client registered by dynamic client registration (RFC 7591): public, PKCE only, no secret. */
export const oauthClients = pgTable('oauth_clients', {
  /** The client_id handed out at registration. */
  id: uuidKey(),
  name: text('name').notNull(),
  /** Exact redirect URIs: https, or http on a loopback address. */
  redirectUris: text('redirect_uris').array().notNull(),
  createdAt: createdAt(),
});

/** A person's consent to a client, in one workspace, for one resource (our /mcp URL). */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: uuidKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The role the consent screen showed; a token never acts with more (docs/decisions.md §33.3). */
    role: text('role', { enum: ['owner', 'admin', 'member', 'client'] }).notNull(),
    /** The resource indicator (RFC 8707) the tokens are bound to. */
    resource: text('resource').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('oauth_grants_user_idx').on(t.userId)],
);

/** An authorization code: single use, minutes long, bound to its redirect URI and PKCE challenge. */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  grantId: uuid('grant_id')
    .notNull()
    .references(() => oauthGrants.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  /** BASE64URL(SHA-256(code_verifier)); S256 is the only method accepted. */
  codeChallenge: text('code_challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Access and refresh tokens. A refresh token is used once: its use stamps `used_at` and issues the next. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: uuidKey(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('oauth_tokens_hash_key').on(t.tokenHash), index('oauth_tokens_grant_idx').on(t.grantId)],
);
