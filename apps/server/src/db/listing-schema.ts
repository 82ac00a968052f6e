import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ListingField, ListingSource } from '@rankmaps/shared/schemas/review-pace';
import { createdAt, uuidKey } from './columns';
import { ownerPlaceId } from './places-schema';
import { rankMaps } from './rankmaps-schema';
import { ownerWorkspaceId } from './workspaces-schema';

// The listing guard (docs/decisions.md §32.2): a business's public fields as last seen, per
// source, and every change between two sightings. 'search' is what the scans' results show;
// a Business Profile sync will add 'gbp' rows (getGoogleUpdated) to the same tables.

/** The last value seen of each field, per source: what the next sighting is compared with. */
export const placeListingFields = pgTable(
  'place_listing_fields',
  {
    placeId: ownerPlaceId(),
    source: text('source').$type<ListingSource>().notNull(),
    field: text('field').$type<ListingField>().notNull(),
    value: text('value'),
    /** When it was seen: a sighting older than this one (an analysis finished late) changes nothing. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    rankMapId: uuid('rank_map_id'),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.source, t.field] })],
);

/**
 * One change of one field. `dedupeKey` makes recording it once whatever the retries:
 * 'search:<analysis id>:<field>' for a scan's sighting.
 */
export const listingChanges = pgTable(
  'listing_changes',
  {
    id: uuidKey(),
    placeId: ownerPlaceId(),
    userId: ownerWorkspaceId(),
    field: text('field').$type<ListingField>().notNull(),
    before: text('before'),
    after: text('after'),
    source: text('source').$type<ListingSource>().notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    rankMapId: uuid('rank_map_id').references(() => rankMaps.id, { onDelete: 'set null' }),
    /** Seen by a demo scan: labelled «Datos de demostración». */
    demo: boolean('demo').notNull().default(false),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('listing_changes_dedupe_key').on(t.dedupeKey), index('listing_changes_place_seen_idx').on(t.placeId, t.seenAt.desc(), t.id.desc()), index('listing_changes_rank_map_idx').on(t.rankMapId)],
);
