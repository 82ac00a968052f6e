import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { updatedAt } from './columns';
import { workspaces } from './workspaces-schema';

// White-label (issue 17, docs/decisions.md §24.5): one row per user who saved a brand. The row
// stays when the plan no longer allows it: the reports fall back to RankMaps' brand, and the
// agency's comes back if the plan does.
export const reportBrands = pgTable(
  'report_brands',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The agency's name (≤ 80); null while only a logo was uploaded. */
    name: text('name'),
    /** #rrggbb, lower-case. */
    accent: text('accent').notNull().default('#2563eb'),
    contact: text('contact'),
    footer: text('footer'),
    /** Storage key of the re-encoded logo ('logos/<logo_key>.png'), as users.profile_picture is kept. */
    logo: text('logo'),
    /** 128 random bits in hex: the logo's public URL, /api/report-brand/logo/<logo_key>.png. A new upload gets a new one. */
    logoKey: text('logo_key'),
    /** Remove «Hecho con RankMaps» (honoured on Enterprise only). */
    hidePoweredBy: boolean('hide_powered_by').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('report_brands_logo_key_key').on(t.logoKey)],
);
