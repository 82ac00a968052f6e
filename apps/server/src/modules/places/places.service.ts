import tzLookup from '@photostructure/tz-lookup';
import { DEFAULT_RADIUS_M, GRID_SIZES, isUnlimited } from '@rankmaps/shared/plans';
import { isCountryCode } from '@rankmaps/shared/markets/countries';
import { defaultLanguageFor } from '@rankmaps/shared/markets/languages';
import { CLIENT_NOT_FOUND } from '@rankmaps/shared/schemas/workspace';
import { creditsInEuros } from '@rankmaps/shared/credit-value';
import type { CampaignAi } from '@rankmaps/shared/schemas/campaigns';
import type { LocatedArea, Place, PlaceMatrixConfig, PlacePreview, PlaceSuggestion, ScheduleRequest, WeeklyAiQuote } from '@rankmaps/shared/schemas/places';
import type { Container } from '../../container';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { type PlaceDetails, PlaceNotFoundError, PlacesUnavailableError } from '../../providers/places';
import { requirePaidPlan } from '../billing/plan-access.service';
import type { PlanStateWithCredits } from '../billing/billing.service';
import { gridUpgradeMessage, radiusUpgradeMessage, weeklyAiUpgradeMessage, weeklyScansUpgradeMessage } from '../billing/upgrade-messages';
import { aiRoundPlan } from '../ai-visibility/ai-rounds.service';
import { keywordsRepository } from '../keywords/keywords.repository';
import { deleteWithAnalyses } from '../rankmaps/analysis-release.service';
import { coordinatesMatrixOf } from '../geo/coordinates-matrix';
import { presentPlace } from './places.presenter';
import { usersRepository } from '../users/users.repository';
import { clientsRepository } from '../clients/clients.repository';
import { type PlaceCardRow, type PlaceChanges, type PlaceRow, placesRepository } from './places.repository';
import { isUuid } from '../../lib/uuid';
import type { Scope } from '../workspaces/scope';

export const DEFAULT_TIME_ZONE = 'Europe/Madrid';
export const PLACE_NOT_FOUND = 'Lugar no encontrado.';
export const PLACE_DATA_MISSING = 'Faltan datos para crear el negocio';
export const CREATE_FAILED = 'Error al crear el lugar. Por favor intenta de nuevo.';
export const DUPLICATE_PLACE = 'Ya tienes este negocio añadido. Búscalo en tu lista de negocios.';
export const CENTER_REQUIRED = 'Este negocio no tiene dirección pública: elige en el mapa el centro de su zona de servicio.';

/** What the calls to the places provider need. */
type ProviderDeps = Pick<Container, 'places' | 'log'>;

/** Where a place is searched when the provider names no country, or one we do not know (docs/decisions.md §21.3). */
export const DEFAULT_COUNTRY = 'ES';

/** The provider's country as a market country: upper case, and Spain when it is missing or unknown. */
export function marketCountryOf(providerCountry: string | null): string {
  const code = providerCountry?.trim().toUpperCase() ?? '';
  return isCountryCode(code) ? code : DEFAULT_COUNTRY;
}

/** The IANA zone of a point (docs/decisions.md §7), Europe/Madrid when it cannot be told. */
export function timeZoneOf(lat: number, lng: number): string {
  try {
    return tzLookup(lat, lng);
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The user's place, or 404 (also for an id that is not a UUID). */
export async function ownedOr404(container: Pick<Container, 'database'>, userId: string, id: string): Promise<PlaceRow> {
  if (!isUuid(id)) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  const row = await placesRepository.findOwned(container.database.db, userId, id);
  if (!row) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  return row;
}

/** Grid and radius rules of the user's plan (docs/decisions.md §1); a refusal names the plan that allows it (docs/decisions.md §22). */
export function checkMatrixAllowed(state: PlanStateWithCredits, config: PlaceMatrixConfig): void {
  const { type, gridSize: maxGrid } = state.planLimits;
  if (!(GRID_SIZES as readonly number[]).includes(config.gridSize)) throw badRequest('El tamaño de la cuadrícula no es válido.', 'VALIDATION_ERROR');
  if (config.gridSize > maxGrid) throw badRequest(gridUpgradeMessage(config.gridSize, state.currentPlan), 'GRID_NOT_ALLOWED');
  if (type !== 'pro' && config.radius !== DEFAULT_RADIUS_M) throw badRequest(radiusUpgradeMessage(config.radius, state.currentPlan), 'RADIUS_NOT_ALLOWED');
}

/**
 * A place as the client reads it, from its card row (its client and latest figures come with
 * it: docs/decisions.md §25.1), with its keywords and theirs when asked for.
 */
async function present(container: Pick<Container, 'database' | 'log' | 'seaIndex'>, card: PlaceCardRow, withKeywords = false): Promise<Place> {
  const keywords = withKeywords ? (await keywordsRepository.listByPlaceWithFigures(container.database.db, card.id)).map((k) => ({ _id: k.id, name: k.name, figures: k.figures })) : undefined;
  return presentPlace(card, await coordinatesMatrixOf(container, card), { ...(keywords ? { keywords } : {}), client: card.client, figures: card.figures });
}

/** The user's place as it is now, for the answer of a change to it (404 if it went meanwhile). */
async function presentOwned(container: Pick<Container, 'database' | 'log' | 'seaIndex'>, row: PlaceRow): Promise<Place> {
  const card = await placesRepository.findOwnedCard(container.database.db, row.userId, row.id);
  if (!card) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  return present(container, card);
}

async function fetchDetails(container: ProviderDeps, placeId: string, sessionToken?: string, unavailableMessage = CREATE_FAILED): Promise<PlaceDetails> {
  try {
    return await container.places.details(placeId, sessionToken);
  } catch (err) {
    if (err instanceof PlaceNotFoundError) throw badRequest(err.message, 'PLACE_NOT_FOUND_ON_PROVIDER');
    container.log.error({ err }, 'proveedor de lugares no disponible');
    throw new AppError('PLACES_PROVIDER_UNAVAILABLE', unavailableMessage, 502);
  }
}

export async function autocomplete(container: ProviderDeps, input: string, sessionToken?: string): Promise<PlaceSuggestion[]> {
  try {
    return await container.places.autocomplete(input, sessionToken);
  } catch (err) {
    if (!(err instanceof PlacesUnavailableError)) throw err;
    container.log.error({ err }, 'proveedor de lugares no disponible');
    throw new AppError('PLACES_PROVIDER_UNAVAILABLE', 'No se ha podido buscar el negocio. Inténtalo de nuevo.', 502);
  }
}

/** Cities or addresses for a service area's centre. */
export async function locate(container: ProviderDeps, input: string): Promise<LocatedArea[]> {
  try {
    return await container.places.locate(input);
  } catch (err) {
    if (!(err instanceof PlacesUnavailableError)) throw err;
    container.log.error({ err }, 'proveedor de lugares no disponible');
    throw new AppError('PLACES_PROVIDER_UNAVAILABLE', 'No se ha podido buscar la ubicación. Inténtalo de nuevo.', 502);
  }
}

/** A business's details before it is added, so the wizard can centre the grid on it. */
export async function previewPlace(container: ProviderDeps, placeId: string, sessionToken?: string): Promise<PlacePreview> {
  const d = await fetchDetails(container, placeId, sessionToken, 'No se ha podido cargar el negocio. Inténtalo de nuevo.');
  const location = d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : null;
  return { placeId: d.placeId, name: d.name, address: d.address, location, rating: d.rating, totalReviews: d.totalReviews, serviceArea: d.serviceArea || !location };
}

/** The businesses the scope sees (a Miembro or a Cliente: their clients'; docs/decisions.md §30.6). */
export async function listPlaces(container: Pick<Container, 'database' | 'log' | 'seaIndex'>, scope: Scope): Promise<Place[]> {
  const cards = await placesRepository.listCards(container.database.db, scope);
  const out: Place[] = [];
  for (const card of cards) out.push(await present(container, card));
  return out;
}

export async function getPlace(container: Pick<Container, 'database' | 'log' | 'seaIndex'>, userId: string, id: string, withKeywords: boolean): Promise<Place> {
  const card = isUuid(id) ? await placesRepository.findOwnedCard(container.database.db, userId, id) : undefined;
  if (!card) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  return present(container, card, withKeywords);
}

export async function createPlace(
  container: Pick<Container, 'config' | 'database' | 'log' | 'places'>,
  userId: string,
  input: { googlePlaceId?: string; matrixConfig?: PlaceMatrixConfig; center?: { lat: number; lng: number }; sessionToken?: string; clientId?: string | null | undefined; weeklyScans?: boolean },
): Promise<{ _id: string }> {
  const db = container.database.db;
  const googlePlaceId = input.googlePlaceId?.trim();
  const matrixConfig = input.matrixConfig;
  if (!googlePlaceId || !matrixConfig) throw badRequest(PLACE_DATA_MISSING, 'VALIDATION_ERROR');
  const state = await requirePaidPlan(container, userId);
  const limit = state.planLimits.places;
  const owned = await placesRepository.countByUser(db, userId);
  if (!isUnlimited(limit) && owned >= limit) throw forbidden(`Límite alcanzado (${owned}/${limit})`, 'PLACES_LIMIT', 'upgrade_required');
  checkMatrixAllowed(state, matrixConfig);
  if (await placesRepository.findByGooglePlaceId(db, userId, googlePlaceId)) throw conflict(DUPLICATE_PLACE, 'PLACE_EXISTS');
  const clientId = input.clientId ?? null;
  const clientMissing = () => notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
  if (clientId !== null && (!isUuid(clientId) || !(await clientsRepository.findOwned(db, userId, clientId)))) throw clientMissing();

  const details = await fetchDetails(container, googlePlaceId, input.sessionToken);
  const hasPoint = details.lat !== null && details.lng !== null;
  const center = hasPoint ? { lat: details.lat ?? 0, lng: details.lng ?? 0 } : input.center;
  if (!center) throw badRequest(CENTER_REQUIRED, 'CENTER_REQUIRED');
  // The market starts as the provider's country and its main language; the user can change both.
  const countryCode = marketCountryOf(details.countryCode);
  // Only plans that pay scans in credits switch the weekly scan; a business owner's is part of the plan.
  const weeklyScans = state.planLimits.type === 'pro' ? (input.weeklyScans ?? true) : true;
  // Under the user's row lock, so two adds racing cannot both pass the plan's limit.
  const row = await db.transaction(async (tx) => {
    await usersRepository.lockById(tx, userId);
    const now = await placesRepository.countByUser(tx, userId);
    if (!isUnlimited(limit) && now >= limit) throw forbidden(`Límite alcanzado (${now}/${limit})`, 'PLACES_LIMIT', 'upgrade_required');
    // The client, locked, cannot be deleted before the place that names it is in.
    if (clientId !== null && !(await clientsRepository.findOwnedForUpdate(tx, userId, clientId))) throw clientMissing();
    return placesRepository.insert(tx, {
      clientId,
      userId,
      googlePlaceId,
      name: details.name,
      address: details.address,
      mainPhoto: details.mainPhoto,
      lat: details.lat,
      lng: details.lng,
      centerLat: center.lat,
      centerLng: center.lng,
      rating: details.rating,
      totalReviews: details.totalReviews,
      countryCode,
      searchLanguage: defaultLanguageFor(countryCode),
      cid: details.cid,
      website: details.website,
      timeZone: timeZoneOf(center.lat, center.lng),
      serviceArea: details.serviceArea || !hasPoint,
      matrixConfig,
    }, weeklyScans);
  });
  if (!row) throw conflict(DUPLICATE_PLACE, 'PLACE_EXISTS');
  return { _id: row.id };
}

export async function deletePlace(container: Pick<Container, 'boss' | 'database' | 'log'>, userId: string, id: string): Promise<void> {
  await ownedOr404(container, userId, id);
  // Keywords, analyses and results go by cascade; unfinished analyses are settled and their jobs cancelled.
  await deleteWithAnalyses(container, { placeId: id }, (tx) => placesRepository.delete(tx, userId, id));
}

export async function refreshPlace(container: Pick<Container, 'config' | 'database' | 'log' | 'places' | 'seaIndex'>, userId: string, id: string): Promise<Place> {
  const row = await ownedOr404(container, userId, id);
  // A refresh is a (billed, with Google) Place Details call: a paid plan's, like adding one.
  await requirePaidPlan(container, userId);
  const d = await fetchDetails(container, row.googlePlaceId);
  const hasPoint = d.lat !== null && d.lng !== null;
  const updated = await placesRepository.update(container.database.db, userId, id, {
    name: d.name,
    address: d.address,
    mainPhoto: d.mainPhoto,
    rating: d.rating,
    totalReviews: d.totalReviews,
    // The market is left alone: it may be the user's choice (docs/decisions.md §21.3).
    ...(d.cid ? { cid: d.cid } : {}),
    // A site taken down is gone from the listing too: the refresh follows Google.
    website: d.website,
    ...(hasPoint ? { lat: d.lat, lng: d.lng } : {}),
  });
  if (!updated) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  return presentOwned(container, updated);
}

export async function updateMatrix(container: Pick<Container, 'config' | 'database' | 'log' | 'seaIndex'>, userId: string, id: string, config: PlaceMatrixConfig): Promise<Place> {
  await ownedOr404(container, userId, id);
  checkMatrixAllowed(await requirePaidPlan(container, userId), config);
  const updated = await placesRepository.update(container.database.db, userId, id, { matrixConfig: config });
  if (!updated) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  return presentOwned(container, updated);
}

/** The place's market: its country and search language; without a language, the country's main one. */
export async function updateMarket(
  container: Pick<Container, 'config' | 'database' | 'log' | 'seaIndex'>,
  userId: string,
  id: string,
  input: { countryCode: string; searchLanguage?: string | undefined },
): Promise<Place> {
  await ownedOr404(container, userId, id);
  // Like the grid and the schedule: what a place is analysed with is a paid plan's to change.
  await requirePaidPlan(container, userId);
  const changes = { countryCode: input.countryCode, searchLanguage: input.searchLanguage ?? defaultLanguageFor(input.countryCode) };
  const updated = await placesRepository.update(container.database.db, userId, id, changes);
  if (!updated) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  return presentOwned(container, updated);
}

export async function setActivePlace(container: Pick<Container, 'database'>, userId: string, placeId: string): Promise<{ activePlaceId: string }> {
  await ownedOr404(container, userId, placeId);
  await placesRepository.setActivePlace(container.database.db, userId, placeId);
  return { activePlaceId: placeId };
}

export async function getActivePlaceId(container: Pick<Container, 'database'>, userId: string): Promise<string | null> {
  return placesRepository.findActivePlaceId(container.database.db, userId);
}

/** What the profile reports of the user's places: their ids and the active one. */
export async function getPlaceRefs(container: Pick<Container, 'database'>, scope: Scope): Promise<{ places: { _id: string }[]; activePlaceId: string | null }> {
  const db = container.database.db;
  const [rows, activePlaceId] = await Promise.all([placesRepository.listByUser(db, scope.workspaceId), placesRepository.findActivePlaceId(db, scope.workspaceId)]);
  // The workspace's prepared list, narrowed for a Miembro or Cliente (docs/decisions.md §30.6).
  const visible = scope.clientIds === null ? rows : rows.filter((r) => r.clientId !== null && scope.clientIds!.includes(r.clientId));
  return { places: visible.map((r) => ({ _id: r.id })), activePlaceId: visible.some((r) => r.id === activePlaceId) ? activePlaceId : null };
}

export async function updateSchedule(container: Pick<Container, 'config' | 'database' | 'log' | 'seaIndex'>, userId: string, id: string, input: ScheduleRequest): Promise<Place> {
  await ownedOr404(container, userId, id);
  const state = await requirePaidPlan(container, userId);
  let changes: PlaceChanges;
  if ('weeklyScans' in input) {
    if (state.planLimits.type !== 'pro') throw forbidden(weeklyScansUpgradeMessage(state.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
    changes = { weeklyScans: input.weeklyScans };
  } else {
    changes = { rankDay: input.rankDay, rankHour: input.rankHour, scheduleDefault: input.rankDay === 1 && input.rankHour === 9 };
    // AI visibility is paid in credits: only a plan whose scans are turns it on; off is always allowed (docs/decisions.md §31.16).
    if (input.ai && state.planLimits.type !== 'pro') throw forbidden(weeklyAiUpgradeMessage(state.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
    if (input.ai !== undefined) changes.weeklyAi = input.ai;
  }
  const updated = await placesRepository.update(container.database.db, userId, id, changes);
  if (!updated) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  return presentOwned(container, updated);
}

/**
 * What the weekly scan's AI visibility would cost one round at these settings
 * (docs/decisions.md §31.16): one AI analysis per keyword of the place, each at the credits the
 * scheduler reserves for it. Nothing is stored; the modal shows the server's figures.
 */
export async function quoteWeeklyAi(container: Pick<Container, 'config' | 'database' | 'log' | 'seaIndex'>, userId: string, id: string, ai: CampaignAi): Promise<WeeklyAiQuote> {
  const place = await ownedOr404(container, userId, id);
  const state = await requirePaidPlan(container, userId);
  if (state.planLimits.type !== 'pro') throw forbidden(weeklyAiUpgradeMessage(state.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
  const keywords = (await keywordsRepository.listByPlace(container.database.db, place.id)).length;
  const keywordCredits = (await aiRoundPlan(container, place, ai)).credits;
  const roundAiCredits = keywords * keywordCredits;
  return { keywords, keywordCredits, roundAiCredits, euros: creditsInEuros(roundAiCredits) };
}
