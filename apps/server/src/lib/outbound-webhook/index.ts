export { refusedAddressKind, type RefusedAddressKind } from './address-policy';
export { guardedLookup, WebhookAddressRefusedError } from './guarded-lookup';
export { systemResolver, webhookPolicyFor, type ResolvedAddress, type WebhookPolicy, type WebhookResolver } from './policy';
export {
  nextAttemptSendOptions,
  nextWebhookAttempt,
  webhookAttemptJobId,
  webhookBackoffMs,
  WEBHOOK_RETRY,
  type NextWebhookAttempt,
  type WebhookRetryPolicy,
} from './retry-schedule';
export {
  escapeSlackText,
  postJsonWebhook,
  redactWebhookUrl,
  sendWebhook,
  webhookLogFields,
  WEBHOOK_TIMEOUT_MS,
  type SendWebhookOptions,
  type SlackMessage,
} from './send-webhook';
export {
  validateWebhookUrl,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOK_URL_MESSAGES,
  type WebhookUrlCheck,
  type WebhookUrlProblem,
} from './validate-webhook-url';
export { classifyResponse, parseRetryAfter, type WebhookOutcome } from './webhook-outcome';
