import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerUserId } from './schema';
import { createdAt, uuidKey } from './columns';

// Video calls booked with the support team (docs/support.md «Videollamada»,
// docs/decisions.md §27.3). One row per booking for its whole life: a move changes starts_at and raises sequence
// (the .ics SEQUENCE), a cancellation sets cancelled_at. The partial unique index makes a slot
// the team's one booking: of two simultaneous bookings (or moves) of one slot, one wins.
export const videoBookings = pgTable(
  'video_bookings',
  {
    id: uuidKey(),
    userId: ownerUserId(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** What the user wants to talk about (≤ 200 characters, plain text), or null. */
    topic: text('topic'),
    /** The user's IANA zone, captured from the browser at booking: their e-mails' times are in it. */
    userTimeZone: text('user_time_zone').notNull(),
    /** The meeting's link, made once from the configured template and an unguessable id. */
    meetingUrl: text('meeting_url').notNull(),
    /** The .ics SEQUENCE: 0 when booked, +1 on each move and on the cancellation. */
    sequence: integer('sequence').notNull().default(0),
    /** Set when the 1-hour reminder is queued (or was not due): the sweep never sends it twice. Cleared by a move. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** 'cliente' or 'operador': who cancelled, for the e-mails. */
    cancelledBy: text('cancelled_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('video_bookings_slot_key').on(t.startsAt).where(sql`${t.cancelledAt} is null`),
    index('video_bookings_user_idx').on(t.userId, t.startsAt),
    index('video_bookings_reminder_idx').on(t.startsAt).where(sql`${t.cancelledAt} is null and ${t.reminderSentAt} is null`),
  ],
);
