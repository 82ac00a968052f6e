import { z } from 'zod';
import type { JobDefinition } from './job-definition';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

/** One attempt of a delivery of an event to a user's endpoint (docs/decisions.md §26.4). */
export const webhookDeliveryPayload = z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(1).max(1000) });

/**
 * 'standard': each attempt is its own job, with an id derived from (delivery, attempt), so an
 * attempt is queued once however often the job that queues it runs. The queue's own retries
 * are only for the unexpected (a database blip, a worker that died with the attempt claimed):
 * the job schedules the webhook's retries itself (nextWebhookAttempt, WEBHOOK_EVENT_RETRY).
 */
export const webhookDeliveryJob: JobDefinition = {
  name: WEBHOOK_DELIVERY_JOB,
  queuePolicy: { policy: 'standard', retryLimit: 3, retryDelay: 60, retryBackoff: false, expireInSeconds: 120 },
};
