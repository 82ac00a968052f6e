import { z } from 'zod';
import { v } from '../messages';
import { planAllowanceFields } from './common';

// Outgoing webhooks (issue 19, docs/webhooks.md, docs/decisions.md §26.4): a user's endpoints,
// the events each receives, and each endpoint's deliveries.

export const WEBHOOK_EVENT_TYPES = ['analysis.completed', 'analysis.failed', 'alert.triggered', 'campaign.round.completed', 'credits.low', 'listing.changed', 'review.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event a «Enviar prueba» sends; any endpoint receives it whatever its events. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Endpoints a user may have at once. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, v('webhookEventsInvalid')), v('webhookEventsInvalid'))
  .min(1, v('webhookEventsInvalid'))
  .max(WEBHOOK_EVENT_TYPES.length * 2, v('webhookEventsInvalid'))
  .transform((s) => WEBHOOK_EVENT_TYPES.filter((e) => s.includes(e)));

/** POST /api/webhooks. The URL is checked by the server (https, public address after DNS). */
export const createWebhookBodySchema = z.strictObject({ url: z.string(v('webhookBodyInvalid')).max(4096, v('webhookBodyInvalid')), events }, v('webhookBodyInvalid'));
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;
export type CreateWebhookInput = z.input<typeof createWebhookBodySchema>;

/** PATCH /api/webhooks/:id: the events, or switching it on or off. */
export const updateWebhookBodySchema = z.strictObject({ events: events.optional(), enabled: z.boolean(v('webhookBodyInvalid')).optional() }, v('webhookBodyInvalid'));
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** The secret's first 12 characters (`whsec_` and 6 more). */
  secretPrefix: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema), ...planAllowanceFields, maxEndpoints: z.number().int() });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** POST /api/webhooks (201) and POST /api/webhooks/:id/secret: the secret, whole, this one time. */
export const createdWebhookSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'retrying', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
