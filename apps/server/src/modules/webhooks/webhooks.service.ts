import { randomUUID } from 'node:crypto';
import { availabilityLabelEs, cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import {
  type CreateWebhookBody,
  type CreatedWebhook,
  MAX_WEBHOOK_ENDPOINTS,
  type UpdateWebhookBody,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '@rankmaps/shared/schemas/webhooks';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { validateWebhookUrl, webhookAttemptJobId } from '../../lib/outbound-webhook';
import { isUuid } from '../../lib/uuid';
import { WEBHOOK_DELIVERY_JOB } from '../../jobs/definitions/webhook-delivery';
import { transactionExecutor } from '../../queue/tx-executor';
import { getCurrentPlanState } from '../billing/billing.service';
import { webhooksUpgradeMessage } from '../billing/upgrade-messages';
import { webhookPolicy } from '../notifications/slack.service';
import type { WebhookContainer } from './webhook-delivery.service';
import { emitWebhookEvent } from './webhook-events.service';
import { SHOWN_SECRET_LENGTH, generateWebhookSecret, secretContext, webhookCipher } from './webhook-secret';
import { type WebhookDeliveryRow, type WebhookEndpointRow, webhooksRepository } from './webhooks.repository';

// The profile's webhook endpoints (docs/webhooks.md, docs/decisions.md §26.4): the session's own.

export const WEBHOOK_NOT_FOUND = 'Webhook no encontrado.';
export const DELIVERY_NOT_FOUND = 'Entrega no encontrada.';
export const TOO_MANY_WEBHOOKS = `Ya tienes ${MAX_WEBHOOK_ENDPOINTS} webhooks. Borra alguno antes de añadir otro.`;
export const WEBHOOK_OFF = 'El webhook está desactivado. Actívalo antes de enviarle nada.';
export const DELIVERY_IN_PROGRESS = 'Esta entrega aún está en curso: espera a que termine para reenviarla.';
export const DISABLED_BY_USER = 'Desactivado por ti.';
const DELIVERIES_SHOWN = 50;

export function presentEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: WEBHOOK_EVENT_TYPES.filter((e) => row.events.includes(e)),
    secretPrefix: row.secretPrefix,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Webhooks go with the API: pro-type plans (planAllows action `apiKeys`, as API keys). */
async function access(container: WebhookContainer, userId: string): Promise<{ allowed: boolean; currentPlan: string }> {
  const state = await getCurrentPlanState(container, userId);
  return { allowed: state.planLimits.type === 'pro', currentPlan: state.currentPlan };
}

async function requirePlan(container: WebhookContainer, userId: string): Promise<void> {
  const a = await access(container, userId);
  if (!a.allowed) throw forbidden(webhooksUpgradeMessage(a.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
}

async function ownEndpoint(container: WebhookContainer, userId: string, id: string): Promise<WebhookEndpointRow> {
  const row = isUuid(id) ? await webhooksRepository.findOwned(container.database.db, userId, id) : undefined;
  if (!row) throw notFound(WEBHOOK_NOT_FOUND, 'WEBHOOK_NOT_FOUND');
  return row;
}

/** GET /api/webhooks: on any plan (one's own endpoints can always be seen, switched off and deleted). */
export async function listWebhooks(container: WebhookContainer, userId: string): Promise<WebhookEndpointList> {
  const [rows, a] = await Promise.all([webhooksRepository.listOwned(container.database.db, userId), access(container, userId)]);
  return {
    endpoints: rows.map(presentEndpoint),
    allowed: a.allowed,
    upgradeLabel: a.allowed ? null : availabilityLabelEs(cheapestPlanFor({ kind: 'apiKeys' }, a.currentPlan)),
    maxEndpoints: MAX_WEBHOOK_ENDPOINTS,
  };
}

async function checkedUrl(container: WebhookContainer, input: string): Promise<string> {
  const check = await validateWebhookUrl(input, webhookPolicy(container.config));
  if (!check.ok) throw badRequest(check.message.replace('Cópiala tal como te la da Slack, por ejemplo https://hooks.slack.com/services/…', 'Por ejemplo https://example.com/webhooks/rankmaps'), 'WEBHOOK_URL_INVALID');
  return check.url.href;
}

/** POST /api/webhooks: a pro-type plan, at most MAX_WEBHOOK_ENDPOINTS (counted under the user's row lock). */
/** `createdBy`: the person who adds it, so removing them from the workspace can tell what was theirs (docs/decisions.md §30.3). */
export async function createWebhook(container: WebhookContainer, userId: string, body: CreateWebhookBody, createdBy: string = userId): Promise<CreatedWebhook> {
  await requirePlan(container, userId);
  const url = await checkedUrl(container, body.url);
  const secret = generateWebhookSecret();
  const id = randomUUID();
  const secretEnc = (await webhookCipher(container)).encrypt(secret, secretContext(id));
  const row = await container.database.db.transaction(async (tx) => {
    await webhooksRepository.lockOwner(tx, userId);
    if ((await webhooksRepository.countOwned(tx, userId)) >= MAX_WEBHOOK_ENDPOINTS) throw conflict(TOO_MANY_WEBHOOKS, 'TOO_MANY_WEBHOOKS');
    return webhooksRepository.insertEndpoint(tx, { id, userId, url, events: body.events, secretEnc, secretPrefix: secret.slice(0, SHOWN_SECRET_LENGTH), createdBy });
  });
  return { endpoint: presentEndpoint(row), secret };
}

/** PATCH /api/webhooks/:id: events need the plan; switching off does not. Switching on starts a new run of failures. */
export async function updateWebhook(container: WebhookContainer, userId: string, id: string, body: UpdateWebhookBody): Promise<WebhookEndpoint> {
  await ownEndpoint(container, userId, id);
  if (body.events || body.enabled === true) await requirePlan(container, userId);
  const row = await webhooksRepository.updateEndpoint(container.database.db, userId, id, {
    ...(body.events ? { events: body.events } : {}),
    ...(body.enabled === true ? { enabled: true, disabledReason: null, consecutiveFailures: 0 } : {}),
    ...(body.enabled === false ? { enabled: false, disabledReason: DISABLED_BY_USER } : {}),
  });
  if (!row) throw notFound(WEBHOOK_NOT_FOUND, 'WEBHOOK_NOT_FOUND');
  return presentEndpoint(row);
}

/** POST /api/webhooks/:id/secret: a new secret, shown once; the old one stops signing at once. */
export async function rotateWebhookSecret(container: WebhookContainer, userId: string, id: string): Promise<CreatedWebhook> {
  await requirePlan(container, userId);
  await ownEndpoint(container, userId, id);
  const secret = generateWebhookSecret();
  const secretEnc = (await webhookCipher(container)).encrypt(secret, secretContext(id));
  const row = await webhooksRepository.updateEndpoint(container.database.db, userId, id, { secretEnc, secretPrefix: secret.slice(0, SHOWN_SECRET_LENGTH) });
  if (!row) throw notFound(WEBHOOK_NOT_FOUND, 'WEBHOOK_NOT_FOUND');
  return { endpoint: presentEndpoint(row), secret };
}

/** DELETE /api/webhooks/:id: the endpoint and its deliveries' log; a pending attempt finds nothing and sends nothing. */
export async function deleteWebhook(container: WebhookContainer, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await webhooksRepository.deleteEndpoint(container.database.db, userId, id))) throw notFound(WEBHOOK_NOT_FOUND, 'WEBHOOK_NOT_FOUND');
}

/** POST /api/webhooks/:id/ping: a `webhook.test` event to this endpoint, through the queue like any other. */
export async function sendTestEvent(container: WebhookContainer, userId: string, id: string): Promise<WebhookDelivery> {
  await requirePlan(container, userId);
  const endpoint = await ownEndpoint(container, userId, id);
  if (!endpoint.enabled) throw conflict(WEBHOOK_OFF, 'WEBHOOK_DISABLED');
  const db = container.database.db;
  const [deliveryId] = await db.transaction((tx) =>
    emitWebhookEvent(container, tx, { userId, type: WEBHOOK_TEST_EVENT, key: `test:${randomUUID()}`, data: { endpointId: id, message: 'Evento de prueba de RankMaps.' } }, [endpoint]),
  );
  const row = deliveryId ? await webhooksRepository.findDelivery(db, deliveryId) : undefined;
  if (!row) throw new Error('test delivery not made');
  return presentDelivery(row);
}

/** GET /api/webhooks/:id/deliveries: the latest 50, newest first. */
export async function listDeliveries(container: WebhookContainer, userId: string, id: string): Promise<WebhookDeliveryList> {
  await ownEndpoint(container, userId, id);
  const rows = await webhooksRepository.listDeliveries(container.database.db, id, DELIVERIES_SHOWN);
  return { deliveries: rows.map(presentDelivery) };
}

/**
 * POST /api/webhooks/:id/deliveries/:deliveryId/replay: one more attempt of a finished delivery
 * (delivered or failed), same payload and delivery id, with a new run of retries if it fails.
 */
export async function replayDelivery(container: WebhookContainer, userId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
  await requirePlan(container, userId);
  const endpoint = await ownEndpoint(container, userId, id);
  const db = container.database.db;
  const found = isUuid(deliveryId) ? await webhooksRepository.findOwnedDelivery(db, userId, id, deliveryId) : undefined;
  if (!found) throw notFound(DELIVERY_NOT_FOUND, 'DELIVERY_NOT_FOUND');
  if (!endpoint.enabled) throw conflict(WEBHOOK_OFF, 'WEBHOOK_DISABLED');
  const row = await db.transaction(async (tx) => {
    const requeued = await webhooksRepository.requeue(tx, deliveryId);
    if (!requeued) throw conflict(DELIVERY_IN_PROGRESS, 'DELIVERY_IN_PROGRESS');
    const attempt = requeued.attempts + 1;
    await container.boss.send(WEBHOOK_DELIVERY_JOB, { deliveryId, attempt }, { id: webhookAttemptJobId(deliveryId, attempt), db: transactionExecutor(tx) });
    return requeued;
  });
  return presentDelivery(row);
}
