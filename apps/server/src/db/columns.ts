import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Columns that most tables declare alike. Each is a function because a Drizzle column builder
// belongs to the one table it is declared in: every table needs a builder of its own.

/** A row's own key: a random UUID. */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
