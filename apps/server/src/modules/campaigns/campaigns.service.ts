import { firstWeekParity } from '@rankmaps/shared/campaign-schedule';
import {
  CAMPAIGN_NOT_FOUND,
  CAMPAIGNS_MAX,
  type Campaign,
  type CampaignDetail,
  type CampaignFields,
  type CampaignAi,
  type CampaignList,
  campaignRuleError,
} from '@rankmaps/shared/schemas/campaigns';
import type { Container } from '../../container';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { getPlanState } from '../billing/billing.service';
import { campaignsUpgradeMessage } from '../billing/upgrade-messages';
import { gridSnapshotOf } from '../rankmaps/scan/scan-snapshot.service';
import { KEYWORD_NOT_FOUND } from '../rankmaps/rankmaps.service';
import { zoneOf } from '../rankmaps/scan/weekly-scans.service';
import { aiRoundPlanner } from '../ai-visibility/ai-rounds.service';
import { windowProblem } from './campaign-rules';
import { nextRunOf } from './campaign-timing';
import { presentCampaign, presentRound } from './campaigns.presenter';
import { type CampaignRow, type CampaignTarget, type NewCampaign, campaignsRepository } from './campaigns.repository';
import { type Scope, wholeWorkspace } from '../workspaces/scope';

export type CampaignsContainer = Pick<Container, 'config' | 'database' | 'log' | 'seaIndex'>;

export const PLACE_SCAN_IS_EDITED_ON_ITS_CARD = 'El escaneo semanal de un negocio se cambia desde su tarjeta «Escaneos semanales».';
const DUPLICATE_NAME = 'Ya tienes una campaña con ese nombre.';

/** Each place's valid grid points: what one analysis there costs. */
export async function pointsByPlace(container: Pick<Container, 'log' | 'seaIndex'>, targets: CampaignTarget[]): Promise<Map<string, number>> {
  const points = new Map<string, number>();
  for (const t of targets) if (!points.has(t.place.id)) points.set(t.place.id, (await gridSnapshotOf(container, t.place)).points.length);
  return points;
}

/** Credits of one keyword's AI analysis at each place of the campaign, at its AI settings (docs/decisions.md §31.16); empty when AI is off. */
export async function aiCreditsByPlace(container: Pick<Container, 'log' | 'seaIndex'>, ai: CampaignAi | null | undefined, targets: CampaignTarget[], planner = aiRoundPlanner(container)): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!ai) return out;
  for (const t of targets) if (!out.has(t.place.id)) out.set(t.place.id, (await planner(t.place, ai)).credits);
  return out;
}

async function requireCampaignPlan(container: Pick<Container, 'config' | 'database'>, userId: string): Promise<void> {
  const plan = await getPlanState(container, userId);
  if (plan.planLimits.type !== 'pro') throw forbidden(campaignsUpgradeMessage(plan.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
}

/** The campaigns the scope sees (docs/decisions.md §30.6). */
export async function listCampaigns(container: CampaignsContainer, scope: Scope, now = new Date()): Promise<CampaignList> {
  const db = container.database.db;
  const rows = await campaignsRepository.listOwned(db, scope);
  const ids = rows.map((c) => c.id);
  const [targets, rounds] = await Promise.all([campaignsRepository.targets(db, { campaignIds: ids }), campaignsRepository.roundsWithProgress(db, ids, 1)]);
  const points = await pointsByPlace(container, targets);
  const placeNames = await campaignsRepository.placeNames(db, rows.flatMap((c) => (c.placeId ? [c.placeId] : [])));
  // Custom campaigns first, newest first; then the places' weekly scans, in the places' order.
  const ordered = [...rows.filter((c) => !c.placeId).reverse(), ...rows.filter((c) => c.placeId)];
  const planner = aiRoundPlanner(container);
  const out: Campaign[] = [];
  for (const c of ordered) {
    const mine = targets.filter((t) => t.campaignId === c.id);
    out.push(presentCampaign(c, mine, points, rounds.find((r) => r.campaignId === c.id), now, c.placeId ? placeNames.get(c.placeId) : undefined, await aiCreditsByPlace(container, c.ai, mine, planner)));
  }
  return { campaigns: out };
}

/** The user's campaign (a place's weekly scan included), or 404: also for an id that is not a UUID. */
export async function ownedCampaignOr404(container: Pick<Container, 'database'>, userId: string, id: string): Promise<CampaignRow> {
  const row = isUuid(id) ? await campaignsRepository.findOwned(container.database.db, userId, id) : undefined;
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND, 'CAMPAIGN_NOT_FOUND');
  return row;
}

export async function getCampaign(container: CampaignsContainer, userId: string, id: string, now = new Date()): Promise<CampaignDetail> {
  const db = container.database.db;
  const c = await ownedCampaignOr404(container, userId, id);
  const [targets, rounds, placeNames] = await Promise.all([
    campaignsRepository.targets(db, { campaignIds: [c.id] }),
    campaignsRepository.roundsWithProgress(db, [c.id], 52),
    campaignsRepository.placeNames(db, c.placeId ? [c.placeId] : []),
  ]);
  const points = await pointsByPlace(container, targets);
  return { ...presentCampaign(c, targets, points, rounds[0], now, c.placeId ? placeNames.get(c.placeId) : undefined, await aiCreditsByPlace(container, c.ai, targets)), rounds: rounds.map(presentRound) };
}

/** The editor's fields as they would be stored, checked against the server's facts; throws a 400 in Spanish when they cannot be. */
export async function checkedDraft(
  container: CampaignsContainer,
  userId: string,
  fields: CampaignFields,
  now: Date,
): Promise<{ values: Omit<NewCampaign, 'userId'>; targets: CampaignTarget[]; points: Map<string, number>; problem: string | null }> {
  const rule = campaignRuleError(fields);
  if (rule) throw badRequest(rule, 'CAMPAIGN_INVALID');
  const keywordIds = [...new Set(fields.keywordIds)];
  if (!keywordIds.every(isUuid)) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
  const owned = await campaignsRepository.ownedKeywordIds(container.database.db, userId, keywordIds);
  // Another user's keyword answers as a missing one does, like every id of theirs.
  if (owned.size !== keywordIds.length) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
  const targets = await campaignsRepository.keywordTargets(container.database.db, keywordIds);
  const points = await pointsByPlace(container, targets);
  const zone = zoneOf(targets[0]!.place);
  const values: Omit<NewCampaign, 'userId'> = {
    name: fields.name,
    frequency: fields.frequency,
    day: fields.day,
    runOn: fields.date,
    hour: fields.hour,
    weekParity: fields.frequency === 'biweekly' && fields.day !== null ? firstWeekParity(fields.day, fields.hour, now, zone) : 0,
    windowStart: fields.window?.start ?? null,
    windowEnd: fields.window?.end ?? null,
    ai: fields.ai ?? null,
  };
  if (fields.frequency === 'once' && nextRunOf({ ...values, windowEnd: values.windowEnd ?? null } as CampaignRow, now, zone) === null) {
    throw badRequest('Esa fecha y hora ya han pasado: elige una futura.', 'CAMPAIGN_INVALID');
  }
  const totalPoints = targets.reduce((s, t) => s + (points.get(t.place.id) ?? 0), 0);
  return { values, targets, points, problem: windowProblem(fields, totalPoints, container.config.mapsSearch.rateLimitPerMinute) };
}

/** The draft when it can be stored as it is: its window's problem (a forecast shows it) refuses it here. */
async function storableDraft(container: CampaignsContainer, userId: string, fields: CampaignFields, now: Date) {
  const draft = await checkedDraft(container, userId, fields, now);
  if (draft.problem) throw badRequest(draft.problem, 'CAMPAIGN_INVALID');
  return draft;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

export async function createCampaign(container: CampaignsContainer, userId: string, fields: CampaignFields, now = new Date()): Promise<Campaign> {
  await requireCampaignPlan(container, userId);
  const { values, targets, points } = await storableDraft(container, userId, fields, now);
  const db = container.database.db;
  const row = await db
    .transaction(async (tx) => {
      if ((await campaignsRepository.countCustom(tx, userId)) >= CAMPAIGNS_MAX) throw badRequest(`Puedes tener como máximo ${CAMPAIGNS_MAX} campañas. Borra alguna que ya no uses.`, 'TOO_MANY_CAMPAIGNS');
      const created = await campaignsRepository.insert(tx, { ...values, userId });
      await campaignsRepository.setKeywords(tx, created.id, targets.map((t) => t.keywordId));
      return created;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(DUPLICATE_NAME, 'CAMPAIGN_NAME_TAKEN');
      throw err;
    });
  return presentCampaign(row, targets, points, undefined, now, undefined, await aiCreditsByPlace(container, row.ai, targets));
}

export async function updateCampaign(container: CampaignsContainer, userId: string, id: string, fields: CampaignFields, now = new Date()): Promise<Campaign> {
  const existing = await ownedCampaignOr404(container, userId, id);
  if (existing.placeId) throw badRequest(PLACE_SCAN_IS_EDITED_ON_ITS_CARD, 'PLACE_SCAN_NOT_EDITABLE');
  await requireCampaignPlan(container, userId);
  const { values, targets, points } = await storableDraft(container, userId, fields, now);
  const db = container.database.db;
  const row = await db
    .transaction(async (tx) => {
      const locked = await campaignsRepository.lockOwned(tx, userId, id);
      if (!locked) throw notFound(CAMPAIGN_NOT_FOUND, 'CAMPAIGN_NOT_FOUND');
      // A biweekly campaign keeps its weeks unless its day changes.
      const weekParity = locked.frequency === 'biweekly' && values.frequency === 'biweekly' && locked.day === values.day ? locked.weekParity : values.weekParity;
      const updated = await campaignsRepository.update(tx, id, { ...values, weekParity });
      await campaignsRepository.setKeywords(tx, id, targets.map((t) => t.keywordId));
      return updated!;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(DUPLICATE_NAME, 'CAMPAIGN_NAME_TAKEN');
      throw err;
    });
  const [last] = await campaignsRepository.roundsWithProgress(db, [id], 1);
  return presentCampaign(row, targets, points, last, now, undefined, await aiCreditsByPlace(container, row.ai, targets));
}

export async function deleteCampaign(container: CampaignsContainer, userId: string, id: string): Promise<void> {
  const existing = await ownedCampaignOr404(container, userId, id);
  if (existing.placeId) throw badRequest(PLACE_SCAN_IS_EDITED_ON_ITS_CARD, 'PLACE_SCAN_NOT_EDITABLE');
  // Its analyses stay in each keyword's history; only the campaign and its rounds go.
  await campaignsRepository.delete(container.database.db, id);
}

/** Pauses a custom campaign, or resumes it (also after a pause for credits). */
export async function setCampaignRunning(container: CampaignsContainer, userId: string, id: string, running: boolean, now = new Date()): Promise<Campaign> {
  const existing = await ownedCampaignOr404(container, userId, id);
  if (existing.placeId) throw badRequest(PLACE_SCAN_IS_EDITED_ON_ITS_CARD, 'PLACE_SCAN_NOT_EDITABLE');
  if (running) await requireCampaignPlan(container, userId);
  await campaignsRepository.update(container.database.db, id, { active: running, pausedReason: null, pausedAt: running ? null : now });
  const { campaigns } = await listCampaigns(container, wholeWorkspace(userId), now);
  const found = campaigns.find((c) => c.id === id);
  if (!found) throw notFound(CAMPAIGN_NOT_FOUND, 'CAMPAIGN_NOT_FOUND');
  return found;
}
