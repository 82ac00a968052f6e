import { LISTING_FIELD_LABELS, LISTING_FIELDS, type ListingField } from '@rankmaps/shared/schemas/review-pace';
import type { GbpGoogleUpdated } from '../../providers/gbp';
import type { GbpDeps } from '../gbp/gbp.deps';
import { type ListingChangeRow, listingRepository } from '../listing-guard/listing.repository';
import { recipientsOf } from '../notifications/notification-audience';
import { type Draft, deliverDrafts } from '../notifications/notifications.service';
import type { ReviewSyncRow } from './reviews.repository';
import { withReviewsToken } from './review-link';

// The listing guard with a Business Profile (docs/decisions.md §32.6): at each review sync, the
// location as Google shows it (getGoogleUpdated). A field Google changed (in its diffMask)
// whose value differs from the one last seen is a change of source 'gbp', recorded once under
// the place's lock; the first sighting of a field is its baseline.

/** Which of our fields a diffMask path names (Location field paths of the Business Information API). */
export function fieldsOfMask(mask: readonly string[]): Set<ListingField> {
  const out = new Set<ListingField>();
  for (const path of mask) {
    if (path === 'title') out.add('name');
    else if (path === 'categories') {
      out.add('category');
      out.add('additionalCategories');
    }
    else if (path.startsWith('categories.primaryCategory')) out.add('category');
    else if (path.startsWith('categories.additionalCategories')) out.add('additionalCategories');
    else if (path.startsWith('storefrontAddress')) out.add('address');
    else if (path.startsWith('phoneNumbers')) out.add('phone');
    else if (path.startsWith('websiteUri')) out.add('website');
    else if (path.startsWith('regularHours')) out.add('hours');
    else if (path.startsWith('profile')) out.add('description');
  }
  return out;
}

/** Records Google's changes to the listing; returns those this call recorded. */
export async function recordGoogleUpdated(deps: GbpDeps, sync: ReviewSyncRow, updated: GbpGoogleUpdated): Promise<ListingChangeRow[]> {
  const db = deps.container.database.db;
  const seenAt = deps.now();
  const changedByGoogle = fieldsOfMask(updated.diffMask);
  return db.transaction(async (tx) => {
    if (!(await listingRepository.lockPlace(tx, sync.placeId))) return [];
    const stored = new Map((await listingRepository.fields(tx, sync.placeId, 'gbp')).map((f) => [f.field, f]));
    const out: ListingChangeRow[] = [];
    for (const field of LISTING_FIELDS) {
      const value = updated.fields[field];
      if (value === null) continue;
      const last = stored.get(field);
      if (last && last.value !== value && changedByGoogle.has(field)) {
        const change = await listingRepository.insertChange(tx, {
          placeId: sync.placeId,
          userId: sync.userId,
          field,
          before: last.value,
          after: value,
          source: 'gbp',
          seenAt,
          rankMapId: null,
          demo: sync.demo,
          // The transition from the sighting stored: a second sync finds the new value stored and records nothing.
          dedupeKey: `gbp:${sync.placeId}:${field}:${last.seenAt.toISOString()}`,
        });
        if (change) out.push(change);
      }
      if (!last || last.value !== value)
        await listingRepository.saveField(tx, { placeId: sync.placeId, source: 'gbp', field, value, seenAt, rankMapId: null });
    }
    return out;
  });
}

const quoted = (v: string | null) => (v === null ? 'nada' : `«${v}»`);

/** Notifies the place's recent 'gbp' changes; each once by its dedupe key (a retried sync re-sends nothing). */
export async function notifyGoogleChanges(deps: GbpDeps, place: { id: string; name: string; userId: string }): Promise<number> {
  const db = deps.container.database.db;
  const since = new Date(deps.now().getTime() - 7 * 86_400_000);
  const changes = await listingRepository.recentOfSource(db, place.id, 'gbp', since);
  if (changes.length === 0) return 0;
  const drafts: Draft[] = changes.map((c) => {
    const label = LISTING_FIELD_LABELS[c.field];
    return {
      kind: 'listing-changed',
      dedupeKey: `listing-changed:${c.id}`,
      title: `Cambio en la ficha de ${place.name}: ${label.toLowerCase()}`,
      body: `Google ha cambiado ${label.toLowerCase()} en tu Perfil de Empresa: de ${quoted(c.before)} a ${quoted(c.after)}.${c.demo ? ' (Datos de demostración)' : ''}`,
      link: `/reviews?place=${place.id}#cambios-en-la-ficha`,
      comparedRankMapId: null,
      data: {
        changeId: c.id,
        field: c.field,
        before: c.before,
        after: c.after,
        source: c.source,
        seenAt: c.seenAt.toISOString(),
        demo: c.demo,
      },
    };
  });
  let created = 0;
  for (const recipient of await recipientsOf(db, place.userId, place.id))
    created += await deliverDrafts(
      deps.container,
      { workspaceId: place.userId, placeId: place.id, rankMapId: null, roundAnalysis: false },
      recipient,
      drafts,
    );
  return created;
}

/** Reads Google's view of the location and records and notifies its changes; a failure here never fails the review sync. */
export async function guardListing(deps: GbpDeps, sync: ReviewSyncRow, place: { id: string; name: string; userId: string }): Promise<void> {
  try {
    const location = `locations/${sync.location.split('/locations/')[1]}`;
    const updated = await withReviewsToken(deps, sync.userId, (token) => deps.provider.getGoogleUpdated(token, location));
    await recordGoogleUpdated(deps, sync, updated);
  } catch (err) {
    deps.container.log.warn(
      { placeId: sync.placeId, err: (err as Error).message },
      'getGoogleUpdated falló: la ficha se revisará en la próxima sincronización',
    );
  }
  await notifyGoogleChanges(deps, place);
}
