import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NotificationChannel, NotificationKind, NotificationKindSwitches } from '@rankmaps/shared/schemas/notifications';
import { ownerPlaceId, places } from './places-schema';
import { rankMaps } from './rankmaps-schema';
import { emails, ownerUserId, users } from './schema';
import { createdAt, updatedAt, uuidKey } from './columns';
import { ownerWorkspaceId } from './workspaces-schema';

// Notifications (issue 16, docs/decisions.md §23.2). One row per event, created once: its
// dedupe_key is unique and the evaluation inserts with ON CONFLICT DO NOTHING.
export const notifications = pgTable(
  'notifications',
  {
    id: uuidKey(),
    userId: ownerUserId(),
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'cascade' }),
    rankMapId: uuid('rank_map_id').references(() => rankMaps.id, { onDelete: 'cascade' }),
    /** The analysis it was compared with (a rank drop or gain, a competitor overtaking). */
    comparedRankMapId: uuid('compared_rank_map_id').references(() => rankMaps.id, { onDelete: 'set null' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** `<kind>:<analysis>[:<more>]`: the same event never makes two rows. */
    dedupeKey: text('dedupe_key').notNull().unique('notifications_dedupe_key_key'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Path in the SPA ('/rankmap/…?compare=…'). */
    link: text('link').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Shown in the bell: false when the user switched the kind's in-app channel off (the row still carries the e-mail). */
    inApp: boolean('in_app').notNull().default(true),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null and ${t.inApp}`),
  ],
);

// A user's notification preferences; a user without a row has the defaults.
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailMode: text('email_mode').$type<'each' | 'digest'>().notNull().default('each'),
  /** «Análisis completado» e-mailed for the analyses of campaign and weekly rounds too (docs/decisions.md §25.6). */
  roundScanEmails: boolean('round_scan_emails').notNull().default(false),
  geoRankDropPoints: integer('georank_drop_points').notNull().default(10),
  geoRankGainPoints: integer('georank_gain_points').notNull().default(10),
  localPackLostPercent: integer('local_pack_lost_percent').notNull().default(20),
  localPackGainedPercent: integer('local_pack_gained_percent').notNull().default(20),
  /** Per kind × channel; a kind or channel missing takes its default. */
  switches: jsonb('switches').$type<NotificationKindSwitches>().notNull().default({}),
  /** The user's Slack-compatible incoming webhook (a secret: never logged or answered whole). */
  slackUrl: text('slack_url'),
  updatedAt: updatedAt(),
});

// Places whose notifications the user muted.
export const notificationMutedPlaces = pgTable(
  'notification_muted_places',
  {
    userId: ownerUserId(),
    placeId: ownerPlaceId(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.placeId] })],
);

// A place's own Slack-compatible webhook: that place's notifications go there instead of the
// user's (docs/decisions.md §23.3, "Wiring").
export const notificationPlaceSlack = pgTable('notification_place_slack', {
  placeId: uuid('place_id')
    .primaryKey()
    .references(() => places.id, { onDelete: 'cascade' }),
  userId: ownerWorkspaceId(),
  slackUrl: text('slack_url').notNull(),
  updatedAt: updatedAt(),
});

/** 'slack' deliveries: queued → sending (attempt n claimed) → delivered | retrying | failed. */
export type DeliveryStatus = 'pending' | 'queued' | 'sending' | 'retrying' | 'delivered' | 'failed';

// One delivery of a notification on one channel other than in-app ('email', 'slack'). Its
// primary key is what makes it go out once: the row and the mail (or the webhook job) are
// written in one transaction.
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<Exclude<NotificationChannel, 'inApp'>>().notNull(),
    /** 'pending': waits for the daily digest (or a channel not delivered yet); 'queued': its mail is in the outbox. */
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    userId: ownerUserId(),
    emailId: uuid('email_id').references(() => emails.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** Slack: the URL delivered to, fixed when the delivery is made (a secret). */
    target: text('target'),
    /** Slack: the message, fixed when the delivery is made, so a retry sends the same. */
    payload: jsonb('payload').$type<{ text: string; blocks?: unknown[] }>(),
    /** Slack: the attempt number claimed last (1 = the first). */
    attempts: integer('attempts').notNull().default(0),
    /** Slack: when the current attempt was claimed ('sending'). */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.channel] }), index('notification_deliveries_pending_idx').on(t.channel, t.userId).where(sql`${t.status} = 'pending'`)],
);
