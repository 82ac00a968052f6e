import type { Container } from '../../container';
import { WEBHOOK_DELIVERY_JOB, webhookDeliveryPayload } from '../../jobs/definitions/webhook-delivery';
import {
  nextAttemptSendOptions,
  nextWebhookAttempt,
  postJsonWebhook,
  webhookLogFields,
  type WebhookOutcome,
  type WebhookRetryPolicy,
  WEBHOOK_TIMEOUT_MS,
} from '../../lib/outbound-webhook';
import { transactionExecutor } from '../../queue/tx-executor';
import { queueEmail } from '../mail/mail.service';
import { webhookPolicy } from '../notifications/slack.service';
import { usersRepository } from '../users/users.repository';
import { endpointDisabledEmail } from './webhook-mail';
import { secretContext, webhookCipher } from './webhook-secret';
import { SIGNATURE_HEADER, signWebhookBody } from './webhook-signature';
import { type WebhookDeliveryRow, type WebhookEndpointRow, webhooksRepository } from './webhooks.repository';
import { webhookDeliveries } from '../../metrics/metrics';

// Delivering events (docs/webhooks.md, docs/decisions.md §26.4): one attempt per job, claimed
// before sending and recorded after, as the Slack channel does (docs/decisions.md §23.3).

export type WebhookContainer = Pick<Container, 'boss' | 'config' | 'database' | 'log'>;

/**
 * The events' retries: 13 attempts, the retries waiting about 1, 2, 4 … 1,024 minutes and then
 * 34 hours (±20 %): about 68 hours, nearly 3 days, from the first attempt to the last.
 */
export const WEBHOOK_EVENT_RETRY: WebhookRetryPolicy = { maxAttempts: 13, baseDelayMs: 60_000, jitter: 0.2, maxDelayMs: 36 * 3600_000 };
/** Deliveries in a row that end failed (retries spent, or refused for good) before the endpoint is switched off. */
export const DISABLE_AFTER_FAILED_DELIVERIES = 5;
/** A claim older than this was cut short by a crash: its outcome is unknown and it is sent again. */
export const WEBHOOK_SENDING_STALE_MS = WEBHOOK_TIMEOUT_MS + 50_000;
export const DISABLED_FOR_FAILURES = `Desactivado automáticamente: ${DISABLE_AFTER_FAILED_DELIVERIES} entregas seguidas fallaron.`;
const ENDPOINT_OFF = 'No se envió: el endpoint está desactivado.';

export class WebhookAttemptInProgressError extends Error {
  constructor() {
    super('Este intento de entrega del webhook está en curso en otro proceso; se comprobará más tarde.');
  }
}

/** The headers of one attempt: the signature is made now, over the stored body. */
export function deliveryHeaders(delivery: Pick<WebhookDeliveryRow, 'id' | 'eventType' | 'payload'>, secret: string, at: Date): Record<string, string> {
  return { [SIGNATURE_HEADER]: signWebhookBody(secret, delivery.payload, at), 'RankMaps-Event': delivery.eventType, 'RankMaps-Delivery': delivery.id };
}

/**
 * One attempt of a delivery. A run for an attempt already claimed, recorded or superseded sends
 * nothing (so a job that runs again after a 2xx is a no-op); one whose claim is older than
 * WEBHOOK_SENDING_STALE_MS (a crash after the claim) sends it again. Returns what it did.
 */
export async function deliverWebhookEvent(container: WebhookContainer, data: unknown, opts: { now?: Date; retry?: WebhookRetryPolicy } = {}): Promise<'sent' | 'skipped'> {
  const { deliveryId, attempt } = webhookDeliveryPayload.parse(data);
  const db = container.database.db;
  const now = opts.now ?? new Date();
  const claimed = await webhooksRepository.claim(db, deliveryId, attempt, now, new Date(now.getTime() - WEBHOOK_SENDING_STALE_MS));
  if (!claimed) {
    const row = await webhooksRepository.findDelivery(db, deliveryId);
    if (row?.status === 'sending' && row.attempts === attempt) throw new WebhookAttemptInProgressError();
    return 'skipped';
  }
  const endpoint = await webhooksRepository.findEndpoint(db, claimed.endpointId);
  if (!endpoint?.enabled) {
    await webhooksRepository.finish(db, deliveryId, attempt, { status: 'failed', lastStatusCode: null, lastError: ENDPOINT_OFF, nextAttemptAt: null });
    return 'skipped';
  }
  const secret = (await webhookCipher(container)).decrypt(endpoint.secretEnc, secretContext(endpoint.id));
  const outcome = await postJsonWebhook(endpoint.url, claimed.payload, { policy: webhookPolicy(container.config), headers: deliveryHeaders(claimed, secret, new Date()) });
  const fields = { ...webhookLogFields(endpoint.url, outcome, attempt), deliveryId, event: claimed.eventType };
  if (outcome.kind === 'delivered') container.log.info(fields, 'webhook entregado');
  else container.log.warn(fields, 'webhook no entregado');
  const recorded = await record(container, claimed, endpoint, attempt, outcome, opts.retry ?? WEBHOOK_EVENT_RETRY);
  if (recorded) webhookDeliveries.labels({ channel: 'webhook', outcome: recorded }).inc();
  return 'sent';
}

/** Records the attempt; returns what it recorded (for /metrics), or null when another run had already. */
async function record(container: WebhookContainer, delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow, attempt: number, outcome: WebhookOutcome, policy: WebhookRetryPolicy): Promise<'delivered' | 'retrying' | 'failed' | null> {
  const lastStatusCode = 'status' in outcome ? (outcome.status ?? null) : null;
  return container.database.db.transaction(async (tx) => {
    if (outcome.kind === 'delivered') {
      if (!(await webhooksRepository.finish(tx, delivery.id, attempt, { status: 'delivered', lastStatusCode, lastError: null, nextAttemptAt: null }))) return null;
      await webhooksRepository.countOutcome(tx, endpoint.id, true);
      return 'delivered';
    }
    const lastError = `${outcome.message}${outcome.detail ? ` (${outcome.detail.slice(0, 200)})` : ''}`;
    // The run's attempts count from the last replay; the job ids go on from the delivery's total.
    const next = nextWebhookAttempt(outcome, attempt - delivery.runStart, { policy });
    if (next.retry) {
      if (!(await webhooksRepository.finish(tx, delivery.id, attempt, { status: 'retrying', lastStatusCode, lastError, nextAttemptAt: next.startAfter }))) return null;
      const options = nextAttemptSendOptions(delivery.id, { ...next, attempt: attempt + 1 });
      await container.boss.send(WEBHOOK_DELIVERY_JOB, { deliveryId: delivery.id, attempt: attempt + 1 }, { ...options, db: transactionExecutor(tx) });
      return 'retrying';
    }
    if (!(await webhooksRepository.finish(tx, delivery.id, attempt, { status: 'failed', lastStatusCode, lastError, nextAttemptAt: null }))) return null;
    const counted = await webhooksRepository.countOutcome(tx, endpoint.id, false);
    if (!counted || counted.consecutiveFailures < DISABLE_AFTER_FAILED_DELIVERIES) return 'failed';
    if (!(await webhooksRepository.disableForFailures(tx, endpoint.id, DISABLED_FOR_FAILURES))) return 'failed';
    const user = await usersRepository.findById(tx, endpoint.userId);
    if (!user) return 'failed';
    const mail = endpointDisabledEmail({ name: user.name, url: endpoint.url, failures: counted.consecutiveFailures, lastError, appUrl: container.config.appUrl });
    await queueEmail(container, { to: user.email, kind: 'webhook-disabled', ...mail }, tx);
    container.log.warn({ endpointId: endpoint.id, failures: counted.consecutiveFailures }, 'webhook desactivado tras fallos seguidos');
    return 'failed';
  });
}
