import { z } from 'zod';
import type { JobDefinition } from './job-definition';

export const SLACK_DELIVERY_JOB = 'slack-delivery';

/** One attempt of a notification's Slack delivery (docs/decisions.md §23.3, "Wiring"). */
export const slackDeliveryPayload = z.object({ notificationId: z.uuid(), attempt: z.number().int().min(1).max(20) });

/**
 * 'standard': each attempt is its own job, with an id derived from (delivery, attempt), so an
 * attempt is queued once however often the job that queues it runs. The queue's own retries
 * (3, a minute apart) are only for the unexpected (a database blip, a worker that died with
 * the attempt claimed): the job schedules the webhook's retries itself (nextWebhookAttempt).
 */
export const slackDeliveryJob: JobDefinition = {
  name: SLACK_DELIVERY_JOB,
  queuePolicy: { policy: 'standard', retryLimit: 3, retryDelay: 60, retryBackoff: false, expireInSeconds: 120 },
};
