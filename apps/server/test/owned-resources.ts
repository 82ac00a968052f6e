import { dniLetter } from '@rankmaps/shared/validators/spanish-tax-id';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { solvedToken } from './altcha';
import type { Container } from '../src/container';
import { notificationsRepository } from '../src/modules/notifications/notifications.repository';
import { runScan } from '../src/modules/rankmaps/scan/scan.service';
import { businessMatcher } from '../src/modules/ai-visibility/ai-matcher';
import { aiScanDeps, runAiScan } from '../src/modules/ai-visibility/scan/ai-scan.service';
import { multipartBody } from './multipart';
import { sandboxPriceOf } from './sandbox';
import { fastScanDeps, scriptedProvider } from './scan-doubles';
import { sessions } from './sessions';
import { invite, joinAsNewPerson } from './team';
import { REDIRECT_URI, authorizeParams, pkcePair, registerClient } from './oauth-flow';
import { eq } from 'drizzle-orm';
import { workspaceInvitations } from '../src/db/workspaces-schema';

// One of every kind of resource a user owns, created through the API the way the browser
// creates them, for tests that check who may reach what (src/security).

type Headers = Record<string, string>;

/** The kinds of owned resource a route can name by id, in its path or its body. */
export const OWNED_KINDS = ['place', 'keyword', 'rankMap', 'scheduledRankMap', 'aiAnalysis', 'competitor', 'checkoutSession', 'notification', 'shareLink', 'reportRecipient', 'supportTicket', 'client', 'campaign', 'videoBooking', 'chatConversation', 'apiKey', 'oauthGrant', 'webhook', 'webhookDelivery', 'invoice', 'member', 'invitation', 'workspace', 'review', 'reviewTemplate'] as const;
export type OwnedKind = (typeof OWNED_KINDS)[number];
export type OwnedIds = Record<OwnedKind, string>;

export interface OwnedResources {
  user: { id: string; email: string; name: string };
  headers: Headers;
  ids: OwnedIds;
  /** The id of the owner's first Google Business Profile location (the demo provider's). */
  gbpLocation: string;
  /**
   * Texts that belong to this user alone: ids, name, e-mail, keyword text, billing data, the
   * avatar's secret URL. None may appear in anyone else's answer. The business's own name and
   * address are left out: they are public Maps data that any user's search may show.
   */
  secrets: string[];
  /** The token of the share link (ids.shareLink): only the owner's list of links may carry it. */
  shareToken: string;
}

export interface OwnedResourcesOptions {
  /** Where the business is: each user of a file needs a catalogue business of their own. */
  googlePlaceId: string;
  coordinates: { lat: number; lng: number };
  /** Another catalogue business near it, to follow as a competitor. */
  competitorPlaceId: string;
  /** Run the analysis to completion (trend and CSV exports need one); otherwise it stays pending. */
  completedScan?: boolean;
  planId?: string;
}

function ok(res: LightMyRequestResponse, what: string, status = 200): LightMyRequestResponse {
  if (res.statusCode !== status) throw new Error(`${what}: expected ${status}, got ${res.statusCode} ${res.body}`);
  return res;
}

/** Subscribes through the sandbox's checkout, as subscribeThroughSandbox does, keeping the session id. */
async function subscribe(app: FastifyInstance, headers: Headers, planId: string): Promise<string> {
  const priceId = await sandboxPriceOf(app, planId, 'monthly');
  const checkout = ok(await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId, planName: planId } }), 'checkout');
  const sessionId = checkout.json<{ url: string }>().url.split('/sandbox/checkout/')[1];
  if (!sessionId) throw new Error(`no sandbox session in ${checkout.body}`);
  ok(await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${sessionId}/complete`, payload: { outcome: 'pay' } }), 'sandbox pay');
  return sessionId;
}

/** A confirmed user with a pro plan (unlimited places, any grid) and one of every owned resource. */
export async function createOwnedResources(app: FastifyInstance, container: Container, opts: OwnedResourcesOptions): Promise<OwnedResources> {
  // A random tag makes every text of this user unique in the database, so finding it in an
  // answer can only mean the answer carries this user's data.
  const tag = randomBytes(5).toString('hex');
  const { user: row, headers } = await sessions(app, container).signedIn(undefined, { name: `Titular ${tag}`, email: `titular-${tag}@example.com` });
  const send = (method: 'POST' | 'PUT', url: string, payload?: object) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const checkoutSession = await subscribe(app, headers, opts.planId ?? 'pro_starter');

  const matrixConfig = { gridSize: 3, radius: 1500, coordinates: opts.coordinates };
  const place = ok(await send('POST', '/api/place', { googlePlaceId: opts.googlePlaceId, matrixConfig }), 'place', 201).json<{ _id: string }>()._id;
  const keywordText = `dentista ${tag}`;
  const keyword = ok(await send('POST', '/api/keyword', { placeId: place, name: keywordText }), 'keyword', 201).json<{ _id: string }>()._id;

  const rankMap = ok(await send('POST', `/api/rankmap/keyword/${keyword}/analyze`), 'analysis', 201).json<{ rankMapId: string }>().rankMapId;
  if (opts.completedScan) {
    const outcome = await runScan(fastScanDeps(container, scriptedProvider().provider), rankMap);
    if (outcome !== 'completed') throw new Error(`scan ended ${outcome}`);
  }
  // An AI-visibility analysis (docs/decisions.md §31.4), run to completion on the demo engine: one ChatGPT answer, 1 credit.
  const aiAnalysis = ok(await send('POST', `/api/ai-visibility/keyword/${keyword}/scan`, { engines: ['chatgpt'], gridSize: 3, samples: 1 }), 'AI analysis', 201).json<{ id: string }>().id;
  const aiOutcome = await runAiScan(aiScanDeps(container, container.aiEngines, businessMatcher), aiAnalysis);
  if (aiOutcome !== 'completed') throw new Error(`AI scan ended ${aiOutcome}`);
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const scheduledRankMap = ok(await send('POST', `/api/rankmap/keyword/${keyword}/analyze-advanced`, { scheduledFor: inTwoDays }), 'scheduled analysis', 201).json<{
    rankMapId: string;
  }>().rankMapId;

  // A client with the place grouped under it (docs/decisions.md §25.1).
  const clientName = `Cliente ${tag}`;
  const client = ok(await send('POST', '/api/clients', { name: clientName }), 'client', 201).json<{ id: string }>().id;
  ok(await send('PUT', `/api/place/${place}/client`, { clientId: client }), 'place client');
  // Its logo (docs/decisions.md §25.1): the URL is public, like the avatar's, but known to this user alone.
  const clientLogoPng = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#0f766e' } }).png().toBuffer();
  const clientLogoForm = multipartBody([{ name: 'logo', filename: 'cliente.png', data: clientLogoPng, contentType: 'image/png' }]);
  const clientLogo = ok(
    await app.inject({ method: 'POST', url: `/api/clients/${client}/logo`, headers: { ...headers, ...clientLogoForm.headers }, payload: clientLogoForm.payload }),
    'client logo',
  ).json<{ logoUrl: string }>().logoUrl;
  // A campaign of the keyword (docs/decisions.md §25.3).
  const campaignName = `Campaña ${tag}`;
  const campaign = ok(await send('POST', '/api/campaigns', { name: campaignName, frequency: 'weekly', day: 3, hour: 10, keywordIds: [keyword] }), 'campaign', 201).json<{ id: string }>().id;

  ok(await send('POST', `/api/place/${place}/competitors`, { placeId: opts.competitorPlaceId, name: `Competidor ${tag}` }), 'follow', 201);

  // A real-format NIF (its check letter computed) that is still unique to this user.
  const nifNumber = String(parseInt(tag, 16) % 100_000_000).padStart(8, '0');
  const billing = { type: 'business', fiscalName: `Sociedad ${tag} SL`, taxId: `${nifNumber}${dniLetter(nifNumber)}`, address: 'Calle Larios 5', postalCode: '29005', city: 'Málaga', province: 'Málaga', country: 'España' };
  ok(await send('PUT', '/api/user/billing', { billingData: billing }), 'billing');
  // A credit pack bought with that billing data: its invoice (docs/billing.md, "Invoices") is the owner's.
  const creditPrice = ok(await app.inject({ method: 'GET', url: '/api/plans' }), 'plans').json<{ creditPackage: { priceId: string } }>().creditPackage.priceId;
  const creditCheckout = ok(await send('POST', '/api/payment/create-checkout-session', { priceId: creditPrice, planName: 'créditos' }), 'credits checkout').json<{ url: string }>();
  ok(await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${creditCheckout.url.split('/sandbox/checkout/')[1]}/complete`, payload: { outcome: 'pay' } }), 'credits pay');

  // A support ticket, so that another user's ticket list is checked not to carry it.
  const ticketSubject = `Consulta ${tag}`;
  const ticket = ok(
    await send('POST', '/api/general/support', { category: 'otro', priority: 'baja', subject: ticketSubject, message: `Mensaje ${tag}`, recaptcha: await solvedToken(app) }),
    'support ticket',
  ).json<{ reference: string }>().reference;

  // A video call with the support team (docs/support.md «Videollamada»): the last free slot (never one about to start), and a topic only this user typed.
  const videoTopic = `Tema ${tag}`;
  const slots = ok(await app.inject({ method: 'GET', url: '/api/general/support/video/slots', headers }), 'video slots').json<{ slots: { start: string }[] }>().slots;
  const videoBooking = ok(await send('POST', '/api/general/support/video/bookings', { start: slots.at(-1)?.start, topic: videoTopic }), 'video booking', 201).json<{ id: string }>().id;
  // The live chat's conversation (docs/support.md, «Chat en vivo»): opening the chat makes it; the plan has live support.
  const chatConversation = ok(await app.inject({ method: 'GET', url: '/api/chat', headers }), 'chat').json<{ conversationId: string }>().conversationId;

  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0392b' } }).png().toBuffer();
  const form = multipartBody([
    { name: 'name', value: row.name },
    { name: 'profilePicture', filename: 'yo.png', data: png, contentType: 'image/png' },
  ]);
  const profile = ok(await app.inject({ method: 'PUT', url: '/api/user', headers: { ...headers, ...form.headers }, payload: form.payload }), 'picture');
  const avatar = profile.json<{ profilePicture: string }>().profilePicture;

  // The demo provider's consent URL leads straight to our callback.
  const start = ok(await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect', headers }), 'gbp start');
  ok(await app.inject({ method: 'GET', url: start.json<{ url: string }>().url }), 'gbp callback', 302);
  const locations = ok(await app.inject({ method: 'GET', url: '/api/gbp/locations', headers }), 'gbp locations').json<{ locations: { name: string }[] }>();
  const gbpLocation = locations.locations[0]?.name;
  if (!gbpLocation) throw new Error('no demo GBP location');
  // Reviews (docs/decisions.md §32.4): the place's first demo review, and a reply template of the workspace.
  const review = ok(await app.inject({ method: 'GET', url: `/api/place/${place}/reviews?limit=1`, headers }), 'reviews').json<{ items: { id: string }[] }>().items[0]?.id;
  if (!review) throw new Error('no demo review');
  const templateText = `Gracias, {nombre}, por visitar ${tag}.`;
  const reviewTemplate = ok(await send('POST', '/api/review-templates', { name: `Plantilla ${tag}`, text: templateText }), 'review template', 201).json<{ id: string }>().id;

  // The provider's ids of the subscription and its payments (the sandbox's, like Stripe's, are unique).
  const info = ok(await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers }), 'subscription').json<{ subscription: { id: string } | null }>();
  const history = ok(await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers }), 'payments').json<{ payments: { id: string; invoice: { id: string; number: string } | null }[] }>();
  const billingIds = [...(info.subscription ? [info.subscription.id] : []), ...history.payments.map((p) => p.id)];
  const invoice = history.payments.find((p) => p.invoice)?.invoice;
  if (!invoice) throw new Error('the credit pack has no invoice');

  // A notification of the analysis, as its evaluation job writes one (written here directly, so it exists whatever the job's timing).
  const notificationTitle = `Análisis completado: ${keywordText}`;
  const notice = await notificationsRepository.insertOnce(container.database.db, {
    userId: row.id,
    placeId: place,
    rankMapId: rankMap,
    kind: 'scan-completed',
    dedupeKey: `test-owned:${rankMap}`,
    title: notificationTitle,
    body: 'GeoRank 50.',
    link: `/rankmap/${place}/keyword/${keyword}?analysis=${rankMap}`,
  });
  if (!notice) throw new Error('notification not inserted');

  // A share link of the keyword's report (docs/decisions.md §24.4); its token is shown here and in the owner's list.
  const shareLink = ok(await send('POST', '/api/share-links', { scope: 'keyword', targetId: keyword, expiresInDays: null }), 'share link', 201).json<{ id: string; url: string }>();
  const shareToken = shareLink.url.split('/informe/')[1] ?? '';

  // A client recipient of the place's report e-mails (docs/reports.md, "Scheduled report e-mails"): their address is the owner's data.
  const recipientEmail = `cliente-${tag}@example.com`;
  const reportRecipient = ok(await send('POST', `/api/place/${place}/report-recipients`, { email: recipientEmail, name: `Cliente ${tag}` }), 'report recipient', 201).json<{
    recipient: { id: string };
  }>().recipient.id;

  // An API key (docs/decisions.md §26.1): its name and id are the owner's; the key itself is shown only here.
  const apiKeyName = `Clave ${tag}`;
  const apiKey = ok(await send('POST', '/api/api-keys', { name: apiKeyName, scopes: ['read'] }), 'api key', 201).json<{ apiKey: { id: string } }>().apiKey.id;

  // An OAuth connected app (docs/decisions.md §33.4): a client the owner consented to in their workspace.
  const oauthClientName = `Asistente ${tag}`;
  const { client_id: oauthClientId } = await registerClient(app, { client_name: oauthClientName, redirect_uris: [REDIRECT_URI] });
  ok(await send('POST', '/api/oauth/authorization', { params: authorizeParams(app, oauthClientId, pkcePair().challenge), decision: 'allow', workspaceId: row.id }), 'oauth consent', 200);
  const oauthGrant = ok(await app.inject({ method: 'GET', url: '/api/oauth/grants', headers }), 'connected apps', 200).json<{ apps: { id: string }[] }>().apps[0]?.id ?? '';

  // A webhook endpoint and the delivery of its test event (docs/decisions.md §26.4): the URL and ids are the owner's.
  const webhookUrl = `http://127.0.0.1:9/hooks/${tag}`;
  const webhook = ok(await send('POST', '/api/webhooks', { url: webhookUrl, events: ['analysis.completed'] }), 'webhook', 201).json<{ endpoint: { id: string } }>().endpoint.id;
  const webhookDelivery = ok(await send('POST', `/api/webhooks/${webhook}/ping`, undefined), 'webhook test', 202).json<{ id: string }>().id;

  // Teams (docs/decisions.md §30.3): the workspace (the user's id), an administrator who joined
  // from an invitation, and an invitation still open. Their addresses are the owner's data.
  // A Cliente viewer and an invitation that expired hold no seat on an agency plan, and the
  // viewer alone fits a business plan's one: the owner's plan changes stay allowed.
  const joined = await joinAsNewPerson(app, container, headers, { role: 'client', clientIds: [client] });
  const invitationEmail = `invitada-${tag}@example.com`;
  const invitation = ok(await invite(app, headers, { email: invitationEmail, role: 'admin' }), 'invitation', 201).json<{ id: string }>().id;
  await container.database.db.update(workspaceInvitations).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(workspaceInvitations.id, invitation));

  const ids: OwnedIds = { place, keyword, rankMap, scheduledRankMap, aiAnalysis, competitor: opts.competitorPlaceId, checkoutSession, notification: notice.id, shareLink: shareLink.id, reportRecipient, supportTicket: ticket, client, campaign, videoBooking, chatConversation, apiKey, oauthGrant, webhook, webhookDelivery, invoice: invoice.id, member: joined.user.id, invitation, workspace: row.id, review, reviewTemplate };
  const secrets = [row.id, notice.id, shareLink.id, row.email, row.name, place, keyword, keywordText, rankMap, scheduledRankMap, aiAnalysis, checkoutSession, billing.fiscalName, billing.taxId, avatar, ticketSubject, ticket, ...billingIds, reportRecipient, recipientEmail, client, clientName, clientLogo, campaign, campaignName, videoBooking, videoTopic, chatConversation, apiKey, apiKeyName, oauthGrant, oauthClientName, webhook, webhookUrl, webhookDelivery, invoice.id, joined.user.id, joined.email, invitation, invitationEmail, review, reviewTemplate, templateText];
  return { user: { id: row.id, email: row.email, name: row.name }, headers, ids, gbpLocation, secrets, shareToken };
}
