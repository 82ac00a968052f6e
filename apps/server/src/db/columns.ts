import { doublePrecision, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Columns that most tables declare alike. Each is a function because a Drizzle column builder
// belongs to the one table it is declared in: every table needs a builder of its own.

/** A row's own key: a random UUID. */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A call's task in a vendor's standard queue: 'posting' (the row is committed, the POST not yet
 * answered), 'posted' (the vendor gave its id), 'collected' (its result stored), 'failed'
 * (refused or failed at the vendor: asked live), 'abandoned' (past the wait bound: asked live).
 */
export type VendorTaskState = 'posting' | 'posted' | 'collected' | 'failed' | 'abandoned';

/**
 * What every standard-queue task row keeps, for map points (`vendor_tasks`) and AI calls
 * (`ai_vendor_tasks`) alike (docs/decisions.md §21.2): the tag sent with the task, the vendor's
 * id, the state, when it was posted, what it cost and the vendor's error.
 */
export const vendorTaskColumns = () => ({
  tag: text('tag').notNull(),
  /** The vendor's task id; null until the POST answered (or when the answer was lost). */
  taskId: text('task_id'),
  state: text('state').$type<VendorTaskState>().notNull().default('posting'),
  postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  /** What the vendor charged for the task, in USD (charged when posted). */
  costUsd: doublePrecision('cost_usd').notNull().default(0),
  error: text('error'),
});
