import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './schema';

// A workspace owns what an account used to own (docs/decisions.md §30.1): the plan, credits,
// businesses, clients, brand, share links, keys and webhooks. Owned tables keep their
// `user_id` column, which now holds the workspace's id: a workspace made for a sign-up, and
// every one the migration made for an existing account, has the id of the user who made it,
// so every row and route of a solo user stayed as it was.

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  /** An ownership transfer the owner started and the named member has not accepted yet (docs/decisions.md §30.3). */
  pendingOwnerId: uuid('pending_owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  pendingOwnerAt: timestamp('pending_owner_at', { withTimezone: true }),
});

/** The workspace a row belongs to: deleting the workspace deletes the row. */
export const ownerWorkspaceId = () =>
  uuid('user_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

/** Who belongs to a workspace, with which role; Miembro and Cliente see only `client_ids`' businesses. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member', 'client'] }).notNull(),
    clientIds: uuid('client_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    // One owner per workspace: a transfer changes both rows in one transaction.
    uniqueIndex('workspace_members_one_owner_key').on(t.workspaceId).where(sql`${t.role} = 'owner'`),
    check('workspace_members_role_check', sql`${t.role} in ('owner', 'admin', 'member', 'client')`),
  ],
);

/** The workspace a session (refresh-token family) is working in, kept across refreshes. */
export const sessionWorkspaces = pgTable('session_workspaces', {
  familyId: uuid('family_id').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An invitation to join a workspace (docs/decisions.md §30.1): single-use, valid 7 days, only
 * the token's hash is kept. `accepted_at` or `revoked_at` ends it; a resend replaces the hash
 * and the expiry.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member', 'client'] }).notNull(),
    clientIds: uuid('client_ids').array().notNull().default(sql`'{}'::uuid[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_key').on(t.tokenHash),
    // One open invitation per address and workspace: a second is a resend, not a new row.
    uniqueIndex('workspace_invitations_open_key').on(t.workspaceId, t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('workspace_invitations_role_check', sql`${t.role} in ('admin', 'member', 'client')`),
  ],
);

/**
 * The activity log (docs/decisions.md §30.1): append-only, kept 13 months. The actor's name
 * and the target's label are copied, so an entry still reads right after a member leaves or a
 * business is deleted.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** Through an API key: its id. */
    apiKeyId: uuid('api_key_id'),
    /** scan, keyword, business, client, campaign, share, report, integration, brand, member, plan. */
    kind: text('kind').notNull(),
    /** The operationId of the route, or the name of the event. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('activity_log_workspace_time_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()), index('activity_log_actor_idx').on(t.workspaceId, t.actorId, t.createdAt.desc())],
);
