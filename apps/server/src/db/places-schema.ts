import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, uuidKey } from './columns';
import { ownerWorkspaceId, workspaces } from './workspaces-schema';

/** The grid a place is analysed on (docs/product.md §3, matrixConfig). */
export interface StoredMatrixConfig {
  gridSize: number;
  radius: number;
  coordinates: { lat: number; lng: number };
}

// A client of an agency (issue 18, docs/decisions.md §25.1): a label grouping the user's places.
// The name is unique per owner whatever the case; deleting a client leaves its places ungrouped.
export const clients = pgTable(
  'clients',
  {
    id: uuidKey(),
    userId: ownerWorkspaceId(),
    /** ≤ 80 characters, trimmed. */
    name: text('name').notNull(),
    /** Storage key of the client's re-encoded logo ('logos/<logo_key>.png'), as report_brands.logo is kept (docs/decisions.md §25.1). */
    logo: text('logo'),
    /** 128 random bits in hex: the logo's public URL, /api/client-logo/<logo_key>.png. A new upload gets a new one. */
    logoKey: text('logo_key'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clients_user_name_key').on(t.userId, sql`lower(${t.name})`), uniqueIndex('clients_logo_key_key').on(t.logoKey)],
);

// A business a user follows (docs/product.md §3, Place). Service-area businesses have no address point
// (lat/lng null); their grid centre is the one the user chose (center_lat/center_lng).
export const places = pgTable(
  'places',
  {
    id: uuidKey(),
    userId: ownerWorkspaceId(),
    googlePlaceId: text('google_place_id').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    mainPhoto: text('main_photo'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    centerLat: doublePrecision('center_lat').notNull(),
    centerLng: doublePrecision('center_lng').notNull(),
    rating: doublePrecision('rating'),
    totalReviews: integer('total_reviews').notNull().default(0),
    /** The place's market (docs/decisions.md §21): the country it is searched in, ISO 3166-1 alpha-2 ('ES'). */
    countryCode: text('country_code').notNull().default('ES'),
    /** The market's search language, ISO 639-1 ('es'): the language the rank searches are made in. */
    searchLanguage: text('search_language').notNull().default('es'),
    /** Google's customer id (the cid of its Maps URL), when known: results are matched by it after the place id. */
    cid: text('cid'),
    /** The business's own website, when Google (or the demo) gives one: the AI matcher's domain rule reads it (docs/decisions.md §31.12). */
    website: text('website'),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    serviceArea: boolean('service_area').notNull().default(false),
    matrixConfig: jsonb('matrix_config').$type<StoredMatrixConfig>().notNull(),
    /** The client it is grouped under (docs/decisions.md §25.1); null: «Sin cliente». */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('places_user_google_place_key').on(t.userId, t.googlePlaceId), index('places_client_idx').on(t.clientId)],
);

/** The place a row belongs to: deleting the place deletes the row. */
export const ownerPlaceId = () =>
  uuid('place_id')
    .notNull()
    .references(() => places.id, { onDelete: 'cascade' });

/** The place the dashboard opens on; one row per user that has chosen one. */
export const activePlaces = pgTable('user_active_places', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  placeId: ownerPlaceId(),
});
