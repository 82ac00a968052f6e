import type { WebhookEventType } from '@rankmaps/shared/schemas/webhooks';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { WEBHOOK_DELIVERY_JOB } from '../../jobs/definitions/webhook-delivery';
import { webhookAttemptJobId } from '../../lib/outbound-webhook';
import { derivedUuid } from '../../lib/uuid';
import { transactionExecutor } from '../../queue/tx-executor';
import { type WebhookEndpointRow, webhooksRepository } from './webhooks.repository';

// Events (docs/webhooks.md): made where the facts happen, one delivery per (event, endpoint).

export interface WebhookEvent {
  userId: string;
  type: WebhookEventType | 'webhook.test';
  /**
   * What makes the event one: the same key gives the same event id (a UUID derived from it),
   * so a job run again, or after a crash, finds the deliveries made and makes none.
   */
  key: string;
  data: unknown;
  createdAt?: Date;
}

/** The body every delivery of `event` sends: `{ id, type, createdAt, data }`. */
export function eventBody(event: WebhookEvent): { id: string; body: string } {
  const id = derivedUuid(`webhook-event:${event.key}`);
  const body = JSON.stringify({ id, type: event.type, createdAt: (event.createdAt ?? new Date()).toISOString(), data: event.data });
  return { id, body };
}

/**
 * Makes `event`'s deliveries to `endpoints` (all the user's enabled endpoints subscribed to its
 * type when not given) in `tx`, each with the job of its first attempt: row and job commit with
 * the fact that caused them, once. Returns the deliveries made now.
 */
export async function emitWebhookEvent(container: Pick<Container, 'boss'>, tx: DbOrTx, event: WebhookEvent, endpoints?: WebhookEndpointRow[]): Promise<string[]> {
  const targets = endpoints ?? (await webhooksRepository.subscribed(tx, event.userId, event.type));
  if (targets.length === 0) return [];
  const { id, body } = eventBody(event);
  const made: string[] = [];
  for (const endpoint of targets) {
    const row = await webhooksRepository.insertDeliveryOnce(tx, { endpointId: endpoint.id, userId: event.userId, eventId: id, eventType: event.type, payload: body });
    if (!row) continue;
    await container.boss.send(WEBHOOK_DELIVERY_JOB, { deliveryId: row.id, attempt: 1 }, { id: webhookAttemptJobId(row.id, 1), db: transactionExecutor(tx) });
    made.push(row.id);
  }
  return made;
}
