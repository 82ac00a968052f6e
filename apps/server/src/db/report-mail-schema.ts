import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReportRecipientState, ReportScheduleMode } from '@rankmaps/shared/schemas/report-mail';
import { ownerPlaceId, places } from './places-schema';
import { createdAt, updatedAt, uuidKey } from './columns';

// Scheduled report e-mails (issue 17, docs/reports.md "Scheduled report e-mails", docs/decisions.md §24.6).

// A place's client recipients. Confirmed by a link (the token stored hashed) before any report
// goes to them; a permanent SMTP refusal marks them bounced, their one-click link unsubscribed.
export const reportRecipients = pgTable(
  'report_recipients',
  {
    id: uuidKey(),
    placeId: ownerPlaceId(),
    /** As typed, lower-cased; unique per place whatever the case. */
    email: text('email').notNull(),
    name: text('name'),
    state: text('state').$type<ReportRecipientState>().notNull().default('pending'),
    /** SHA-256 of the confirmation link's token (base64url); the token itself is only in the e-mail. */
    confirmTokenHash: text('confirm_token_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the state last changed to bounced or unsubscribed, and why (the SMTP answer). */
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
    stateReason: text('state_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_recipients_place_email_key').on(t.placeId, sql`lower(${t.email})`),
    uniqueIndex('report_recipients_token_key').on(t.confirmTokenHash),
    index('report_recipients_email_idx').on(sql`lower(${t.email})`),
  ],
);

// When a place's report goes out; a place without a row has it off.
export const reportSchedules = pgTable(
  'report_schedules',
  {
    placeId: uuid('place_id')
      .primaryKey()
      .references(() => places.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<ReportScheduleMode>().notNull(),
    /** 1–28, for the monthly mode. */
    monthDay: integer('month_day'),
    updatedAt: updatedAt(),
  },
  (t) => [index('report_schedules_mode_idx').on(t.mode)],
);

export type ReportSendStatus = 'queued' | 'sent' | 'skipped';

// One row per place and round: the weekly round's ISO week ('2026-W47') or the month ('2026-11').
// Inserted with the report-email job in one transaction, so a round is due once; the job marks
// it sent in the transaction that queues its e-mails, so it sends once.
export const reportSends = pgTable(
  'report_sends',
  {
    id: uuidKey(),
    placeId: ownerPlaceId(),
    round: text('round').notNull(),
    trigger: text('trigger').$type<'weekly' | 'monthly' | 'dev'>().notNull(),
    status: text('status').$type<ReportSendStatus>().notNull().default('queued'),
    /** Tries of the job that failed (the PDF did not render, the report could not be built), with the last error. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** E-mails queued, one per confirmed recipient. */
    recipients: integer('recipients').notNull().default(0),
    /** The share link the e-mails carry (the share links' own id), and the PDF's hash in mail_attachments. */
    shareLinkId: text('share_link_id'),
    pdfSha256: text('pdf_sha256'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('report_sends_place_round_key').on(t.placeId, t.round)],
);
