import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReplyState } from '@rankmaps/shared/schemas/reviews';
import { createdAt, updatedAt, uuidKey } from './columns';
import { ownerPlaceId } from './places-schema';
import { ownerWorkspaceId } from './workspaces-schema';

// Reviews of a business with its Google Business Profile connected (docs/decisions.md §32.4).

export interface StoredReviewMedia {
  kind: 'photo' | 'video';
  url: string;
  thumbnailUrl: string | null;
}

/**
 * One review as Google last gave it. `googleName` (accounts/…/locations/…/reviews/…) is unique:
 * the sync upserts by it, so reading a review twice stores it once. `firstSeenAt` is when this
 * product first read it (the event of a new review fires from that insert, once).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuidKey(),
    userId: ownerWorkspaceId(),
    placeId: ownerPlaceId(),
    /** accounts/{a}/locations/{l}: the location the review belongs to. */
    location: text('location').notNull(),
    googleName: text('google_name').notNull(),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    reviewerName: text('reviewer_name'),
    reviewerPhotoUrl: text('reviewer_photo_url'),
    reviewerAnonymous: boolean('reviewer_anonymous').notNull().default(false),
    media: jsonb('media').$type<StoredReviewMedia[]>().notNull().default([]),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
    replyComment: text('reply_comment'),
    replyUpdatedAt: timestamp('reply_updated_at', { withTimezone: true }),
    replyState: text('reply_state').$type<ReplyState>(),
    replyPolicyViolation: text('reply_policy_violation'),
    replyUrl: text('reply_url'),
    demo: boolean('demo').notNull().default(false),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** A new review whose event is not yet made: set at insert (not on the first import), cleared once notified, so a crash in between notifies on the retry. */
    eventPending: boolean('event_pending').notNull().default(false),
  },
  (t) => [
    uniqueIndex('reviews_google_name_key').on(t.placeId, t.googleName),
    // The list, newest first, by keyset (create_time, id).
    index('reviews_place_created_idx').on(t.placeId, t.createTime.desc(), t.id.desc()),
    // Unanswered first: the unanswered ones of a place, newest first.
    index('reviews_event_pending_idx')
      .on(t.placeId)
      .where(sql`${t.eventPending}`),
    index('reviews_place_unanswered_idx')
      .on(t.placeId, t.createTime.desc(), t.id.desc())
      .where(sql`${t.replyComment} is null`),
  ],
);

/**
 * The sync of one place's location: its high-water mark (the newest updateTime read), the
 * lease that makes two syncs of one location one, and the state the summary shows.
 */
export const reviewSyncs = pgTable('review_syncs', {
  placeId: ownerPlaceId().primaryKey(),
  userId: ownerWorkspaceId(),
  location: text('location').notNull(),
  highWater: timestamp('high_water', { withTimezone: true }),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  leaseOwner: text('lease_owner'),
  state: text('state').$type<'idle' | 'running' | 'needs-reconnect' | 'failed'>().notNull().default('idle'),
  message: text('message'),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  /** Calls to Google of the last sync (the benchmark reports them). */
  lastCalls: integer('last_calls').notNull().default(0),
  demo: boolean('demo').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The workspace's reply templates in Spanish, with {nombre} and {negocio} placeholders. */
export const reviewTemplates = pgTable(
  'review_templates',
  {
    id: uuidKey(),
    userId: ownerWorkspaceId(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('review_templates_user_idx').on(t.userId, t.createdAt)],
);
