import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BillingData } from '@rankmaps/shared/schemas/profile';
import { createdAt, uuidKey } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    // Always stored lower-cased; the unique index is what stops duplicate sign-ups under races.
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    mailConfirmed: boolean('mail_confirmed').notNull().default(false),
    /** Storage key of the re-encoded picture ('avatars/<random>.webp'); the API serves it under /uploads. */
    profilePicture: text('profile_picture'),
    options: jsonb('options').$type<{ key: string; value: string }[]>().notNull().default([]),
    /** Invoice details from the profile's billing tab; null until the user fills them in. */
    billingData: jsonb('billing_data').$type<BillingData>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_google_sub_key').on(t.googleSub)],
);

/** The user a row belongs to: deleting the user deletes the row. */
export const ownerUserId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

// Rotating refresh tokens. A family is one sign-in; reuse of a rotated token revokes the family.
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuidKey(),
    userId: ownerUserId(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    persistent: boolean('persistent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

// Single-use tokens sent by e-mail (confirmation, password reset). Only the hash is stored.
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuidKey(),
    userId: ownerUserId(),
    purpose: text('purpose').$type<'confirm' | 'reset'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash)],
);

// Per-address cooldown for "send me the link again". Keyed by a hash of purpose and address,
// so it applies the same to unknown addresses (no enumeration) without storing them.
export const emailCooldowns = pgTable('email_cooldowns', {
  keyHash: text('key_hash').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

// Every e-mail is written here first, in the same transaction as what caused it,
// then delivered by a job. A mail server that is down delays mail; it never loses it.
/**
 * An e-mail not delivered yet: waiting for a try, or in the middle of one. The statuses are
 * written out rather than passed as parameters, so a query that filters with this can use the
 * partial index below even when PostgreSQL plans it once for any parameters (a generic plan).
 */
export const undeliveredEmail = (status: SQLWrapper): SQL => sql`${status} in ('queued', 'sending')`;

/** An attachment of a stored e-mail, named by the SHA-256 of its bytes in mail_attachments. */
export interface EmailAttachmentRef {
  filename: string;
  contentType: string;
  sha256: string;
  size: number;
}

export const emails = pgTable(
  'emails',
  {
    id: uuidKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    /** Extra headers for the message (an alert's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Files sent with it (a report's PDF); their bytes are in mail_attachments, by SHA-256 (report-mail-schema.ts). */
    attachments: jsonb('attachments').$type<EmailAttachmentRef[]>(),
    // 'sending' while one job holds it, from just before the SMTP conversation until its
    // outcome is recorded: no other job may send it meanwhile (docs/operations.md).
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed'>().notNull().default('queued'),
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('emails_created_idx').on(t.createdAt),
    index('emails_to_idx').on(t.to),
    // The outbox sweep's scan (mailRepository.listWithoutJob): the undelivered mails, oldest
    // first, without walking past the sent ones (the outbox keeps every mail ever sent).
    index('emails_undelivered_created_idx').on(t.createdAt).where(undeliveredEmail(t.status)),
  ],
);

/** Raw bytes: a Buffer in, a Buffer out, on PGlite (Uint8Array) and node-postgres (Buffer) alike. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// The bytes of e-mail attachments, stored once by their SHA-256 however many e-mails carry them
// (a report's PDF goes to up to 10 recipients); emails.attachments names them.
export const mailAttachments = pgTable('mail_attachments', {
  sha256: text('sha256').primaryKey(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuidKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

// Spent captcha challenges, so one solved challenge cannot be replayed.
export const captchaUses = pgTable('captcha_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// Small key/value store for generated secrets of the embedded default (JWT key, captcha key),
// so sessions survive a restart without anyone having to configure a key.
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
