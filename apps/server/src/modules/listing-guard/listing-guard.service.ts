import { LISTING_FIELDS, type ListingChange, type ListingChangesQuery, type ListingChangesResponse, type ListingField } from '@rankmaps/shared/schemas/review-pace';
import type { Container } from '../../container';
import { badRequest } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { ownedOr404 } from '../places/places.service';
import { rankMapsRepository } from '../rankmaps/rankmaps.repository';
import type { StoredBusiness } from '../rankmaps/result-businesses';
import { type ListingChangeRow, listingRepository } from './listing.repository';

// The listing guard from search results (docs/decisions.md §32.2): at each completed scan,
// the target's public fields as its results showed them, compared with the last ones seen.

export const LISTING_CURSOR_INVALID = 'El cursor no es válido: usa el valor de nextCursor de la página anterior.';

/** The fields a scan's results show of a business; null when the provider gave none (never a change). */
export function listingFieldsOf(b: Pick<StoredBusiness, 'name' | 'address' | 'categories'>): Record<ListingField, string | null> {
  const clean = (s: string | undefined | null) => (s && s.trim() ? s.trim() : null);
  // The scans see only these three; the others come from a Business Profile (null: never a change here).
  return { name: clean(b.name), category: clean(b.categories[0]), address: clean(b.address), additionalCategories: null, phone: null, website: null, hours: null, description: null };
}

/**
 * Records what a completed analysis saw of its business. The first sighting of a field is its
 * baseline; a later one that differs is a change, recorded once (its dedupe key is the analysis
 * and the field, so a retried job records nothing again). Under the place's row lock, so that
 * the analyses of one round compare one after the other; a sighting older than the one stored
 * (an analysis that finished late) changes nothing. Returns the changes this call recorded.
 */
export async function recordListingFromAnalysis(container: Pick<Container, 'database'>, rankMapId: string): Promise<ListingChangeRow[]> {
  const db = container.database.db;
  const row = await rankMapsRepository.findById(db, rankMapId);
  if (!row || row.status !== 'completed' || !row.completedAt) return [];
  const business = await listingRepository.businessIn(db, row.id, row.target.placeId);
  if (!business) return [];
  const seen = listingFieldsOf(business);
  const seenAt = row.scheduledFor ?? row.createdAt;
  return db.transaction(async (tx) => {
    if (!(await listingRepository.lockPlace(tx, row.placeId))) return [];
    const stored = new Map((await listingRepository.fields(tx, row.placeId, 'search')).map((f) => [f.field, f]));
    const changes: ListingChangeRow[] = [];
    for (const field of LISTING_FIELDS) {
      const value = seen[field];
      if (value === null) continue;
      const last = stored.get(field);
      if (last && last.seenAt > seenAt) continue;
      if (last && last.value !== value) {
        const change = await listingRepository.insertChange(tx, {
          placeId: row.placeId,
          userId: row.userId,
          field,
          before: last.value,
          after: value,
          source: 'search',
          seenAt,
          rankMapId: row.id,
          demo: row.provider === 'demo',
          dedupeKey: `search:${row.id}:${field}`,
        });
        if (change) changes.push(change);
      }
      await listingRepository.saveField(tx, { placeId: row.placeId, source: 'search', field, value, seenAt, rankMapId: row.id });
    }
    return changes;
  });
}

export function presentListingChange(r: ListingChangeRow): ListingChange {
  return { id: r.id, field: r.field, before: r.before, after: r.after, source: r.source, seenAt: r.seenAt.toISOString(), analysisId: r.rankMapId, demo: r.demo };
}

const encodeCursor = (r: ListingChangeRow) => Buffer.from(`${r.seenAt.toISOString()}|${r.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { seenAt: Date; id: string } {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const seenAt = new Date(at ?? '');
  if (extra !== undefined || !id || !isUuid(id) || Number.isNaN(seenAt.getTime())) throw badRequest(LISTING_CURSOR_INVALID, 'VALIDATION_ERROR');
  return { seenAt, id };
}

/** GET /api/place/:id/listing-changes: newest first, by cursor. */
export async function listListingChanges(container: Pick<Container, 'database'>, workspaceId: string, placeId: string, query: ListingChangesQuery): Promise<ListingChangesResponse> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const place = await ownedOr404(container, workspaceId, placeId);
  const rows = await listingRepository.page(container.database.db, place.id, query.limit, after);
  const page = rows.slice(0, query.limit);
  return { items: page.map(presentListingChange), nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null };
}
