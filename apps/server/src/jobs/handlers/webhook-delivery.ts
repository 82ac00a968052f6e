import { deliverWebhookEvent, type WebhookContainer } from '../../modules/webhooks/webhook-delivery.service';

/** One attempt of a delivery of an event to a user's endpoint (docs/decisions.md §26.4). */
export async function handleWebhookDelivery(container: WebhookContainer, data: unknown): Promise<void> {
  await deliverWebhookEvent(container, data);
}
