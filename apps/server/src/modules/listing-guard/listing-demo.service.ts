import type { ListingChange } from '@rankmaps/shared/schemas/review-pace';
import type { Container } from '../../container';
import { conflict } from '../../errors';
import { demoEditCounterpart } from '../../providers/maps-search/demo-listing';
import { evaluateAnalysis } from '../notifications/notifications.service';
import { ownedOr404 } from '../places/places.service';
import { presentListingChange } from './listing-guard.service';
import { listingRepository } from './listing.repository';

export const DEMO_EDIT_NEEDS_SCAN = 'Haz primero un análisis de demostración de este negocio: el cambio simulado parte de lo que vio.';
export const DEMO_EDIT_NO_CATEGORY = 'La categoría de este negocio no tiene un cambio de demostración.';

/**
 * «Simular un cambio de Google» (developer tools only, docs/decisions.md §32.3): what the demo
 * simulation shows one week in six, now, so a journey or a developer sees the guard without
 * waiting for the week. The primary category the last demo scan saw becomes its counterpart
 * («Clínica dental» ↔ «Dentista»), recorded as a change of that analysis (labelled demo) and
 * notified through the analysis's own alert evaluation, which makes it once.
 */
export async function simulateListingEdit(container: Pick<Container, 'boss' | 'config' | 'database' | 'log'>, workspaceId: string, placeId: string): Promise<ListingChange> {
  const place = await ownedOr404(container, workspaceId, placeId);
  const db = container.database.db;
  const latest = await listingRepository.latestCompleted(db, place.id, 'demo');
  if (!latest) throw conflict(DEMO_EDIT_NEEDS_SCAN, 'DEMO_EDIT_NEEDS_SCAN');
  const change = await db.transaction(async (tx) => {
    await listingRepository.lockPlace(tx, place.id);
    const current = (await listingRepository.fields(tx, place.id, 'search')).find((f) => f.field === 'category');
    if (!current?.value) throw conflict(DEMO_EDIT_NEEDS_SCAN, 'DEMO_EDIT_NEEDS_SCAN');
    const after = demoEditCounterpart(current.value);
    if (!after) throw conflict(DEMO_EDIT_NO_CATEGORY, 'DEMO_EDIT_NO_CATEGORY');
    const seenAt = new Date();
    const inserted = await listingRepository.insertChange(tx, {
      placeId: place.id,
      userId: place.userId,
      field: 'category',
      before: current.value,
      after,
      source: 'search',
      seenAt,
      rankMapId: latest.id,
      demo: true,
      dedupeKey: `demo-edit:${place.id}:${seenAt.toISOString()}`,
    });
    await listingRepository.saveField(tx, { ...current, value: after, seenAt, rankMapId: latest.id });
    return inserted!;
  });
  await evaluateAnalysis(container, latest.id);
  return presentListingChange(change);
}
