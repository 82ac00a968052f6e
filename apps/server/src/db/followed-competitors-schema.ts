import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ownerPlaceId } from './places-schema';
import { createdAt } from './columns';

// The competitors a user pins for one of their places (up to 5, MAX_FOLLOWED_COMPETITORS),
// named as the competitors table names them: the provider's place id, or the table's
// synthetic `local:` id for a business the provider gave none. The name is kept as the
// user saw it, for a competitor that a later scan no longer finds.
export const placeFollowedCompetitors = pgTable(
  'place_followed_competitors',
  {
    placeId: ownerPlaceId(),
    competitorPlaceId: text('competitor_place_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.competitorPlaceId] })],
);
