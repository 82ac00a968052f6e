import { FALLBACK_LIMITS, isUnlimited } from '@rankmaps/shared/plans';
import type { CreateKeywordRequest, Keyword } from '@rankmaps/shared/schemas/keywords';
import type { Container } from '../../container';
import { conflict, forbidden, notFound } from '../../errors';
import type { PlanStateWithCredits } from '../billing/billing.service';
import { requirePaidPlan } from '../billing/plan-access.service';
import { PLACE_NOT_FOUND } from '../places/places.service';
import { placesRepository } from '../places/places.repository';
import { deleteWithAnalyses } from '../rankmaps/analysis-release.service';
import { presentKeyword } from './keywords.presenter';
import { keywordsRepository } from './keywords.repository';
import { isUuid } from '../../lib/uuid';

export const KEYWORD_NOT_FOUND = 'Keyword no encontrada.';
export const DUPLICATE_KEYWORD = 'Esta keyword ya existe para este negocio.';
export const keywordLimitMessage = (n: number) =>
  `Has alcanzado el límite de ${n} keywords para tu plan actual. Actualiza tu suscripción para añadir más keywords.`;

/**
 * Keywords per place the plan allows; -1 unlimited. Only basic-type plans have a limit (pro
 * plans are unlimited, docs/decisions.md §1); without a figure, the seed's fallback (10) applies.
 */
export function keywordLimitOf(state: PlanStateWithCredits): number {
  if (state.planLimits.type !== 'basic') return -1;
  const n = state.planLimits.keywords;
  return Number.isInteger(n) ? n : FALLBACK_LIMITS.keywords;
}

/** Adds a keyword to one of the user's places, within the plan's limit per place. */
export async function createKeyword(container: Pick<Container, 'config' | 'database'>, userId: string, input: CreateKeywordRequest): Promise<Keyword> {
  const db = container.database.db;
  if (!isUuid(input.placeId) || !(await placesRepository.findOwned(db, userId, input.placeId))) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  const limit = keywordLimitOf(await requirePaidPlan(container, userId));
  const { row, place } = await db.transaction(async (tx) => {
    // Under the place's row lock, so two adds racing cannot both pass the limit.
    const place = await keywordsRepository.lockOwnedPlace(tx, userId, input.placeId);
    if (!place) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
    if (!isUnlimited(limit) && (await keywordsRepository.countByPlace(tx, place.id)) >= limit) {
      throw forbidden(keywordLimitMessage(limit), 'KEYWORDS_LIMIT', 'upgrade_required');
    }
    const inserted = await keywordsRepository.insert(tx, { placeId: place.id, userId, name: input.name });
    if (!inserted) throw conflict(DUPLICATE_KEYWORD, 'KEYWORD_EXISTS');
    return { row: inserted, place };
  });
  return presentKeyword(row, place);
}

export async function getKeyword(container: Pick<Container, 'database'>, userId: string, id: string): Promise<Keyword> {
  const found = isUuid(id) ? await keywordsRepository.findOwned(container.database.db, userId, id) : undefined;
  if (!found) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
  return presentKeyword(found.keyword, found.place);
}

/** Deletes a keyword with its analyses and results; unfinished analyses give back what they had not searched. */
export async function deleteKeyword(container: Pick<Container, 'boss' | 'database' | 'log'>, userId: string, id: string): Promise<void> {
  const found = isUuid(id) ? await keywordsRepository.findOwned(container.database.db, userId, id) : undefined;
  if (!found) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
  await deleteWithAnalyses(container, { keywordId: found.keyword.id }, (tx) => keywordsRepository.delete(tx, userId, found.keyword.id));
}
