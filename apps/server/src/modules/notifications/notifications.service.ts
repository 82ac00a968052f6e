// Figures in the alerts read as the app shows them: one decimal, a real minus sign (docs/decisions.md §29.3).
import { formatFigure, formatSignedFigure } from '@rankmaps/shared/figures';
import { comparePoints, metricDeltas } from '@rankmaps/shared/metrics';
import {
  DEFAULT_SWITCH,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationItem,
  type NotificationKind,
  type NotificationKindSwitches,
  type NotificationSettings,
} from '@rankmaps/shared/schemas/notifications';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { PLACE_NOT_FOUND } from '../places/places.service';
import { queueEmail } from '../mail/mail.service';
import { followedCompetitorsRepository } from '../places/competitors.repository';
import { cellsOf, sameGrid } from '../rankmaps/rankmap-compare.service';
import { presentCompetitorAnalysis } from '../rankmaps/rankmaps.presenter';
import type { RankMapRow } from '../rankmaps/rankmaps.repository';
import { usersRepository } from '../users/users.repository';
import { type RankAlert, failureCause, localPackShift, rankAlerts } from './alert-rules';
import { alertEmail, digestEmail, unsubscribeHeaders } from './notification-mail';
import { type NotificationRow, type NotificationSettingsRow, notificationsRepository } from './notifications.repository';
import { queueSlackDelivery, slackTargetFor } from './slack.service';
import { type UnsubscribeScope, readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';
import { type Recipient, recipientKey, recipientsOf } from './notification-audience';
import { isUuid } from '../../lib/uuid';
import { emitWebhookEvent } from '../webhooks/webhook-events.service';
import { listingChangeDrafts } from '../listing-guard/listing-alerts';
import { notificationEvent } from '../webhooks/webhook-facts.service';

export type NotifyContainer = Pick<Container, 'boss' | 'config' | 'database' | 'log'>;

// ── Settings ────────────────────────────────────────────────────────────────

export type ResolvedSettings = Omit<NotificationSettings, 'mutedPlaceIds'>;

function fullSwitches(stored: NotificationKindSwitches): ResolvedSettings['switches'] {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, { inApp: stored[k]?.inApp ?? DEFAULT_SWITCH, email: stored[k]?.email ?? DEFAULT_SWITCH, slack: stored[k]?.slack ?? DEFAULT_SWITCH }]),
  ) as ResolvedSettings['switches'];
}

function resolve(row: NotificationSettingsRow | undefined): ResolvedSettings {
  return {
    emailMode: row?.emailMode ?? NOTIFICATION_DEFAULTS.emailMode,
    roundScanEmails: row?.roundScanEmails ?? NOTIFICATION_DEFAULTS.roundScanEmails,
    geoRankDropPoints: row?.geoRankDropPoints ?? NOTIFICATION_DEFAULTS.geoRankDropPoints,
    geoRankGainPoints: row?.geoRankGainPoints ?? NOTIFICATION_DEFAULTS.geoRankGainPoints,
    localPackLostPercent: row?.localPackLostPercent ?? NOTIFICATION_DEFAULTS.localPackLostPercent,
    localPackGainedPercent: row?.localPackGainedPercent ?? NOTIFICATION_DEFAULTS.localPackGainedPercent,
    switches: fullSwitches(row?.switches ?? {}),
  };
}

export async function getSettings(container: Pick<Container, 'database'>, userId: string): Promise<NotificationSettings> {
  const db = container.database.db;
  const [row, muted] = await Promise.all([notificationsRepository.findSettings(db, userId), notificationsRepository.mutedPlaceIds(db, userId)]);
  return { ...resolve(row), mutedPlaceIds: muted };
}

/**
 * PUT: the whole settings. A muted place that is not the user's (another user's, missing,
 * malformed) answers 404 as GET /api/place/:id does, and nothing is saved.
 */
export async function saveSettings(container: Pick<Container, 'database'>, userId: string, input: NotificationSettings): Promise<NotificationSettings> {
  const { mutedPlaceIds, ...rest } = input;
  const muted = [...new Set(mutedPlaceIds)];
  if (muted.some((id) => !isUuid(id))) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  await container.database.db.transaction(async (tx) => {
    if ((await notificationsRepository.countOwnedPlaces(tx, userId, muted)) !== muted.length) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
    // A switch left out (a client that does not send 'slack') keeps its stored value.
    const stored = await notificationsRepository.findSettings(tx, userId);
    const switches: NotificationKindSwitches = {};
    for (const k of NOTIFICATION_KINDS) switches[k] = { ...stored?.switches[k], ...rest.switches[k] };
    await notificationsRepository.upsertSettings(tx, { userId, ...rest, switches });
    await notificationsRepository.setMutedPlaces(tx, userId, muted);
  });
  return getSettings(container, userId);
}

/** The one-click unsubscribe: turns the kind's e-mails off (every kind's for the digest's 'all'). */
export async function unsubscribe(container: Pick<Container, 'database'>, token: string): Promise<{ kind: UnsubscribeScope } | null> {
  const db = container.database.db;
  const read = await readUnsubscribeToken(db, token);
  if (!read) return null;
  await db.transaction(async (tx) => {
    if (!(await usersRepository.findById(tx, read.userId))) return;
    const stored = await notificationsRepository.findSettings(tx, read.userId);
    const current = resolve(stored);
    const switches: NotificationKindSwitches = { ...stored?.switches };
    for (const k of NOTIFICATION_KINDS) if (read.kind === 'all' || read.kind === k) switches[k] = { ...switches[k], email: false };
    const { switches: _ignored, ...rest } = current;
    void _ignored;
    await notificationsRepository.upsertSettings(tx, { userId: read.userId, ...rest, switches });
  });
  return { kind: read.kind };
}

// ── The in-app list ─────────────────────────────────────────────────────────

export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    placeId: row.placeId,
    rankMapId: row.rankMapId,
    comparedRankMapId: row.comparedRankMapId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

// ── Evaluation ──────────────────────────────────────────────────────────────


export interface Draft {
  kind: NotificationKind;
  dedupeKey: string;
  title: string;
  body: string;
  link: string;
  comparedRankMapId: string | null;
  data: Record<string, unknown>;
}

/** Why it failed, in the title; the body is the reason the timeline shows. */
const CAUSE_LABEL = {
  credits: 'faltan créditos',
  vendor: 'fallo del proveedor de búsqueda',
  plan: 'tu plan no lo incluye',
  other: 'error al procesarlo',
} as const;

function linkOf(row: RankMapRow, comparedWith?: string): string {
  const base = `/rankmap/${row.placeId}/keyword/${row.keywordId}?analysis=${row.id}`;
  return comparedWith ? `${base}&compare=${comparedWith}` : base;
}

function rankSentence(alert: RankAlert, direction: 'drop' | 'gain', geo: { from: number; to: number }): string {
  const parts: string[] = [];
  if (alert.geoRank) parts.push(`GeoRank de ${formatFigure(geo.from)} a ${formatFigure(geo.to)} (${formatSignedFigure(alert.geoRankDelta)} puntos).`);
  if (alert.localPack)
    parts.push(
      direction === 'drop'
        ? `Sales del Local Pack en ${alert.localPackPoints} de los ${alert.localPackBase} puntos donde estabas (${alert.localPackPercent} %).`
        : `Entras en el Local Pack en ${alert.localPackPoints} de los ${alert.localPackBase} puntos donde estás ahora (${alert.localPackPercent} %).`,
    );
  return parts.join(' ');
}

/**
 * Works out what an analysis that completed or failed notifies (docs/decisions.md §23.2), for
 * each member who can see its business (docs/decisions.md §30.5), each with their own
 * settings, mutes and e-mail. The reads come first, outside any transaction; then each event's notification, its
 * e-mail delivery and its mail go in one transaction per recipient, each notification inserted
 * once by its dedupe key: a second run, or one after a crash, creates nothing again and sends
 * nothing twice. The workspace's Slack message and webhook event go with the owner's
 * notification, once. Returns the notifications created by this run.
 */
export async function evaluateAnalysis(container: NotifyContainer, rankMapId: string): Promise<number> {
  const db = container.database.db;
  const ctx = await notificationsRepository.analysisContext(db, rankMapId);
  if (!ctx) return 0;
  const row = ctx.rankMap;
  if (row.status !== 'completed' && row.status !== 'failed') return 0;
  const facts: AnalysisFacts = {};
  let created = 0;
  for (const recipient of await recipientsOf(db, row.userId, row.placeId)) created += await evaluateFor(container, row, ctx, recipient, facts);
  return created;
}

async function evaluateFor(container: NotifyContainer, row: RankMapRow, ctx: { placeName: string; keywordName: string }, recipient: Recipient, facts: AnalysisFacts): Promise<number> {
  const db = container.database.db;
  if (await notificationsRepository.isMuted(db, recipient.userId, row.placeId)) return 0;
  const settings = resolve(await notificationsRepository.findSettings(db, recipient.userId));
  const drafts = await draftsFor(container, row, ctx.placeName, ctx.keywordName, settings, facts);
  return deliverDrafts(container, { workspaceId: row.userId, placeId: row.placeId, rankMapId: row.id, roundAnalysis: isRoundAnalysis(row) }, recipient, drafts, settings);
}

/** What a notification is about: the workspace, its business and, for a map analysis, the analysis (null for others, such as an AI-visibility analysis). */
export interface NotificationSubject {
  workspaceId: string;
  placeId: string;
  rankMapId: string | null;
  /** Made by a campaign's or weekly scan's round: «Análisis completado» is e-mailed only when the user asked for it. */
  roundAnalysis: boolean;
}

/**
 * Sends one recipient the drafts their settings want: each notification inserted once by its
 * dedupe key, with its e-mail (or digest entry), and, for the workspace's owner, the Slack
 * message and webhook event, in one transaction. A second run creates and sends nothing again.
 */
export async function deliverDrafts(container: NotifyContainer, subject: NotificationSubject, recipient: Recipient, drafts: Draft[], known?: ResolvedSettings): Promise<number> {
  const db = container.database.db;
  const userId = recipient.userId;
  if (!known && (await notificationsRepository.isMuted(db, userId, subject.placeId))) return 0;
  const settings = known ?? resolve(await notificationsRepository.findSettings(db, userId));
  // The workspace's Slack (its own URL or the business's) is told once, with the owner's switches.
  const slackTarget = recipient.primary ? await slackTargetFor(db, subject.workspaceId, subject.placeId) : null;
  const slackOn = (k: NotificationKind) => Boolean(slackTarget) && settings.switches[k].slack !== false;
  // An analysis of a round e-mails «Análisis completado» only when the user asked for it: the round's summary says it (docs/decisions.md §25.6).
  const emailOn = (k: NotificationKind) => settings.switches[k].email && !(k === 'scan-completed' && subject.roundAnalysis && !settings.roundScanEmails);
  const wanted = drafts.filter((d) => settings.switches[d.kind].inApp || emailOn(d.kind) || slackOn(d.kind));
  if (wanted.length === 0) return 0;
  const user = await usersRepository.findById(db, userId);
  if (!user) return 0;
  // Signed before the transaction: the secret may be read (or created) on first use.
  const urls = new Map<NotificationKind, string>();
  for (const d of wanted) if (emailOn(d.kind)) urls.set(d.kind, await unsubscribeUrl(container, userId, d.kind));
  return db.transaction(async (tx) => {
    let created = 0;
    for (const d of wanted) {
      const sw = settings.switches[d.kind];
      const inserted = await notificationsRepository.insertOnce(tx, {
        userId,
        placeId: subject.placeId,
        rankMapId: subject.rankMapId,
        comparedRankMapId: d.comparedRankMapId,
        kind: d.kind,
        dedupeKey: recipientKey(d.dedupeKey, recipient),
        title: d.title,
        body: d.body,
        link: d.link,
        data: d.data,
        inApp: sw.inApp,
      });
      if (!inserted) continue;
      created++;
      if (slackTarget && slackOn(d.kind)) await queueSlackDelivery(container, tx, inserted, slackTarget);
      if (recipient.primary) await emitNotificationEvent(container, tx, inserted);
      if (!emailOn(d.kind)) continue;
      if (settings.emailMode === 'digest') {
        await notificationsRepository.insertDelivery(tx, { notificationId: inserted.id, channel: 'email', userId, status: 'pending' });
        continue;
      }
      const emailId = await queueAlertEmail(container, tx, { email: user.email, name: user.name }, inserted, urls.get(d.kind) ?? '');
      await notificationsRepository.insertDelivery(tx, { notificationId: inserted.id, channel: 'email', userId, status: 'queued', emailId, queuedAt: new Date() });
    }
    return created;
  });
}

/** An analysis a campaign's or a weekly scan's round made, not one the user started. */
const isRoundAnalysis = (row: RankMapRow) => row.kind === 'weekly' || row.kind === 'campaign';

/** An alert's or credit warning's webhook event, made with its notification (docs/decisions.md §26.4). */
async function emitNotificationEvent(container: NotifyContainer, tx: DbOrTx, n: NotificationRow): Promise<void> {
  const event = notificationEvent(n, container.config.appUrl);
  if (event) await emitWebhookEvent(container, tx, event);
}

async function unsubscribeUrl(container: Pick<Container, 'config' | 'database'>, userId: string, scope: UnsubscribeScope): Promise<string> {
  const token = await unsubscribeToken(container.database.db, userId, scope);
  return `${container.config.appUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

async function queueAlertEmail(container: NotifyContainer, tx: DbOrTx, user: { email: string; name: string }, n: NotificationRow, url: string): Promise<string> {
  const mail = alertEmail({ name: user.name, notification: n, appUrl: container.config.appUrl, unsubscribeUrl: url });
  return queueEmail(container, { to: user.email, kind: `alert-${n.kind}`, ...mail, headers: unsubscribeHeaders(url) }, tx);
}

/** What an analysis' alerts read, worked out once for all its recipients (only the thresholds are each one's). */
interface AnalysisFacts {
  compared?: Promise<{ prev: RankMapRow; points: ReturnType<typeof comparePoints> } | null>;
  overtakes?: Promise<Draft[]>;
  listing?: Promise<Draft[]>;
}

async function draftsFor(container: NotifyContainer, row: RankMapRow, placeName: string, keywordName: string, settings: ResolvedSettings, facts: AnalysisFacts): Promise<Draft[]> {
  const about = `«${keywordName}» (${placeName})`;
  if (row.status === 'failed') {
    const cause = failureCause(row.failureReason);
    return [
      {
        kind: 'scan-failed',
        dedupeKey: `scan-failed:${row.id}`,
        title: `El análisis de ${about} no se completó: ${CAUSE_LABEL[cause]}`,
        body: row.failureReason ?? 'No se pudo completar el análisis.',
        link: linkOf(row),
        comparedRankMapId: null,
        data: { cause, reason: row.failureReason },
      },
    ];
  }
  const stats = row.stats;
  if (!stats) return [];
  const drafts: Draft[] = [
    {
      kind: 'scan-completed',
      dedupeKey: `scan-completed:${row.id}`,
      title: `Análisis completado: ${about}`,
      body: `GeoRank ${formatFigure(stats.geoRank)}, Local Pack en el ${formatFigure(stats.localPackPercentage)} % de los puntos, encontrado en el ${formatFigure(stats.foundPercentage)} %.`,
      link: linkOf(row),
      comparedRankMapId: null,
      data: { geoRank: stats.geoRank, localPackPercentage: stats.localPackPercentage, foundPercentage: stats.foundPercentage },
    },
  ];
  // The listing changes this analysis saw in the search results (docs/decisions.md §32.2), with or without a previous analysis.
  drafts.push(...(await (facts.listing ??= listingChangeDrafts(container.database.db, row.id, { id: row.placeId, name: placeName }))));
  const compared = await (facts.compared ??= compareWithPrevious(container, row));
  if (!compared?.prev.stats) return drafts;
  const { prev, points } = compared;
  if (!prev.stats) return drafts;
  const deltas = metricDeltas(stats, prev.stats);
  const geoDelta = deltas.find((d) => d.key === 'geoRank')?.delta ?? 0;
  const shift = localPackShift(points.points);
  const { drop, gain } = rankAlerts(geoDelta, shift, settings);
  const link = linkOf(row, prev.id);
  const common = { comparedWith: prev.id, movement: points.counts, geoRank: { from: prev.stats.geoRank, to: stats.geoRank }, localPack: shift };
  const geo = { from: prev.stats.geoRank, to: stats.geoRank };
  if (drop)
    drafts.push({ kind: 'rank-drop', dedupeKey: `rank-drop:${row.id}`, title: `Bajada de posiciones en ${about}`, body: rankSentence(drop, 'drop', geo), link, comparedRankMapId: prev.id, data: { ...common, alert: drop } });
  if (gain)
    drafts.push({ kind: 'rank-gain', dedupeKey: `rank-gain:${row.id}`, title: `Subida de posiciones en ${about}`, body: rankSentence(gain, 'gain', geo), link, comparedRankMapId: prev.id, data: { ...common, alert: gain } });
  drafts.push(...(await (facts.overtakes ??= overtakes(container, row, prev, about, link, common))));
  return drafts;
}

/** The keyword's completed analysis before this one, and how each point moved since. */
async function compareWithPrevious(container: NotifyContainer, row: RankMapRow) {
  const prev = await notificationsRepository.previousCompleted(container.database.db, row.keywordId, row.id, row.createdAt);
  if (!prev?.stats) return null;
  const [cellsA, cellsB] = await Promise.all([cellsOf(container, row), cellsOf(container, prev)]);
  return { prev, points: comparePoints(cellsA, cellsB, { sameGrid: sameGrid(row.grid, prev.grid) }) };
}

/** A followed competitor ahead of us in GeoRank now that was not ahead (or not listed) in the analysis before. */
async function overtakes(container: NotifyContainer, row: RankMapRow, prev: RankMapRow, about: string, link: string, common: Record<string, unknown>): Promise<Draft[]> {
  const followed = await followedCompetitorsRepository.listByPlace(container.database.db, row.placeId);
  if (followed.length === 0 || !row.stats || !prev.stats) return [];
  const now = presentCompetitorAnalysis(row)?.competitors ?? [];
  const before = presentCompetitorAnalysis(prev)?.competitors ?? [];
  const ours = { now: row.stats.geoRank, before: prev.stats.geoRank };
  const drafts: Draft[] = [];
  for (const f of followed) {
    const c = now.find((x) => x.placeId === f.competitorPlaceId);
    if (!c || c.isOurBusiness || c.compositeScore <= ours.now) continue;
    const b = before.find((x) => x.placeId === f.competitorPlaceId);
    if (b && b.compositeScore > ours.before) continue;
    const was = b ? `En el análisis anterior tenía ${formatFigure(b.compositeScore)} y tú ${formatFigure(ours.before)}.` : 'En el análisis anterior no aparecía por delante de ti.';
    drafts.push({
      kind: 'competitor-overtook',
      dedupeKey: `competitor-overtook:${row.id}:${f.competitorPlaceId}`,
      title: `${c.name} te adelanta en ${about}`,
      body: `Su GeoRank es ${formatFigure(c.compositeScore)} y el tuyo ${formatFigure(ours.now)}. ${was}`,
      link,
      comparedRankMapId: prev.id,
      data: { ...common, competitor: { placeId: f.competitorPlaceId, name: c.name, geoRank: c.compositeScore, before: b?.compositeScore ?? null }, ours },
    });
  }
  return drafts;
}

// ── The daily digest ────────────────────────────────────────────────────────

/**
 * One e-mail per user with every e-mail delivery waiting for the digest. The deliveries are
 * locked, the mail queued and the deliveries marked in one transaction: a second run (or a
 * second worker) finds nothing pending. Returns the e-mails queued.
 */
export async function sendDigests(container: NotifyContainer): Promise<number> {
  const db = container.database.db;
  let sent = 0;
  for (const userId of await notificationsRepository.usersWithPendingDigest(db)) {
    const user = await usersRepository.findById(db, userId);
    if (!user) continue;
    const url = await unsubscribeUrl(container, userId, 'all');
    const done = await db.transaction(async (tx) => {
      const pending = (await notificationsRepository.lockPendingDigest(tx, userId)).map((r) => r.notification);
      if (pending.length === 0) return false;
      const mail = digestEmail({ name: user.name, notifications: pending, appUrl: container.config.appUrl, unsubscribeUrl: url });
      const emailId = await queueEmail(container, { to: user.email, kind: 'alert-digest', ...mail, headers: unsubscribeHeaders(url) }, tx);
      await notificationsRepository.markQueued(tx, pending.map((n) => n.id), emailId);
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

// ── Events not tied to one analysis (the credit warnings, docs/decisions.md §23.4) ──

export interface UserNotificationDraft {
  kind: NotificationKind;
  dedupeKey: string;
  /** The place it is about (a muted place notifies nothing), or null for the whole account. */
  placeId: string | null;
  title: string;
  body: string;
  link: string;
  data: Record<string, unknown>;
}

/**
 * Creates a workspace's notifications not tied to an analysis (the id is the workspace's; it
 * was the account's before teams), for each member who can see the business each is about
 * (the owner and admins for one about no business, docs/decisions.md §30.5), each once by its
 * dedupe key, with that member's channels, mutes and e-mail (each or digest): reads first,
 * then every row, delivery and mail in one transaction per member. Returns the notifications
 * created.
 */
export async function notifyUser(container: NotifyContainer, workspaceId: string, drafts: UserNotificationDraft[]): Promise<number> {
  if (drafts.length === 0) return 0;
  const db = container.database.db;
  const byRecipient = new Map<string, { recipient: Recipient; drafts: UserNotificationDraft[] }>();
  for (const placeId of new Set(drafts.map((d) => d.placeId))) {
    for (const recipient of await recipientsOf(db, workspaceId, placeId)) {
      const entry = byRecipient.get(recipient.userId) ?? { recipient, drafts: [] };
      entry.drafts.push(...drafts.filter((d) => d.placeId === placeId));
      byRecipient.set(recipient.userId, entry);
    }
  }
  let created = 0;
  for (const { recipient, drafts: theirs } of byRecipient.values()) created += await notifyOne(container, recipient, theirs);
  return created;
}

async function notifyOne(container: NotifyContainer, recipient: Recipient, drafts: UserNotificationDraft[]): Promise<number> {
  const db = container.database.db;
  const userId = recipient.userId;
  const settings = resolve(await notificationsRepository.findSettings(db, userId));
  const muted = new Set(await notificationsRepository.mutedPlaceIds(db, userId));
  const wanted = drafts.filter((d) => !(d.placeId && muted.has(d.placeId)) && (settings.switches[d.kind].inApp || settings.switches[d.kind].email));
  if (wanted.length === 0) return 0;
  const user = await usersRepository.findById(db, userId);
  if (!user) return 0;
  const urls = new Map<NotificationKind, string>();
  for (const d of wanted) if (settings.switches[d.kind].email && !urls.has(d.kind)) urls.set(d.kind, await unsubscribeUrl(container, userId, d.kind));
  return db.transaction(async (tx) => {
    let created = 0;
    for (const d of wanted) {
      const sw = settings.switches[d.kind];
      const inserted = await notificationsRepository.insertOnce(tx, { userId, placeId: d.placeId, kind: d.kind, dedupeKey: recipientKey(d.dedupeKey, recipient), title: d.title, body: d.body, link: d.link, data: d.data, inApp: sw.inApp });
      if (!inserted) continue;
      created++;
      if (recipient.primary) await emitNotificationEvent(container, tx, inserted);
      if (!sw.email) continue;
      if (settings.emailMode === 'digest') {
        await notificationsRepository.insertDelivery(tx, { notificationId: inserted.id, channel: 'email', userId, status: 'pending' });
        continue;
      }
      const emailId = await queueAlertEmail(container, tx, { email: user.email, name: user.name }, inserted, urls.get(d.kind) ?? '');
      await notificationsRepository.insertDelivery(tx, { notificationId: inserted.id, channel: 'email', userId, status: 'queued', emailId, queuedAt: new Date() });
    }
    return created;
  });
}
