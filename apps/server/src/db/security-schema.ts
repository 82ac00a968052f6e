import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// State of the abuse protections, kept in the database so that every API process counts
// against the same numbers (N processes must not allow N times a limit). Buckets are
// SHA-256 hashes of "purpose + address/e-mail/user": no address or e-mail is stored in clear.

/** Fixed-window request counters of the sensitive endpoints (sign-up, reset, contact, support, uploads...). */
export const requestCounters = pgTable(
  'request_counters',
  {
    bucketHash: text('bucket_hash').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('request_counters_window_idx').on(t.windowEndsAt)],
);

/**
 * Failed sign-in attempts per account, per client address and per trusted device. Past a
 * threshold each further attempt must wait (blocked_until), longer after each failure.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    bucketHash: text('bucket_hash').primaryKey(),
    failures: integer('failures').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_throttles_last_attempt_idx').on(t.lastAttemptAt)],
);
