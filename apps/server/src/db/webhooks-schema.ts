import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt, uuidKey } from './columns';
import { users } from './schema';
import { ownerWorkspaceId } from './workspaces-schema';

// Outgoing webhooks (issue 19, docs/webhooks.md, docs/decisions.md §26.4).

/** A user's endpoint: where their events are POSTed, signed with its secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuidKey(),
    userId: ownerWorkspaceId(),
    /** As parsed by validateWebhookUrl (what is delivered to is what was checked). */
    url: text('url').notNull(),
    /** Subset of WEBHOOK_EVENT_TYPES. */
    events: text('events').array().notNull(),
    /**
     * The signing secret (`whsec_…`), AES-256-GCM encrypted (TokenCipher, bound to the row's
     * id): it signs every delivery, so it cannot be hashed.
     */
    secretEnc: text('secret_enc').notNull(),
    /** The secret's first 12 characters, shown in the list. */
    secretPrefix: text('secret_prefix').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was switched off: by its owner, or after repeated failure (Spanish, shown). */
    disabledReason: text('disabled_reason'),
    /** Deliveries in a row that ended failed; reset by any delivered one. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** The person who added it (docs/decisions.md §30.4). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_user_id_idx').on(t.userId, t.createdAt)],
);

export type WebhookDeliveryStatus = 'queued' | 'sending' | 'retrying' | 'delivered' | 'failed';

/**
 * One event for one endpoint: unique per (event, endpoint), so a job run twice or after a crash
 * never makes a second delivery. Its payload is fixed when made; replays send it again as is.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: ownerWorkspaceId(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** `{ id, type, createdAt, data }`, sent byte for byte as stored (JSON text). */
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('queued'),
    /** Attempts made so far, replays included. */
    attempts: integer('attempts').notNull().default(0),
    /** Attempts made before the current run of retries (a replay starts a new run). */
    runStart: integer('run_start').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId), index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);
