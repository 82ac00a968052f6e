import { and, eq, isNull } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../src/container';
import { devPlanOverrides, sandboxObjects } from '../../src/db/billing-schema';
import { campaigns } from '../../src/db/campaigns-schema';
import { gbpConnections } from '../../src/db/gbp-schema';
import { placeFollowedCompetitors } from '../../src/db/followed-competitors-schema';
import { clients, places } from '../../src/db/places-schema';
import { keywords, rankMaps } from '../../src/db/rankmaps-schema';
import { aiVisibilityAnalyses } from '../../src/db/ai-visibility-schema';
import { businessMatcher } from '../../src/modules/ai-visibility/ai-matcher';
import { aiScanDeps, runAiScan } from '../../src/modules/ai-visibility/scan/ai-scan.service';
import { getPlanState } from '../../src/modules/billing/billing.service';
import { grantOperator } from '../../src/modules/operator/operator.service';
import { supportRepository } from '../../src/modules/support/support.repository';
import { ticketReference as ticketReferenceOf } from '../../src/modules/support/support.service';
import { PASSWORD, createConfirmedUser } from '../sessions';
import { creditsService } from '../../src/modules/billing/credits.service';
import { runScan } from '../../src/modules/rankmaps/scan/scan.service';
import { notificationsRepository } from '../../src/modules/notifications/notifications.repository';
import { notifications } from '../../src/db/notifications-schema';
import { shareLinks } from '../../src/db/share-links-schema';
import { reportRecipients } from '../../src/db/report-mail-schema';
import { videoBookings } from '../../src/db/video-call-schema';
import { apiKeys } from '../../src/db/api-keys-schema';
import { webhookDeliveries, webhookEndpoints } from '../../src/db/webhooks-schema';
import { workspaceInvitations, workspaceMembers } from '../../src/db/workspaces-schema';
import { webhooksRepository } from '../../src/modules/webhooks/webhooks.repository';
import { apiKeysRepository } from '../../src/modules/api-keys/api-keys.repository';
import { generateApiKey, hashApiKey } from '../../src/modules/api-keys/api-keys.service';
import { firstFreeSlot } from '../../src/modules/video-call/video-call.service';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS } from '@rankmaps/shared/schemas/notifications';
import { buildUser, uniqueEmail } from '../factories';
import { subscribeThroughSandbox } from '../sandbox';
import { type JsonValue, fromPlain } from './json-text';
import { fastScanDeps, scriptedProvider } from '../scan-doubles';
import { startSlackReceiver } from '../slack-receiver';

const MALAGA = { lat: 36.7213, lng: -4.4214 };
const COMPETITOR = { placeId: 'demo-malaga-competidor-fuzz', name: 'Clínica Competidora' };

/**
 * The signed-in user every fuzzed request acts as: confirmed, on a paid plan, owning a
 * place, a keyword, a completed analysis, a scheduled one, a followed competitor and a
 * connected Google Business Profile. Their ids go into some requests, so that those get past
 * "not found" into the handlers; the bodies and queries the world itself sent are the
 * examples that mutations start from.
 */
export interface FuzzWorld {
  userId: string;
  /** The session's token, or on /api/v1 an API key with both scopes. */
  bearer(url: string): string;
  /** The ids of the user's real resources of the kind the hint names ("place", "rankmap"), or all of them. */
  knownIds(hint: string): readonly string[];
  /** Bodies (or query objects, for GET) the app accepted, by route ("POST /api/place"). */
  examples(route: string): readonly JsonValue[];
  /** Puts back what an accepted request deleted or changed (a resource, the plan), so later runs still reach deep. */
  restore(): Promise<void>;
}

export async function createFuzzWorld(app: FastifyInstance, container: Container): Promise<FuzzWorld> {
  const { db } = container.database;
  const user = await buildUser(container, { name: 'Usuaria Fuzz' });
  const token = await container.accessTokens.sign(user.id);
  const headers = { authorization: `Bearer ${token}` };
  await subscribeThroughSandbox(app, headers, 'pro_starter', 'monthly');

  const examples = new Map<string, JsonValue[]>();
  /** An API call of the world's own; it must succeed, and its body becomes an example of the route. */
  const call = async (route: string, url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode >= 300) throw new Error(`fuzz world: ${method} ${url} → ${res.statusCode} ${res.body}`);
    const key = `${method} ${route}`;
    if (!examples.has(key)) examples.set(key, [fromPlain(payload)]);
    return res.json<Record<string, unknown>>();
  };

  /** A query of the world's own, as the SPA sends it; it must succeed and becomes an example of the route. */
  const browse = async (route: string, query: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: `${route}?${new URLSearchParams(query).toString()}`, headers });
    if (res.statusCode >= 300) throw new Error(`fuzz world: GET ${route} → ${res.statusCode} ${res.body}`);
    examples.set(`GET ${route}`, [fromPlain(query)]);
    return res;
  };

  const ids = { place: '', keyword: '', rankmap: '', ai: '', scheduled: '', checkout: '', location: '', notification: '', sharelink: '', token: '', recipient: '', client: '', campaign: '', booking: '' };

  const matrixConfig = { gridSize: 5, radius: 1000, coordinates: MALAGA };
  const ensurePlace = async () => {
    const [own] = await db.select({ id: places.id }).from(places).where(eq(places.userId, user.id)).orderBy(places.createdAt).limit(1);
    ids.place =
      own?.id ?? ((await call('/api/place', '/api/place', { googlePlaceId: 'demo-malaga-dentista-1', matrixConfig }))._id as string);
  };
  const ensureKeyword = async () => {
    const [own] = await db.select({ id: keywords.id }).from(keywords).where(eq(keywords.placeId, ids.place)).limit(1);
    ids.keyword = own?.id ?? ((await call('/api/keyword', '/api/keyword', { name: 'dentista', placeId: ids.place }))._id as string);
  };
  const ensureAnalyses = async () => {
    const owned = await db
      .select({ id: rankMaps.id, kind: rankMaps.kind, status: rankMaps.status })
      .from(rankMaps)
      .where(eq(rankMaps.keywordId, ids.keyword));
    const completed = owned.find((r) => r.status === 'completed');
    const scheduled = owned.find((r) => r.kind === 'scheduled' && r.status === 'pending');
    if (!completed || !scheduled) {
      await creditsService.adjust(db, { userId: user.id, source: 'extra', amount: 1000, reference: `fuzz-${crypto.randomUUID()}` });
      // An accepted matrix change may have moved the grid out to sea, where there is nothing to analyse.
      await call('/api/place/:id/matrix', `/api/place/${ids.place}/matrix`, matrixConfig, 'PUT');
    }
    const analyze = (kind: string, body: Record<string, unknown>) =>
      call(`/api/rankmap/keyword/:keywordId/${kind}`, `/api/rankmap/keyword/${ids.keyword}/${kind}`, body);
    if (completed) ids.rankmap = completed.id;
    else {
      // Completed, so that its answer, its exports and the keyword's trend have data to work on.
      ids.rankmap = (await analyze('analyze', { query: 'dentista', maxResults: 20, radius: 0 })).rankMapId as string;
      const outcome = await runScan(fastScanDeps(container, scriptedProvider().provider), ids.rankmap);
      if (outcome !== 'completed') throw new Error(`fuzz world: the analysis ended ${outcome}`);
    }
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    ids.scheduled = scheduled?.id ?? ((await analyze('analyze-advanced', { scheduledFor: inTwoDays })).rankMapId as string);
  };
  const ensureCompetitor = async () => {
    const [followed] = await db
      .select({ id: placeFollowedCompetitors.competitorPlaceId })
      .from(placeFollowedCompetitors)
      .where(and(eq(placeFollowedCompetitors.placeId, ids.place), eq(placeFollowedCompetitors.competitorPlaceId, COMPETITOR.placeId)));
    if (!followed) await call('/api/place/:id/competitors', `/api/place/${ids.place}/competitors`, COMPETITOR);
  };

  /** Connected through the demo provider the way the browser does: start-url, then follow it to the callback. */
  const ensureGbp = async () => {
    const [connected] = await db.select({ id: gbpConnections.userId }).from(gbpConnections).where(eq(gbpConnections.userId, user.id));
    if (connected) return;
    const start = await browse('/api/auth/google/start-url', { intent: 'gbp_connect', redirectAfter: '/estadisticas' });
    const callback = await app.inject({ method: 'GET', url: start.json<{ url: string }>().url });
    if (callback.statusCode !== 302) throw new Error(`fuzz world: GBP callback → ${callback.statusCode} ${callback.body}`);
    const locations = await app.inject({ method: 'GET', url: '/api/gbp/locations', headers });
    ids.location = locations.json<{ locations: { name: string }[] }>().locations[0]?.name ?? '';
  };

  /** A client of the user's, with the place under it (docs/decisions.md §25.1). */
  const ensureClient = async () => {
    const [own] = await db.select({ id: clients.id }).from(clients).where(eq(clients.userId, user.id)).orderBy(clients.createdAt).limit(1);
    ids.client = own?.id ?? ((await call('/api/clients', '/api/clients', { name: 'Cliente Fuzz' })).id as string);
    await call('/api/place/:id/client', `/api/place/${ids.place}/client`, { clientId: ids.client }, 'PUT');
  };

  /** A weekly campaign of the user's keyword (docs/decisions.md §25.3). */
  const ensureCampaign = async () => {
    const [own] = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.userId, user.id), isNull(campaigns.placeId)))
      .orderBy(campaigns.createdAt)
      .limit(1);
    ids.campaign = own?.id ?? ((await call('/api/campaigns', '/api/campaigns', { name: 'Campaña Fuzz', frequency: 'weekly', day: 3, hour: 10, keywordIds: [ids.keyword] })).id as string);
  };

  /** A notification of the user's analysis, as the evaluation job writes one. */
  const ensureNotification = async () => {
    const row =
      (await notificationsRepository.insertOnce(db, {
        userId: user.id,
        placeId: ids.place,
        rankMapId: ids.rankmap,
        kind: 'scan-completed',
        dedupeKey: `fuzz:${ids.rankmap}`,
        title: 'Análisis completado: «dentista»',
        body: 'GeoRank 50.',
        link: `/rankmap/${ids.place}/keyword/${ids.keyword}?analysis=${ids.rankmap}`,
      })) ?? (await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.dedupeKey, `fuzz:${ids.rankmap}`)))[0];
    ids.notification = row?.id ?? '';
  };

  /** A live share link of the analysis (docs/decisions.md §24.4), and its token, so the public report is reached too. */
  const ensureShareLink = async () => {
    // A deleted analysis takes its links with it; a revoked link opens nothing: either way, a new one.
    const [live] = ids.sharelink
      ? await db.select({ id: shareLinks.id }).from(shareLinks).where(and(eq(shareLinks.id, ids.sharelink), isNull(shareLinks.revokedAt)))
      : [];
    if (live) return;
    const link = await call('/api/share-links', '/api/share-links', { scope: 'analysis', targetId: ids.rankmap, expiresInDays: null });
    ids.sharelink = link.id as string;
    ids.token = String(link.url).split('/informe/')[1] ?? '';
    await browse('/api/share-links', { scope: 'analysis', targetId: ids.rankmap });
  };
  /** A client recipient of the place's report e-mails (added through the API, so the route gets an example). */
  const ensureRecipient = async () => {
    const [own] = await db.select({ id: reportRecipients.id }).from(reportRecipients).where(eq(reportRecipients.placeId, ids.place)).limit(1);
    ids.recipient =
      own?.id ??
      ((await call('/api/place/:id/report-recipients', `/api/place/${ids.place}/report-recipients`, { email: uniqueEmail('fuzz-cliente'), name: 'Cliente Fuzz' })).recipient as { id: string }).id;
  };
  // The weekly scan's AI visibility (docs/decisions.md §31.16): its quote, and the schedule that turns it on and off.
  examples.set('POST /api/place/:id/schedule/ai-quote', [fromPlain({ ai: { engines: ['google-ai-mode'], gridSize: 3, samples: 1 } })]);
  examples.set('PUT /api/place/:id/schedule', [fromPlain({ rankDay: 2, rankHour: 10, ai: { engines: ['google-ai-mode', 'chatgpt'], gridSize: 3, samples: 2 } }), fromPlain({ rankDay: 1, rankHour: 9, ai: null })]);
  examples.set('PUT /api/place/:id/report-schedule', [fromPlain({ mode: 'monthly', monthDay: 12 }), fromPlain({ mode: 'weekly', monthDay: null })]);

  // Valid settings, so fuzzed variants of them reach the handler.
  examples.set('PUT /api/notifications/settings', [
    fromPlain({ ...NOTIFICATION_DEFAULTS, switches: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { inApp: true, email: true }])), mutedPlaceIds: [] }),
  ]);

  // Valid white-label settings (the fuzzed user is on Starter), so fuzzed variants reach the handler.
  examples.set('PUT /api/report-brand', [fromPlain({ name: 'Agencia Fuzz', accent: '#1d4ed8', contact: 'hola@example.com', footer: null, hidePoweredBy: false })]);

  // A Slack-compatible receiver that answers ok, so a saved webhook URL (and fuzzed variants
  // that still point at it) reach the handler; variants pointing elsewhere are refused.
  const slackReceiver = await startSlackReceiver();
  afterAll(() => slackReceiver.close());
  examples.set('PUT /api/notifications/slack', [fromPlain({ url: slackReceiver.url('/services/TFUZZ/BFUZZ/fuzzfuzz') })]);
  examples.set('PUT /api/place/:id/slack', [fromPlain({ url: slackReceiver.url('/services/TFUZZ/BFUZZ/fuzzplace') })]);

  const [checkout] = await db
    .select({ id: sandboxObjects.id })
    .from(sandboxObjects)
    .where(eq(sandboxObjects.type, 'checkout.session'))
    .limit(1);
  ids.checkout = checkout?.id ?? '';

  // A video call of the user's (docs/support.md «Videollamada»), so move and cancel reach their handlers.
  const ensureBooking = async () => {
    const [own] = await db
      .select({ id: videoBookings.id })
      .from(videoBookings)
      .where(and(eq(videoBookings.userId, user.id), isNull(videoBookings.cancelledAt)))
      .limit(1);
    ids.booking = own?.id ?? ((await call('/api/general/support/video/bookings', '/api/general/support/video/bookings', { start: await firstFreeSlot(container), topic: 'Revisar el informe', timeZone: 'Europe/Madrid' })).id as string);
  };

  // An API key with both scopes (docs/decisions.md §26.1), so the /api/v1 routes run their handlers.
  // Inserted directly: fuzzed creations may have filled the ten active keys a user may hold.
  let apiKey = { id: '', key: '' };
  const ensureApiKey = async () => {
    const [live] = apiKey.id ? await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, apiKey.id), isNull(apiKeys.revokedAt))) : [];
    if (live) return;
    const key = generateApiKey();
    const row = await apiKeysRepository.insert(db, { userId: user.id, name: 'Clave Fuzz', scopes: ['read', 'scans'], prefix: key.slice(0, 12), keyHash: hashApiKey(key) });
    apiKey = { id: row.id, key };
  };
  examples.set('POST /api/api-keys', [fromPlain({ name: 'Clave Fuzz', scopes: ['read', 'scans'] })]);

  // A webhook endpoint and a delivery of it (docs/decisions.md §26.4), so its routes reach their handlers.
  // Inserted through the repository: fuzzed creations may have filled the ten a user may hold.
  const webhookIds = { endpoint: '', delivery: '' };
  const ensureWebhook = async () => {
    const [own] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id)).limit(1);
    const endpointId =
      own?.id ?? (await webhooksRepository.insertEndpoint(db, { id: crypto.randomUUID(), userId: user.id, url: 'http://127.0.0.1:9/hooks/fuzz', events: ['analysis.completed'], secretEnc: 'v1.x.x.x', secretPrefix: 'whsec_fuzz00' })).id;
    await db.update(webhookEndpoints).set({ enabled: true }).where(eq(webhookEndpoints.id, endpointId));
    const [delivery] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).limit(1);
    webhookIds.endpoint = endpointId;
    webhookIds.delivery =
      delivery?.id ?? (await webhooksRepository.insertDeliveryOnce(db, { endpointId, userId: user.id, eventId: crypto.randomUUID(), eventType: 'webhook.test', payload: '{}' }))?.id ?? '';
  };
  examples.set('POST /api/webhooks', [fromPlain({ url: 'http://127.0.0.1:9/hooks/fuzz', events: ['analysis.completed', 'credits.low'] })]);
  examples.set('PATCH /api/webhooks/:id', [fromPlain({ events: ['credits.low'], enabled: true })]);

  // Teams (docs/decisions.md §30.3): an administrator who joined the user's workspace and an
  // open invitation, inserted directly (fuzzed requests may remove, revoke or fill the seats).
  const team = { member: '', invitation: '' };
  const ensureTeam = async () => {
    const [member] = team.member ? await db.select({ id: workspaceMembers.userId }).from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, user.id), eq(workspaceMembers.userId, team.member))) : [];
    if (!member) {
      const person = team.member ? { id: team.member } : await buildUser(container, { name: 'Miembro Fuzz' });
      team.member = person.id;
      await db.insert(workspaceMembers).values({ workspaceId: user.id, userId: person.id, role: 'admin' }).onConflictDoNothing();
      container.memberships.forget(user.id, person.id);
    }
    const [open] = team.invitation
      ? await db.select({ id: workspaceInvitations.id }).from(workspaceInvitations).where(and(eq(workspaceInvitations.id, team.invitation), isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt)))
      : [];
    if (!open) {
      const email = uniqueEmail('fuzz-invitada');
      const [row] = await db.insert(workspaceInvitations).values({ workspaceId: user.id, email, role: 'admin', tokenHash: crypto.randomUUID(), invitedBy: user.id, expiresAt: new Date(Date.now() + 7 * 86_400_000) }).returning();
      team.invitation = row?.id ?? '';
    }
  };

  /** A completed AI-visibility analysis of the keyword (docs/decisions.md §31.4), made through the API and run on the demo engine. */
  const ensureAiAnalysis = async () => {
    const [own] = await db
      .select({ id: aiVisibilityAnalyses.id })
      .from(aiVisibilityAnalyses)
      .where(and(eq(aiVisibilityAnalyses.keywordId, ids.keyword), eq(aiVisibilityAnalyses.status, 'completed')))
      .limit(1);
    if (own) {
      ids.ai = own.id;
      return;
    }
    ids.ai = (await call('/api/ai-visibility/keyword/:keywordId/scan', `/api/ai-visibility/keyword/${ids.keyword}/scan`, { engines: ['chatgpt'], gridSize: 3, samples: 1 })).id as string;
    const outcome = await runAiScan(aiScanDeps(container, container.aiEngines, businessMatcher), ids.ai);
    if (outcome !== 'completed') throw new Error(`fuzz world: AI scan ended ${outcome}`);
  };

  const restore = async () => {
    // The development panel can turn the plan into "free"; the override is dropped, not undone.
    await db.delete(devPlanOverrides).where(eq(devPlanOverrides.userId, user.id));
    // A simulated failed renewal or a declined checkout can end the subscription.
    if (!(await getPlanState(container, user.id)).plan) await subscribeThroughSandbox(app, headers, 'pro_starter', 'monthly');
    await ensurePlace();
    await ensureKeyword();
    await ensureAnalyses();
    await ensureAiAnalysis();
    await ensureCompetitor();
    await ensureGbp();
    await ensureNotification();
    await ensureShareLink();
    await ensureRecipient();
    await ensureClient();
    await ensureCampaign();
    await ensureBooking();
    await ensureApiKey();
    await ensureWebhook();
    await ensureTeam();
  };
  await restore();

  // Bulk keywords and «Analizar todas» (docs/decisions.md §25.2): bodies naming the world's own place and keyword, so fuzzed variants reach the handlers.
  const importExample = fromPlain({ source: 'text', placeIds: [ids.place], text: 'dentista urgencias\nimplantes dentales' });
  const csvExample = fromPlain({ source: 'csv', csv: `negocio;keyword\n${ids.place};ortodoncia` });
  examples.set('POST /api/keywords/import/preview', [importExample, csvExample]);
  examples.set('POST /api/keywords/import', [importExample, csvExample]);
  examples.set('POST /api/rankmap/analyze-many/preview', [fromPlain({ keywordIds: [ids.keyword] })]);
  examples.set('POST /api/rankmap/analyze-many', [fromPlain({ keywordIds: [ids.keyword] })]);

  // Someone with a password, signed up and confirmed through the API: signing in and signing
  // up then have real examples to start from (the fuzzed user above has no password).
  const member = await createConfirmedUser(app, container, { email: uniqueEmail('fuzz'), name: 'Socia Fuzz' });
  examples.set('POST /api/auth/login/user', [fromPlain({ email: member.email, password: member.password })]);
  examples.set('POST /api/auth/signup/user', [
    fromPlain({ name: 'Socia Fuzz', email: member.email, password: PASSWORD, confirmPassword: PASSWORD }),
  ]);

  // Teams: valid bodies naming the world's own client and member, so fuzzed variants reach the handlers.
  examples.set('POST /api/team/invitations', [fromPlain({ email: 'fuzz-equipo@example.com', role: 'member', clientIds: [ids.client] })]);
  examples.set('PUT /api/team/members/:userId', [fromPlain({ role: 'member', clientIds: [ids.client] })]);
  examples.set('POST /api/team/ownership-transfer', [fromPlain({ userId: team.member })]);
  examples.set('GET /api/team/invitations/accept', [fromPlain({ token: 'A'.repeat(43) })]);
  examples.set('POST /api/team/invitations/accept', [fromPlain({ token: 'A'.repeat(43), name: 'Nueva Fuzz', password: PASSWORD, confirmPassword: PASSWORD })]);

  // A market the route accepts (a country and a language from the lists), so fuzzed variants reach the handler.
  examples.set('PUT /api/place/:id/market', [fromPlain({ countryCode: 'PT', searchLanguage: 'pt' })]);

  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await browse('/api/gbp/performance/daily', { locationId: ids.location, metric: 'VIEWS', startDate: day(30), endDate: day(1) });
  await browse('/api/gbp/performance/keywords', { locationId: ids.location });
  await browse('/api/geo/coastline', { south: '36.6', west: '-4.6', north: '36.8', east: '-4.3' });
  await browse('/api/portfolio', { clientId: ids.client, q: 'dentista', sort: 'geoRank', dir: 'desc', page: '1', limit: '25' });

  // The user is also a support operator (granted by the command's own code), with a ticket of
  // their own: the operator routes and the ticket thread's run their handlers, not only the checks.
  const granted = await grantOperator(container.database, user.email);
  if (!granted.ok) throw new Error(`fuzz world: ${granted.message}`);
  const ticketId = crypto.randomUUID();
  const ticketReference = ticketReferenceOf(ticketId);
  await supportRepository.insert(db, { id: ticketId, reference: ticketReference, userId: user.id, userEmail: user.email, userName: user.name, category: 'tecnico', priority: 'media', subject: 'Ticket del fuzz', message: 'Hola' });
  examples.set('POST /api/general/support/tickets/:reference/messages', [fromPlain({ body: 'Gracias' })]);
  examples.set('POST /api/operator/tickets/:reference/messages', [fromPlain({ body: 'Respuesta del operador', state: 'esperando' })]);
  examples.set('PUT /api/operator/tickets/:reference/state', [fromPlain({ state: 'cerrado' })]);
  examples.set('GET /api/operator/tickets', [fromPlain({ state: 'abierto' })]);
  const moveExample = async () => [fromPlain({ start: (await firstFreeSlot(container)) ?? '' })];
  examples.set('PUT /api/general/support/video/bookings/:id', await moveExample());
  examples.set('PUT /api/operator/video-bookings/:id', await moveExample());
  // The live chat (docs/support.md, «Chat en vivo»): the user's own conversation, which the operator routes name too.
  const chat = await app.inject({ method: 'GET', url: '/api/chat', headers });
  if (chat.statusCode !== 200) throw new Error(`fuzz world: chat ${chat.statusCode} ${chat.body}`);
  const conversationId = chat.json<{ conversationId: string }>().conversationId;
  examples.set('POST /api/chat/messages', [fromPlain({ body: 'Hola, ¿me ayudáis?', clientId: crypto.randomUUID() })]);
  examples.set('POST /api/chat/read', [fromPlain({ upTo: 1 })]);
  examples.set('GET /api/chat/stream', [fromPlain({ after: '0' })]);
  examples.set('POST /api/operator/chat/conversations/:id/messages', [fromPlain({ body: 'Respuesta en el chat' })]);
  examples.set('POST /api/operator/chat/conversations/:id/read', [fromPlain({ upTo: 1 })]);

  const byKind = (): Record<string, string[]> => ({
    reference: [ticketReference],
    place: [ids.place],
    keyword: [ids.keyword],
    rankmap: [ids.rankmap, ids.scheduled],
    aivisibility: [ids.ai],
    otheranalysis: [ids.ai],
    scheduled: [ids.scheduled],
    competitor: [COMPETITOR.placeId],
    checkout: [ids.checkout],
    location: [ids.location],
    user: [user.id],
    notification: [ids.notification],
    sharelink: [ids.sharelink],
    token: [ids.token],
    recipient: [ids.recipient],
    client: [ids.client],
    campaign: [ids.campaign],
    booking: [ids.booking],
    conversation: [conversationId],
    apikey: [apiKey.id],
    webhook: [webhookIds.endpoint],
    delivery: [webhookIds.delivery],
    member: [team.member],
    invitation: [team.invitation],
    workspace: [user.id],
  });
  const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

  return {
    userId: user.id,
    bearer: (url) => (url.startsWith('/api/v1/') ? apiKey.key : token),
    knownIds(hint) {
      const all = byKind();
      const h = letters(hint);
      const matching = Object.entries(all).filter(([kind]) => h && (h.includes(kind) || kind.includes(h)));
      return (matching.length ? matching : Object.entries(all)).flatMap(([, v]) => v).filter(Boolean);
    },
    examples: (route) => examples.get(route) ?? [],
    restore,
  };
}
