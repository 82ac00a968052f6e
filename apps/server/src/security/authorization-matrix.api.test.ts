import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { solvedToken } from '../../test/altcha';
import { uniqueEmail } from '../../test/factories';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { multipartBody } from '../../test/multipart';
import { type OwnedIds, type OwnedKind, type OwnedResources, createOwnedResources } from '../../test/owned-resources';
import { sandboxPriceOf } from '../../test/sandbox';
import { type SlackReceiver, startSlackReceiver } from '../../test/slack-receiver';
import { createTestApp } from '../../test/test-app';
import { rowsOf } from '../db/client';
import { loopbackOnly } from '../dev-tools';
import { type DeclaredRoute, declarationOf } from '../plugins/route-declaration';
import { SCOPED_PARAMS, fieldKind } from '../modules/workspaces/scope-guard';
import { type WorkspaceRole, can } from '@rankmaps/shared/permissions';
import { joinWorkspace } from '../../test/team';
import { authorizeParams, pkcePair, registerClient } from '../../test/oauth-flow';
import { unauthorized } from '../errors';
import { PASSWORD, logIn, sessions, signUpRequest } from '../../test/sessions';
import { UPGRADE_REQUIRED_MESSAGE } from '../modules/billing';
import { grantOperator } from '../modules/operator/operator.service';
import { firstFreeSlot } from '../modules/video-call/video-call.service';
import { MADRID, MALAGA } from '../../test/rankmap-fixtures';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS } from '@rankmaps/shared/schemas/notifications';

// The authorization matrix: every route under /api, read from app.routeTable, called
// by an anonymous visitor, by another user with the owner's ids, and by the owner; then by an
// unconfirmed user and by users without a plan where the spec refuses them. Nothing here lists
// routes by hand: the small tables below say what an id in a path means, what a valid request
// looks like and which documented rule applies, and the first test fails when a route appears
// that they cannot describe.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Headers = Record<string, string>;

interface ZodLike {
  safeParse(value: unknown): { success: boolean };
}
interface RouteSchema {
  querystring?: ZodLike;
  body?: ZodLike;
  consumes?: string[];
  tags?: string[];
  response?: Record<string, unknown>;
}
interface ApiRoute {
  method: Method;
  url: string;
  label: string;
  isProtected: boolean;
  /** Answers only clients on the server's own machine (dev-tools.ts loopbackOnly): the mail outbox. */
  machineOnly: boolean;
  schema: RouteSchema;
  /** What the route kit declared (route-declaration.ts); undefined for a route registered by hand. */
  declaration: DeclaredRoute | undefined;
}

/** A valid request for a route whose schema needs more than an empty body or query. */
interface Sample {
  query?: (ids: OwnedIds) => Record<string, string>;
  body?: (ids: OwnedIds) => object | Promise<object>;
  multipart?: () => { payload: Buffer; headers: Headers };
  /** What the owner gets when it is not a 2xx, and why that is right. */
  ownerStatus?: { status: number; why: string };
}

/** What an id in a protected path names, keyed by the segment before it and the parameter. */
const OWNED_PARAMS: Record<string, OwnedKind> = {
  'place/:id': 'place',
  'keyword/:id': 'keyword',
  'keyword/:keywordId': 'keyword',
  'rankmap/:id': 'rankMap',
  'analysis/:id': 'rankMap',
  'compare/:otherId': 'rankMap',
  'scheduled/:id': 'scheduledRankMap',
  // AI-visibility analyses (docs/decisions.md §31.4).
  'ai-visibility/:id': 'aiAnalysis',
  'compare/:otherAnalysisId': 'aiAnalysis',
  'competitors/:competitorId': 'competitor',
  'checkout-session/:id': 'checkoutSession',
  'notifications/:id': 'notification',
  'share-links/:id': 'shareLink',
  'report-recipients/:recipientId': 'reportRecipient',
  'report-round/:id': 'place',
  // A campaign's round now (developer tools, docs/decisions.md §31.16).
  'campaign-round/:id': 'campaign',
  // The demo's simulated Google edit of a business (developer tools, docs/decisions.md §32.3).
  'listing-edit/:id': 'place',
  // Reviews (docs/decisions.md §32.4): a review of the owner's place, a reply template, the simulated arrival's business.
  'reviews/:reviewId': 'review',
  'review-templates/:id': 'reviewTemplate',
  'review-arrive/:placeId': 'place',
  'tickets/:reference': 'supportTicket',
  'clients/:id': 'client',
  'campaigns/:id': 'campaign',
  'bookings/:id': 'videoBooking',
  'video-bookings/:id': 'videoBooking',
  'conversations/:id': 'chatConversation',
  'api-keys/:id': 'apiKey',
  'grants/:id': 'oauthGrant',
  'webhooks/:id': 'webhook',
  'deliveries/:deliveryId': 'webhookDelivery',
  'invoices/:id': 'invoice',
  // Teams (docs/decisions.md §30.3): a member, an invitation, a workspace one belongs to.
  'members/:userId': 'member',
  'invitations/:id': 'invitation',
  'workspaces/:id': 'workspace',
};

/** Valid notification settings: the defaults, every kind on in both channels. */
const notificationSettingsSample = {
  ...NOTIFICATION_DEFAULTS,
  switches: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { inApp: true, email: true }])),
  mutedPlaceIds: [] as string[],
};

/** A local Slack-compatible receiver, started on first use: saving a webhook URL sends it a test message. */
let slackReceiver: Promise<SlackReceiver> | undefined;
const slackUrl = async () => (await (slackReceiver ??= startSlackReceiver())).url('/services/TMATRIX/BMATRIX/matrix');
afterAll(async () => (await slackReceiver)?.close());

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
// The demo GBP provider gives every connected account the same locations.
const DEMO_LOCATION = 'locations/demo-1001';

function samplesFor(app: FastifyInstance, logoPng: Buffer, oauthClientId: string): Record<string, Sample> {
  return {
    'GET /api/geo/coastline': { query: () => ({ south: '36.6', west: '-4.6', north: '36.8', east: '-4.3' }) },
    'GET /api/places/autocomplete': { query: () => ({ input: 'dentista Málaga' }) },
    // The activity log (docs/decisions.md §30.5): memberId is any person's id, so the sample filters by kind and days instead.
    'GET /api/activity': { query: () => ({ kind: 'scan', from: isoDay(30), to: isoDay(0), limit: '10' }) },
    'GET /api/activity.csv': { query: () => ({ kind: 'scan', from: isoDay(30), to: isoDay(0) }) },
    'GET /api/places/locate': { query: () => ({ input: 'Málaga' }) },
    'GET /api/places/details': { query: () => ({ placeId: 'demo-malaga-dentista-3' }) },
    'GET /api/auth/google/start-url': { query: () => ({ intent: 'gbp_connect' }) },
    'GET /api/gbp/performance/daily': { query: () => ({ locationId: DEMO_LOCATION, metric: 'VIEWS', startDate: isoDay(30), endDate: isoDay(1) }) },
    'GET /api/gbp/performance/keywords': { query: () => ({ locationId: DEMO_LOCATION }) },
    'POST /api/general/support/tickets/:reference/messages': { body: () => ({ body: 'Gracias, sigue igual.' }) },
    'POST /api/operator/tickets/:reference/messages': { body: () => ({ body: 'Ya está resuelto.' }) },
    'PUT /api/operator/tickets/:reference/state': { body: () => ({ state: 'cerrado' }) },
    // Video calls (docs/support.md «Videollamada»): a slot nobody has, read when the request is made.
    'POST /api/general/support/video/bookings': { body: async () => ({ start: await firstFreeSlot(app.container), topic: 'Revisar el informe', timeZone: 'Europe/Madrid' }) },
    'PUT /api/general/support/video/bookings/:id': { body: async () => ({ start: await firstFreeSlot(app.container) }) },
    'PUT /api/operator/video-bookings/:id': { body: async () => ({ start: await firstFreeSlot(app.container) }) },
    // The live chat (docs/support.md, «Chat en vivo»): with no operator online the owner's message becomes a ticket, still a 200.
    'POST /api/chat/messages': { body: () => ({ body: 'Hola, ¿me ayudáis?' }) },
    'POST /api/chat/read': { body: () => ({ upTo: 0 }) },
    'POST /api/operator/chat/conversations/:id/messages': { body: () => ({ body: 'Hola, soy del equipo de soporte.' }) },
    'POST /api/operator/chat/conversations/:id/read': { body: () => ({ upTo: 0 }) },
    'POST /api/general/support': {
      body: async () => ({ category: 'tecnico', priority: 'media', subject: 'No carga el mapa', message: 'El mapa no se ve.', recaptcha: await solvedToken(app) }),
    },
    'PUT /api/user': { multipart: () => multipartBody([{ name: 'name', value: 'Nombre Cambiado' }]) },
    'PUT /api/report-brand': { body: () => ({ name: 'Agencia Matriz', accent: '#1d4ed8', contact: 'hola@example.com', footer: 'Pie del informe', hidePoweredBy: false }) },
    'POST /api/report-brand/logo': { multipart: () => multipartBody([{ name: 'logo', filename: 'logo.png', data: logoPng, contentType: 'image/png' }]) },
    'PUT /api/user/billing': {
      body: () => ({ billingData: { type: 'personal', fiscalName: 'Ana Pérez', taxId: '12345678Z', address: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid', province: 'Madrid', country: 'España' } }),
    },
    // Credits enough for the writes after it: «Analizar todas» starts every keyword of the place, or none (docs/decisions.md §25.2).
    'PUT /api/user/dev-params': { body: () => ({ planLimits: { type: 'pro', places: -1, keywords: 10, credits: 500 }, subscriptionCredits: 100, extraCredits: 2000 }) },
    'POST /api/payment/create-checkout-session': {
      body: async () => ({ priceId: await sandboxPriceOf(app, 'basico', 'monthly'), planName: 'basico' }),
      ownerStatus: { status: 409, why: 'a second plan checkout while subscribed answers 409 (docs/decisions.md §1)' },
    },
    'POST /api/payment/change-plan/preview': { body: async () => ({ priceId: await sandboxPriceOf(app, 'premium', 'annual') }) },
    'POST /api/payment/change-plan': { body: async () => ({ priceId: await sandboxPriceOf(app, 'premium', 'annual') }) },
    'POST /api/payment/change-plan/cancel': { ownerStatus: { status: 404, why: 'a subscription with no move down scheduled has nothing to cancel' } },
    'POST /api/payment/reactivate-subscription': { ownerStatus: { status: 409, why: 'an active subscription has no cancellation to undo' } },
    'POST /api/place/generate-matrix': { body: () => ({ centerLat: MALAGA.lat, centerLng: MALAGA.lng, maxDistance: 1500, size: 3 }) },
    'POST /api/place': { body: () => ({ googlePlaceId: 'demo-malaga-restaurante-1', matrixConfig: { gridSize: 3, radius: 1500, coordinates: MALAGA } }) },
    'PUT /api/place/active-place': { body: (ids) => ({ placeId: ids.place }) },
    'PUT /api/place/:id/matrix': { body: () => ({ gridSize: 5, radius: 1500, coordinates: MALAGA }) },
    'PUT /api/place/:id/schedule': { body: () => ({ rankDay: 2, rankHour: 10 }) },
    'POST /api/place/:id/schedule/ai-quote': { body: () => ({ ai: { engines: ['google-ai-mode'], gridSize: 3, samples: 1 } }) },
    'PUT /api/place/:id/market': { body: () => ({ countryCode: 'PT', searchLanguage: 'pt' }) },
    'POST /api/place/:id/competitors': { body: () => ({ placeId: 'demo-malaga-dentista-4', name: 'Clínica Dental Centro' }) },
    'POST /api/keyword': { body: (ids) => ({ placeId: ids.place, name: 'implantes dentales' }) },
    // Bulk keywords (docs/decisions.md §25.2): pasted text names the places by id.
    'POST /api/keywords/import/preview': { body: (ids) => ({ source: 'text', placeIds: [ids.place], text: 'dentista urgencias\nimplantes' }) },
    'POST /api/keywords/import': { body: (ids) => ({ source: 'text', placeIds: [ids.place], text: 'dentista infantil\nortodoncia invisible' }) },
    'POST /api/rankmap/analyze-many/preview': { body: (ids) => ({ keywordIds: [ids.keyword] }) },
    'POST /api/rankmap/analyze-many': { body: (ids) => ({ keywordIds: [ids.keyword] }) },
    // An AI-visibility analysis of the owner's keyword (docs/decisions.md §31.4): one ChatGPT answer on the demo engine.
    'POST /api/ai-visibility/keyword/:keywordId/scan': { body: () => ({ engines: ['chatgpt'], gridSize: 3, samples: 1 }) },
    'POST /api/clients': { body: () => ({ name: 'Cliente Matriz' }) },
    'PUT /api/clients/:id': { body: () => ({ name: 'Cliente Renombrado' }) },
    // A client's logo (docs/decisions.md §25.1): the owner is on Starter, a plan with white-label.
    'POST /api/clients/:id/logo': { multipart: () => multipartBody([{ name: 'logo', filename: 'cliente.png', data: logoPng, contentType: 'image/png' }]) },
    // Campaigns (docs/decisions.md §25.3): a weekly round of the user's keyword.
    'POST /api/campaigns': { body: (ids) => ({ name: 'Campaña Matriz', frequency: 'weekly', day: 2, hour: 11, keywordIds: [ids.keyword] }) },
    'PUT /api/campaigns/:id': { body: (ids) => ({ name: 'Campaña Cambiada', frequency: 'daily', hour: 8, window: { start: 8, end: 20 }, keywordIds: [ids.keyword] }) },
    'POST /api/campaigns/preview': { body: (ids) => ({ id: ids.campaign, campaign: { name: 'Campaña Vista', frequency: 'monthly', day: 15, hour: 9, keywordIds: [ids.keyword] } }) },
    'PUT /api/place/:id/client': { body: (ids) => ({ clientId: ids.client }) },
    // API keys (docs/decisions.md §26.1): the owner is on Starter, a pro-type plan.
    'POST /api/api-keys': { body: () => ({ name: 'Clave Matriz', scopes: ['read', 'scans'] }) },
    // The consent API with a registered client's request (oauth.api.test.ts runs the whole flow); cancelling records nothing.
    'GET /api/oauth/authorization': { query: () => authorizeParams(app, oauthClientId, pkcePair().challenge) },
    'POST /api/oauth/authorization': { body: (ids) => ({ params: authorizeParams(app, oauthClientId, pkcePair().challenge), decision: 'deny', workspaceId: ids.workspace }) },
    // Webhooks (docs/decisions.md §26.4): a local URL, allowed outside production; no worker runs here, so the test delivery is still queued.
    'POST /api/webhooks': { body: () => ({ url: 'http://127.0.0.1:9/hooks/matriz', events: ['analysis.completed', 'credits.low'] }) },
    'POST /api/webhooks/:id/deliveries/:deliveryId/replay': { ownerStatus: { status: 409, why: 'a delivery still queued (no worker runs here) is in progress, and only a finished one is replayed' } },
    // The demo's simulated Google edit starts from what the last demo scan recorded of the listing; the world's analyses ran without the job that records it.
    'POST /api/dev/listing-edit/:id': { ownerStatus: { status: 409, why: 'no demo scan has recorded this listing yet, so there is nothing to edit (docs/decisions.md §32.3)' } },
    // Reviews (docs/decisions.md §32.4): the owner's demo connection links the place; the reply goes to the demo's Google.
    'PUT /api/place/:id/reviews/:reviewId/reply': { body: () => ({ comment: 'Gracias por tu reseña.' }) },
    'POST /api/review-templates': { body: () => ({ name: 'Agradecimiento', text: 'Gracias, {nombre}, por visitar {negocio}.' }) },
    'PUT /api/review-templates/:id': { body: () => ({ name: 'Disculpa', text: 'Sentimos lo ocurrido, {nombre}.' }) },
    'POST /api/dev/review-arrive/:placeId': { body: () => ({ stars: 2 }) },
    'GET /api/portfolio': { query: (ids) => ({ clientId: ids.client, sort: 'geoRank', dir: 'desc' }) },
    'PUT /api/notifications/settings': { body: (ids) => ({ ...notificationSettingsSample, mutedPlaceIds: [ids.place] }) },
    'PUT /api/notifications/slack': { body: async () => ({ url: await slackUrl() }) },
    // Share links (docs/decisions.md §24.4): the owner's keyword, whose link the fixture made.
    'POST /api/share-links': { body: (ids) => ({ scope: 'keyword', targetId: ids.keyword, expiresInDays: 30 }) },
    'GET /api/share-links': { query: (ids) => ({ scope: 'keyword', targetId: ids.keyword }) },
    'PUT /api/place/:id/slack': { body: async () => ({ url: await slackUrl() }) },
    // A token that is not signed: the page and the one-click answer 400, never 500, and change nothing.
    'GET /api/notifications/unsubscribe': { query: () => ({ token: '00000000-0000-4000-8000-000000000000.rank-drop.firma' }) },
    'POST /api/notifications/unsubscribe': { query: () => ({ token: '00000000-0000-4000-8000-000000000000.rank-drop.firma' }) },
    // Report e-mails (docs/reports.md, "Scheduled report e-mails"): a new address each time, and the public pages with tokens that are not valid.
    'POST /api/place/:id/report-recipients': { body: () => ({ email: uniqueEmail('destinatario'), name: 'Cliente' }) },
    'PUT /api/place/:id/report-schedule': { body: () => ({ mode: 'monthly', monthDay: 12 }) },
    'GET /api/report-recipients/confirm': { query: () => ({ token: 'A'.repeat(43) }) },
    'POST /api/report-recipients/confirm': { query: () => ({ token: 'A'.repeat(43) }) },
    'GET /api/report-recipients/unsubscribe': { query: () => ({ token: '00000000-0000-4000-8000-000000000000.firma' }) },
    'POST /api/report-recipients/unsubscribe': { query: () => ({ token: '00000000-0000-4000-8000-000000000000.firma' }) },
    // ── Teams (docs/decisions.md §30.3) ──
    // The owner's administrator made a Miembro of the owner's client; a new address each time (Starter's seats hold it).
    'PUT /api/team/members/:userId': { body: (ids) => ({ role: 'member', clientIds: [ids.client] }) },
    'POST /api/team/invitations': { body: () => ({ email: uniqueEmail('matriz'), role: 'admin', clientIds: [] }) },
    'POST /api/team/ownership-transfer': { body: (ids) => ({ userId: ids.member }) },
    'POST /api/team/ownership-transfer/accept': { ownerStatus: { status: 404, why: 'the owner is not the member a transfer was offered to: only that member accepts it' } },
    // The public invitation page with a token that opens nothing: the one 410 for any link that no longer works.
    'GET /api/team/invitations/accept': { query: () => ({ token: 'A'.repeat(43) }) },
  };
}

/**
 * Where the spec refuses a user without a plan. docs/product.md §6: "Free plan or no plan: redirected to
 * /subscription", so the RankMap screens (places, keywords, analyses) are for paid plans, and
 * the server refuses with 403 upgrade_required (docs/product.md §6, docs/decisions.md §2) every write there that
 * creates, changes or spends what a plan pays for: places and their grids and schedules,
 * keywords, analyses, and the provider calls behind them. Reading and deleting one's own data
 * stays open. The writes outside that, each with its reason:
 */
const PAID_AREAS = new Set(['place', 'keyword', 'keywords', 'rankmap', 'ai-visibility']);
const FREE_ACTIONS: Record<string, string> = {
  'POST /api/place/:id/competitors': 'docs/decisions.md §3, followed competitors: "No plan check: it costs nothing."',
  'PUT /api/place/active-place': 'a display preference: which of one’s own places the screens open on',
  'POST /api/place/generate-matrix': 'a computation that stores nothing and calls no provider',
  'PUT /api/place/:id/slack': 'a notification preference (docs/decisions.md §23.3, "Wiring"), like muting a place: it costs nothing',
  'PUT /api/place/:id/client': 'grouping one’s own place under a client (docs/decisions.md §25.1): a label that costs nothing',
};

/**
 * Where the spec refuses an unconfirmed e-mail (403 email_not_confirmed). Signing in is the
 * spec's own (docs/product.md §8: "403 with a message about confirming e-mail"); these two act on the address
 * or take money, so docs/decisions.md refuses them even to a token that exists.
 */
const REFUSED_UNTIL_CONFIRMED: Record<string, string> = {
  'POST /api/general/support': 'Confirma tu email antes de enviar un ticket de soporte.',
  'POST /api/payment/create-checkout-session': 'Confirma tu email antes de realizar un pago.',
};

/**
 * The routes about the person, not the workspace (docs/decisions.md §30.1 and docs/decisions.md §30.6): they keep
 * access.session and act on the caller's own rows, whatever workspace is active. Every other
 * signed-in route declares access.workspace(action), so the permission table decides who may
 * call it: a new access.session route fails the first test until it is listed here, with why.
 */
const PERSONAL_ROUTES: Record<string, string> = {
  'GET /api/user/profile': 'the person’s profile',
  'PUT /api/user': 'the person’s name, options and picture',
  'DELETE /api/user/profile-picture': 'the person’s picture',
  'PUT /api/user/billing': 'the fiscal data on the person’s own user row',
  'GET /api/notifications': 'the person’s bell',
  'POST /api/notifications/read-all': 'the person’s bell',
  'POST /api/notifications/:id/read': 'the person’s bell',
  'GET /api/notifications/settings': 'the person’s notification preferences',
  'PUT /api/notifications/settings': 'the person’s notification preferences',
  'POST /api/general/support': 'the person’s support tickets',
  'GET /api/general/support/tickets': 'the person’s support tickets',
  'GET /api/general/support/tickets/:reference': 'the person’s support tickets',
  'POST /api/general/support/tickets/:reference/messages': 'the person’s support tickets',
  'GET /api/general/support/video/slots': 'the person’s video calls with support',
  'GET /api/general/support/video/bookings': 'the person’s video calls with support',
  'POST /api/general/support/video/bookings': 'the person’s video calls with support',
  'PUT /api/general/support/video/bookings/:id': 'the person’s video calls with support',
  'DELETE /api/general/support/video/bookings/:id': 'the person’s video calls with support',
  'GET /api/chat': 'the person’s live chat',
  'GET /api/chat/stream': 'the person’s live chat',
  'POST /api/chat/messages': 'the person’s live chat',
  'POST /api/chat/typing': 'the person’s live chat',
  'POST /api/chat/read': 'the person’s live chat',
  'GET /api/workspaces': 'the workspaces the person belongs to',
  'POST /api/workspaces/:id/switch': 'the person moves their session to another of their workspaces',
  'POST /api/team/ownership-transfer/accept': 'the person named by a transfer accepts it (the service checks it is them)',
  // OAuth for /mcp (docs/decisions.md §33.3, docs/decisions.md §33.4): a consent is the person's, made in a workspace they pick and still belong to.
  'GET /api/oauth/authorization': 'the person’s consent screen: their own workspaces and roles',
  'POST /api/oauth/authorization': 'the person’s consent, in a workspace the service checks they belong to',
  'GET /api/oauth/grants': 'the person’s connected apps',
  'DELETE /api/oauth/grants/:id': 'the person’s connected apps',
};

/** Owned kinds that are a business or hang from one: a Miembro or Cliente of another client gets 404 for them (docs/decisions.md §30.6). */
const BUSINESS_KINDS = new Set<OwnedKind>(['place', 'keyword', 'rankMap', 'scheduledRankMap', 'aiAnalysis', 'competitor', 'shareLink', 'reportRecipient', 'client', 'campaign', 'review']);

/** Every route under /api as the app registered it, without Fastify's HEAD twins and the docs UI's files. */
function apiRoutesOf(app: FastifyInstance): ApiRoute[] {
  const table: RouteOptions[] = [...app.routeTable];
  const entries = table.flatMap((r) => [r.method].flat().map((method) => ({ method: String(method).toUpperCase(), route: r })));
  const getUrls = new Set(entries.filter((e) => e.method === 'GET').map((e) => e.route.url));
  return entries
    .filter(({ route }) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs/static'))
    .filter(({ method, route }) => !(method === 'HEAD' && getUrls.has(route.url)))
    .map(({ method, route }) => {
      const onRequest = [route.onRequest ?? []].flat();
      const isProtected = onRequest.includes(app.authenticate);
      const machineOnly = onRequest.includes(loopbackOnly);
      return { method: method as Method, url: route.url, label: `${method} ${route.url}`, isProtected, machineOnly, schema: (route.schema ?? {}) as RouteSchema, declaration: declarationOf(route) };
    });
}

/** The path parameters of a URL, each with the key OWNED_PARAMS knows it by. */
function paramsOf(url: string): { name: string; key: string }[] {
  const segments = url.split('/');
  return segments.flatMap((s, i) => (s.startsWith(':') ? [{ name: s.slice(1), key: `${segments[i - 1]}/${s}` }] : []));
}

const accepts = (schema: ZodLike | undefined, value: unknown) => !schema || schema.safeParse(value).success;
const takesMultipart = (route: ApiRoute) => (route.schema.consumes ?? []).some((c) => c.startsWith('multipart/'));

/** The names of every field a schema's JSON form declares, at any depth. */
function fieldNamesOf(schema: ZodLike | undefined): string[] {
  if (!schema) return [];
  const names: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { properties } = node as { properties?: Record<string, unknown> };
    if (properties) names.push(...Object.keys(properties));
    Object.values(node).forEach(walk);
  };
  walk(z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }));
  return names;
}

/**
 * A route needs a sample when its schema refuses an empty query and an empty body, or when
 * its body or query carries an id: the sample says whose id that is.
 */
const needsSample = (route: ApiRoute) =>
  !accepts(route.schema.querystring, {}) ||
  takesMultipart(route) ||
  (route.schema.body !== undefined && !accepts(route.schema.body, undefined) && !accepts(route.schema.body, {})) ||
  [...fieldNamesOf(route.schema.body), ...fieldNamesOf(route.schema.querystring)].some((name) => /id$/i.test(name));

/** Ids of the same shapes as the owner's that nobody owns. */
function missingIds(): OwnedIds {
  return {
    place: randomUUID(),
    keyword: randomUUID(),
    rankMap: randomUUID(),
    scheduledRankMap: randomUUID(),
    aiAnalysis: randomUUID(),
    competitor: 'demo-malaga-dentista-15',
    checkoutSession: `cs_sbx_${randomBytes(12).toString('hex')}`,
    notification: randomUUID(),
    shareLink: randomUUID(),
    reportRecipient: randomUUID(),
    supportTicket: `TK-${randomBytes(4).toString('hex').toUpperCase()}`,
    client: randomUUID(),
    campaign: randomUUID(),
    videoBooking: randomUUID(),
    chatConversation: randomUUID(),
    apiKey: randomUUID(),
    oauthGrant: randomUUID(),
    webhook: randomUUID(),
    webhookDelivery: randomUUID(),
    invoice: randomUUID(),
    member: randomUUID(),
    invitation: randomUUID(),
    workspace: randomUUID(),
    review: randomUUID(),
    reviewTemplate: randomUUID(),
  };
}

/**
 * The operator's inbox (docs/support.md): its routes are for the operator role alone, which
 * only a server-side command grants. They form a caller column of their own: an operator
 * reaches every one of them on anyone's ticket; the owner and any other user get 404, as for
 * a route that does not exist.
 */
const isOperatorRoute = (route: ApiRoute) => route.url.startsWith('/api/operator/');

const SPANISH_NOT_FOUND = /no encontrad[oa]|no se encontr/i;

describe('authorization matrix', async () => {
  // Developer tools on, so their routes are in the matrix too (without them they do not exist:
  // production-surface.api.test.ts).
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, DEV_TOOLS: 'true' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  // The owner is on Starter, an agency plan: white-label is theirs to set.
  const logoPng = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
  const samples = samplesFor(app, logoPng, (await registerClient(app)).client_id);
  const routes = apiRoutesOf(app);
  const ownerKindOf = (key: string): OwnedKind | undefined => OWNED_PARAMS[key];

  /** The request `route` gets from a caller with `headers`, naming the resources in `ids`, and the owned kinds it names. */
  async function requestFor(route: ApiRoute, ids: OwnedIds, headers: Headers): Promise<{ options: InjectOptions; referenced: Set<OwnedKind> }> {
    const referenced = new Set<OwnedKind>();
    // Records which owned ids the sample reads: those make the request about the owner's data.
    const tracked = new Proxy(ids, {
      get(target, prop: string) {
        referenced.add(prop as OwnedKind);
        return target[prop as OwnedKind];
      },
    });
    let url = route.url;
    for (const { name, key } of paramsOf(route.url)) {
      const kind = route.isProtected ? ownerKindOf(key) : undefined;
      if (kind) referenced.add(kind);
      const value = kind ? ids[kind] : name === 'type' ? 'user' : 'no-existe';
      url = url.replace(`:${name}`, encodeURIComponent(value));
    }
    const sample = samples[route.label];
    const query = sample?.query?.(tracked);
    if (query) url += `?${new URLSearchParams(query).toString()}`;
    const options: InjectOptions = { method: route.method, url, headers: { ...headers } };
    if (sample?.multipart) {
      const form = sample.multipart();
      options.headers = { ...options.headers, ...form.headers };
      options.payload = form.payload;
    } else if (sample?.body) {
      options.payload = await sample.body(tracked);
    } else if (route.schema.body && !accepts(route.schema.body, undefined)) {
      options.payload = {};
    }
    return { options, referenced };
  }

  const protectedRoutes = routes.filter((r) => r.isProtected);
  const publicRoutes = routes.filter((r) => !r.isProtected);
  // The developer tools' routes (tag 'desarrollo', absent in production) are not searched for
  // leaks: GET /api/dev/mail is the demo's shared outbox and shows everyone's mail by design.
  const isDevTool = (route: ApiRoute) => (route.schema.tags ?? []).includes('desarrollo');

  /** Every row that belongs to the user, by its user, place, keyword or analysis. */
  async function snapshotOf(user: OwnedResources): Promise<string[]> {
    const db = container.database.db;
    const owners: Record<string, string[]> = {
      user_id: [user.user.id],
      place_id: [user.ids.place],
      keyword_id: [user.ids.keyword],
      rank_map_id: [user.ids.rankMap, user.ids.scheduledRankMap],
    };
    const columns = await rowsOf<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and column_name in ('user_id', 'place_id', 'keyword_id', 'rank_map_id') order by 1, 2`,
    );
    const rows: string[] = [];
    const add = async (table: string, column: string, values: string[]) => {
      const found = await rowsOf<Record<string, unknown>>(
        db,
        sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)}::text in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`,
      );
      rows.push(...found.map((r) => `${table}: ${JSON.stringify(r)}`));
    };
    await add('users', 'id', [user.user.id]);
    for (const { table_name, column_name } of columns) await add(table_name, column_name, owners[column_name] ?? []);
    return rows.sort();
  }

  const expectNoSecrets = (res: LightMyRequestResponse, owner: OwnedResources, label: string) => {
    const body = res.body.toLowerCase();
    const leaked = [...owner.secrets, owner.shareToken].filter((s) => body.includes(s.toLowerCase()));
    expect(leaked, `${label} answered with the owner's data`).toEqual([]);
  };

  const owner = await createOwnedResources(app, container, {
    googlePlaceId: 'demo-malaga-dentista-1',
    coordinates: MALAGA,
    competitorPlaceId: 'demo-malaga-dentista-2',
    completedScan: true,
  });
  const intruder = await createOwnedResources(app, container, {
    googlePlaceId: 'demo-madrid-dentista-1',
    coordinates: MADRID,
    competitorPlaceId: 'demo-madrid-dentista-2',
  });

  it('when the route table is read, then every /api route is classified, so no route escapes the matrix', () => {
    expect(protectedRoutes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.label)).toEqual(expect.arrayContaining(['GET /api/place/:id', 'DELETE /api/keyword/:id', 'GET /api/rankmap/:id', 'GET /api/rankmap/:id/compare/:otherId', 'GET /api/reports/analysis/:id', 'GET /api/reports/place/:id', 'GET /api/reports/place/:id/pdf', 'GET /api/reports/analysis/:id/pdf', 'POST /api/auth/login/user']));
    const problems: string[] = [];
    for (const route of protectedRoutes) {
      for (const { key } of paramsOf(route.url)) {
        if (!ownerKindOf(key)) problems.push(`${route.label}: the path parameter "${key}" names no known owned resource (add it to OWNED_PARAMS)`);
      }
      if (needsSample(route) && !samples[route.label]) problems.push(`${route.label}: the schema needs a request body or query (add a sample)`);
    }
    // Who may call each signed-in route: the person (listed), a role of the workspace by the permission table, or an operator.
    for (const route of protectedRoutes) {
      const kind = route.declaration?.access.kind;
      if (kind === 'session' && !PERSONAL_ROUTES[route.label]) problems.push(`${route.label}: access.session on a route that is not about the person (declare access.workspace(action), or list it in PERSONAL_ROUTES with why)`);
      if (kind !== 'session' && kind !== 'workspace' && kind !== 'operator') problems.push(`${route.label}: a signed-in route with access ${kind ?? 'undeclared'}`);
      if (kind !== 'workspace') continue;
      // The scope guard must know every id a workspace route takes (modules/workspaces/scope-guard.ts).
      for (const { key } of paramsOf(route.url)) if (!SCOPED_PARAMS[key]) problems.push(`${route.label}: the scope guard does not know the path parameter "${key}" (add it to SCOPED_PARAMS)`);
      for (const field of [...fieldNamesOf(route.schema.body), ...fieldNamesOf(route.schema.querystring)].filter((f) => /id(s)?$/i.test(f))) {
        if (!fieldKind(route.declaration!.operationId, field)) problems.push(`${route.label}: the scope guard does not know the id field "${field}" (add it to SCOPED_FIELDS)`);
      }
    }
    for (const label of Object.keys(PERSONAL_ROUTES)) {
      const route = routes.find((r) => r.label === label);
      if (route?.declaration?.access.kind !== 'session') problems.push(`${label}: listed as personal but not an access.session route`);
    }
    const labels = new Set(routes.map((r) => r.label));
    for (const label of [...Object.keys(samples), ...Object.keys(FREE_ACTIONS), ...Object.keys(REFUSED_UNTIL_CONFIRMED)]) {
      if (!labels.has(label)) problems.push(`${label}: no such route any more (remove it from the tables)`);
    }
    expect(problems).toEqual([]);
  });

  describe('an anonymous visitor', () => {
    it.each(protectedRoutes.map((r) => [r.label, r] as const))('%s: when called without a session or with a forged token, then 401 with the Spanish message', async (_label, route) => {
      const { options } = await requestFor(route, owner.ids, {});
      const forged = `${owner.headers.authorization!.slice(0, -4)}AAAA`;
      for (const headers of [{}, { authorization: forged }, { authorization: 'Basic dXNlcjpwYXNz' }]) {
        const res = await app.inject({ ...options, headers: { ...options.headers, ...headers } });
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json()).toMatchObject({ error: unauthorized().message });
      }
    });

    it.each(publicRoutes.map((r) => [r.label, r] as const))('%s: when called without a session, then it neither fails nor asks for one', async (_label, route) => {
      const { options } = await requestFor(route, owner.ids, {});
      const res = await app.inject(options);
      expect(res.statusCode, res.body).toBeLessThan(500);
      // Sign-in and refresh answer 401 to wrong credentials, and say so in their schema.
      if (res.statusCode === 401) expect(Object.keys(route.schema.response ?? {}), `${route.label} answered 401 without declaring it`).toContain('401');
      if (!isDevTool(route)) expectNoSecrets(res, owner, route.label);
    });
  });

  describe('a client on another machine, on the routes that answer only this one', () => {
    const machineOnly = routes.filter((r) => r.machineOnly);

    it('when the route table is read, then the mail outbox, and only it, answers this machine alone', () => {
      expect(machineOnly.map((r) => r.label).sort()).toEqual(['GET /api/dev/mail', 'GET /api/dev/mail/:id/attachments/:index']);
    });

    it.each(machineOnly.map((r) => [r.label, r] as const))('%s: when called from another address, with or without a session, or through a proxy here, then the plain 404', async (_label, route) => {
      const { options } = await requestFor(route, owner.ids, {});
      const callers = [
        { remoteAddress: '203.0.113.9', headers: {} },
        { remoteAddress: '203.0.113.9', headers: owner.headers },
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      ];
      for (const { remoteAddress, headers } of callers) {
        const res = await app.inject({ ...options, remoteAddress, headers: { ...options.headers, ...headers } });
        expect(res.statusCode, remoteAddress).toBe(404);
        expect(res.json()).toEqual({ error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
      }
    });
  });

  describe('another user, with the owner’s ids', () => {
    let before: string[] = [];
    beforeAll(async () => {
      before = await snapshotOf(owner);
    });

    it.each(routes.map((r) => [r.label, r] as const))('%s: when called, then the owner’s data never appears and any id of theirs answers 404 as a missing one does', async (_label, route) => {
      const { options, referenced } = await requestFor(route, owner.ids, intruder.headers);
      const res = await app.inject(options);
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (!isDevTool(route)) expectNoSecrets(res, owner, route.label);
      if (referenced.size === 0) return;

      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toMatch(SPANISH_NOT_FOUND);
      // Nothing tells an existing id from a missing one.
      const missing = await app.inject((await requestFor(route, missingIds(), intruder.headers)).options);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
      expect(await snapshotOf(owner)).toEqual(before);
    });

    it('when the intruder is done, then none of the owner’s rows changed', async () => {
      expect(await snapshotOf(owner)).toEqual(before);
      expect(before.length).toBeGreaterThan(10);
    });
  });

  describe('the owner', () => {
    const reads = protectedRoutes.filter((r) => r.method === 'GET' && !isOperatorRoute(r));
    const writes = protectedRoutes.filter((r) => r.method !== 'GET' && !isOperatorRoute(r));

    const ownerAnswers: string[] = [];

    it.each(reads.map((r) => [r.label, r] as const))('%s: when the owner reads, then 2xx', async (_label, route) => {
      const res = await app.inject((await requestFor(route, owner.ids, owner.headers)).options);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
      // A share link's token is in its owner's list of links, to copy again (docs/decisions.md §29.1), and in no other answer.
      if (route.url.endsWith('/share-links')) expect(res.body).toContain(owner.shareToken);
      else expect(res.body).not.toContain(owner.shareToken);
      ownerAnswers.push(res.body.toLowerCase());
    });

    // Otherwise the leak search above would look for texts no answer ever carries.
    it('when the owner has read everything, then each of their secrets appeared in their own answers', () => {
      const unseen = owner.secrets.filter((s) => !ownerAnswers.some((body) => body.includes(s.toLowerCase())));
      expect(unseen).toEqual([]);
    });

    // Deleting, and anything done to the subscription, runs on an account of its own, so it
    // cannot break the next case; the other writes change only what they name, so they share.
    const needsOwnAccount = (route: ApiRoute) => route.method === 'DELETE' || /^\/api\/(payment|sandbox)\//.test(route.url);

    it.each(writes.map((r) => [r.label, r] as const))('%s: when the owner writes, then it is accepted', async (_label, route) => {
      const account = needsOwnAccount(route)
        ? await createOwnedResources(app, container, { googlePlaceId: 'demo-malaga-dentista-1', coordinates: MALAGA, competitorPlaceId: 'demo-malaga-dentista-2' })
        : owner;
      const res = await app.inject((await requestFor(route, account.ids, account.headers)).options);
      const expected = samples[route.label]?.ownerStatus;
      if (expected) {
        expect(res.statusCode, `${res.body} (${expected.why})`).toBe(expected.status);
      } else {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
    });
  });

  // The role dimension (docs/decisions.md §30.6): every access.workspace route, called by each
  // role of the owner's workspace. The expected answer comes from the permission table and the
  // request: a role without the route's action → 403 ROLE_FORBIDDEN; with it, but naming a
  // business of a client not assigned to the caller → 404, as another workspace's id (the
  // intruder above) and a missing one; otherwise what the owner gets. Lists are searched for
  // the unassigned business. No session → 401 and another workspace → 404: the tests above.
  describe('the roles of the owner’s workspace', async () => {
    const workspaceRoutes = protectedRoutes.filter((r) => r.declaration?.access.kind === 'workspace');
    const actionOf = (route: ApiRoute) => (route.declaration?.access.kind === 'workspace' ? route.declaration.access.action : 'workspace.own');
    const { signedIn } = sessions(app, container);
    // A second client of the owner: a Miembro or Cliente assigned to it alone does not see the owner's business.
    const otherClient = (await app.inject({ method: 'POST', url: '/api/clients', headers: owner.headers, payload: { name: 'Cliente Ajeno Matriz' } })).json<{ id: string }>().id;
    const people = await Promise.all([0, 1, 2, 3, 4].map(async () => (await signedIn()).user));
    const callers: { name: string; role: WorkspaceRole; assigned: boolean; person: { id: string } }[] = [
      { name: 'an admin', role: 'admin', assigned: true, person: people[0]! },
      { name: 'a Miembro of the business’s client', role: 'member', assigned: true, person: people[1]! },
      { name: 'a Miembro of another client', role: 'member', assigned: false, person: people[2]! },
      { name: 'a Cliente of the business’s client', role: 'client', assigned: true, person: people[3]! },
      { name: 'a Cliente of another client', role: 'client', assigned: false, person: people[4]! },
    ];
    // Joined when this block starts, not when it is read: the owner's writes above (team routes
    // among them) run first, with the seats of the owner's plan as they were.
    const headersOf = new Map<string, Headers>();
    // What a caller who may not see the owner's business must never be shown of it.
    const businessSecrets = [owner.ids.place, owner.ids.keyword, owner.ids.rankMap, owner.ids.scheduledRankMap, owner.ids.campaign, owner.ids.client, owner.ids.shareLink, owner.ids.reportRecipient, owner.shareToken];

    type Expected = 403 | 404 | 'allowed';
    async function expectedFor(route: ApiRoute, caller: (typeof callers)[number]): Promise<Expected> {
      if (!can(caller.role, actionOf(route))) return 403;
      const { referenced } = await requestFor(route, missingIds(), {});
      if (!caller.assigned && [...referenced].some((k) => BUSINESS_KINDS.has(k))) return 404;
      return 'allowed';
    }
    const cases = (await Promise.all(workspaceRoutes.flatMap((route) => callers.map(async (caller) => ({ route, caller, expected: await expectedFor(route, caller) })))));
    const refusedCases = cases.filter((c) => c.expected !== 'allowed');
    const allowedReads = cases.filter((c) => c.expected === 'allowed' && c.route.method === 'GET');

    let before: string[] = [];
    beforeAll(async () => {
      for (const c of callers) headersOf.set(c.name, await joinWorkspace(container, owner.user.id, c.person.id, c.role, c.role === 'admin' ? [] : [c.assigned ? owner.ids.client : otherClient]));
      before = await snapshotOf(owner);
    });

    it('when the table is read, then every role has routes it may not call, and the scoped roles routes that name the owner’s business', () => {
      expect(workspaceRoutes.length).toBeGreaterThan(80);
      for (const role of ['admin', 'member', 'client'] as const) expect(refusedCases.some((c) => c.caller.role === role && c.expected === 403), role).toBe(true);
      expect(refusedCases.filter((c) => c.expected === 404).length).toBeGreaterThan(40);
      expect(allowedReads.some((c) => c.caller.role === 'client' && !c.caller.assigned)).toBe(true);
    });

    it.each(refusedCases.map((c) => [c.route.label, c.caller.name, c.expected, c] as const))('%s: when %s calls it, then %s and nothing changes', async (_label, _name, expected, { route, caller }) => {
      const headers = headersOf.get(caller.name)!;
      const res = await app.inject((await requestFor(route, owner.ids, headers)).options);
      expect(res.statusCode, res.body).toBe(expected);
      if (expected === 403) {
        expect(res.json()).toEqual({ error: 'Tu rol en este espacio de trabajo no permite hacer esto.', code: 'ROLE_FORBIDDEN' });
      } else {
        // As another workspace's id: nothing tells it from a missing one.
        const missing = await app.inject((await requestFor(route, missingIds(), headers)).options);
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
      }
      if (!isDevTool(route)) expect(businessSecrets.filter((s) => res.body.toLowerCase().includes(s.toLowerCase()))).toEqual([]);
    });

    // Reads may write (a Google consent URL keeps its state), so this follows the refusals alone.
    it('when the refusals are done, then none of the owner’s rows changed', async () => {
      expect(await snapshotOf(owner)).toEqual(before);
    });

    it.each(allowedReads.map((c) => [c.route.label, c.caller.name, c] as const))('%s: when %s reads it, then 2xx, and the business of another client is not in it', async (_label, _name, { route, caller }) => {
      const res = await app.inject((await requestFor(route, owner.ids, headersOf.get(caller.name)!)).options);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
      if (!caller.assigned) expect(businessSecrets.filter((s) => res.body.toLowerCase().includes(s.toLowerCase())), 'the unassigned business leaked').toEqual([]);
    });

    // A write a role may do, done once by the least trusted role allowed, on a workspace of its own
    // (a DELETE on a fresh one each), as the owner's writes are done: accepted as the owner's are.
    const allowedWrites = workspaceRoutes
      .filter((r) => r.method !== 'GET')
      .flatMap((route) => {
        const caller = [...callers].reverse().find((c) => c.assigned && can(c.role, actionOf(route)));
        return caller ? [{ route, caller }] : [];
      });
    // On Agency, whose seats hold the callers and the invitations the team routes send.
    const teamWorld = () => createOwnedResources(app, container, { googlePlaceId: 'demo-malaga-dentista-3', coordinates: MALAGA, competitorPlaceId: 'demo-malaga-dentista-4', planId: 'pro_agency' });
    const team = await teamWorld();
    const teamHeaders = async (world: OwnedResources, caller: (typeof callers)[number]) => joinWorkspace(container, world.user.id, caller.person.id, caller.role, caller.role === 'admin' ? [] : [world.ids.client]);

    it.each(allowedWrites.map((w) => [w.route.label, w.caller.name, w] as const))('%s: when %s writes, then it is accepted as the owner’s write is', async (_label, _name, { route, caller }) => {
      const world = route.method === 'DELETE' ? await teamWorld() : team;
      const res = await app.inject((await requestFor(route, world.ids, await teamHeaders(world, caller))).options);
      const expected = samples[route.label]?.ownerStatus;
      if (expected) {
        expect(res.statusCode, `${res.body} (${expected.why})`).toBe(expected.status);
      } else {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
    });
  });

  describe('an operator, and everyone else on the operator routes', async () => {
    const operatorRoutes = protectedRoutes.filter(isOperatorRoute);
    const operator = await sessions(app, container).signedIn();
    const granted = await grantOperator(container.database, operator.user.email);

    it('when the route table is read, then the operator routes are there and the operator was granted by the command’s code', () => {
      expect(granted.ok).toBe(true);
      expect(operatorRoutes.map((r) => r.label)).toEqual(
        expect.arrayContaining(['GET /api/operator/tickets', 'GET /api/operator/tickets/:reference', 'POST /api/operator/tickets/:reference/messages', 'PUT /api/operator/tickets/:reference/state', 'GET /api/operator/tickets/:reference/customer']),
      );
    });

    it.each(operatorRoutes.map((r) => [r.label, r] as const))('%s: when the owner of the ticket, who is no operator, calls it, then 404 and nothing of theirs is shown', async (_label, route) => {
      const res = await app.inject((await requestFor(route, owner.ids, owner.headers)).options);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toMatch(SPANISH_NOT_FOUND);
      expect(res.body).not.toContain(owner.ids.supportTicket);
    });

    it.each(operatorRoutes.map((r) => [r.label, r] as const))('%s: when an operator calls it on the owner’s ticket, then 2xx', async (_label, route) => {
      const res = await app.inject((await requestFor(route, owner.ids, operator.headers)).options);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
    });

    it.each(operatorRoutes.filter((r) => r.url.includes(':reference') || r.url.includes(':id')).map((r) => [r.label, r] as const))('%s: when an operator names a ticket or booking that does not exist, then 404 in Spanish', async (_label, route) => {
      const res = await app.inject((await requestFor(route, missingIds(), operator.headers)).options);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toMatch(SPANISH_NOT_FOUND);
    });
  });

  describe('users the spec turns away', async () => {
    const paidWrites = protectedRoutes.filter(
      (r) => (r.method === 'POST' || r.method === 'PUT') && PAID_AREAS.has(r.url.split('/')[2] ?? '') && !FREE_ACTIONS[r.label],
    );
    // Routes that name an owned resource: a user with none can only get 404 from them.
    const namingOwned = new Set<string>();
    for (const route of paidWrites) if ((await requestFor(route, missingIds(), {})).referenced.size > 0) namingOwned.add(route.label);

    // A subscriber who cancelled: the places, keywords and analyses are still theirs.
    const lapsed = await createOwnedResources(app, container, { googlePlaceId: 'demo-sevilla-dentista-1', coordinates: { lat: 37.3891, lng: -5.9845 }, competitorPlaceId: 'demo-sevilla-dentista-2' });
    const cancelled = await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers: lapsed.headers });
    const { injectAs, signedIn } = sessions(app, container);
    const neverPaidHeaders = (await signedIn()).headers;
    const email = uniqueEmail('sin-confirmar');
    const signup = await signUpRequest(app, { email });
    const unconfirmed = await container.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
    // Signing in refuses it; a token minted anyway must still meet the same refusals.
    const unconfirmedHeaders = (await injectAs(unconfirmed!)).headers;

    it('when the fixtures are read, then the lapsed user has no plan and the unconfirmed one is unconfirmed', async () => {
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(signup.statusCode, signup.body).toBe(201);
      expect(unconfirmed?.mailConfirmed).toBe(false);
      expect(paidWrites.length).toBeGreaterThan(5);
      for (const headers of [lapsed.headers, neverPaidHeaders]) {
        const profile = (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json();
        expect(profile.planLimits.type).toBe('free');
      }
    });

    it.each(paidWrites.map((r) => [r.label, r] as const))('%s: when a user whose plan ended uses it on their own data, then 403 upgrade_required', async (_label, route) => {
      const res = await app.inject((await requestFor(route, lapsed.ids, lapsed.headers)).options);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ errorType: 'upgrade_required', error: UPGRADE_REQUIRED_MESSAGE });
    });

    it.each(paidWrites.filter((r) => !namingOwned.has(r.label)).map((r) => [r.label, r] as const))(
      '%s: when a user who never paid, or has not confirmed the e-mail, uses it, then 403 upgrade_required',
      async (_label, route) => {
        for (const headers of [neverPaidHeaders, unconfirmedHeaders]) {
          const res = await app.inject((await requestFor(route, missingIds(), headers)).options);
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json()).toMatchObject({ errorType: 'upgrade_required', error: UPGRADE_REQUIRED_MESSAGE });
        }
      },
    );

    it('when an unconfirmed user signs in, then 403 email_not_confirmed in Spanish', async () => {
      const res = await logIn(app, { email, password: PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorType: 'email_not_confirmed', error: 'Debes confirmar tu email antes de iniciar sesión. Revisa tu bandeja de entrada.' });
    });

    it.each(Object.entries(REFUSED_UNTIL_CONFIRMED))('%s: when an unconfirmed user calls it, then 403 email_not_confirmed', async (label, message) => {
      const route = routes.find((r) => r.label === label)!;
      const res = await app.inject((await requestFor(route, missingIds(), unconfirmedHeaders)).options);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ errorType: 'email_not_confirmed', error: message });
    });
  });
});
