import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { places } from './places-schema';

// The competitors a user pins for one of their places (up to 5, MAX_FOLLOWED_COMPETITORS),
// named as the competitors table names them: the provider's place id, or the table's
// synthetic `local:` id for a business the provider gave none. The name is kept as the
// user saw it, for a competitor that a later scan no longer finds.
export const placeFollowedCompetitors = pgTable(
  'place_followed_competitors',
  {
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    competitorPlaceId: text('competitor_place_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.competitorPlaceId] })],
);
