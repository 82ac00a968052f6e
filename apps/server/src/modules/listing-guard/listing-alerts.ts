import { LISTING_FIELD_LABELS } from '@rankmaps/shared/schemas/review-pace';
import type { DbOrTx } from '../../db/client';
import { listingRepository } from './listing.repository';

/** A listing change as a notification draft (the shape notifications.service drafts alerts in). */
export interface ListingDraft {
  kind: 'listing-changed';
  dedupeKey: string;
  title: string;
  body: string;
  link: string;
  comparedRankMapId: null;
  data: Record<string, unknown>;
}

const quoted = (v: string | null) => (v === null ? 'nada' : `«${v}»`);

/**
 * The notifications of the listing changes an analysis saw (docs/decisions.md §32.2): read
 * from the changes it recorded, not from the recording itself, so a job that recorded them and
 * died before notifying still notifies on its retry; the dedupe key (the change) makes it once.
 */
export async function listingChangeDrafts(db: DbOrTx, rankMapId: string, place: { id: string; name: string }): Promise<ListingDraft[]> {
  const changes = await listingRepository.changesOfAnalysis(db, rankMapId);
  return changes.map((c) => {
    const label = LISTING_FIELD_LABELS[c.field];
    return {
      kind: 'listing-changed',
      dedupeKey: `listing-changed:${c.id}`,
      title: `Cambio en la ficha de ${place.name}: ${label.toLowerCase()}`,
      body: `Visto en los resultados de búsqueda: ${label.toLowerCase()} ha pasado de ${quoted(c.before)} a ${quoted(c.after)}.${c.demo ? ' (Datos de demostración)' : ''}`,
      link: `/reviews?place=${place.id}#cambios-en-la-ficha`,
      comparedRankMapId: null,
      data: { changeId: c.id, field: c.field, before: c.before, after: c.after, source: c.source, seenAt: c.seenAt.toISOString(), demo: c.demo },
    };
  });
}
