import { derivedUuid } from '../uuid';
import type { WebhookOutcome } from './webhook-outcome';

/**
 * How a webhook delivery is retried: at most 6 attempts, the retries waiting about 2, 4, 8, 16
 * and 32 minutes (about an hour in all), each ±20 % at random so that deliveries failed by
 * one outage do not all come back in the same second. A permanent failure is never retried.
 * A Retry-After longer than the backoff is honoured; one longer than an hour ends the retries.
 */
export const WEBHOOK_RETRY = {
  maxAttempts: 6,
  baseDelayMs: 2 * 60_000,
  jitter: 0.2,
  maxDelayMs: 60 * 60_000,
} as const;

export type WebhookRetryPolicy = { readonly [K in keyof typeof WEBHOOK_RETRY]: number };

/** The wait after failed attempt number `attempt` (1 = the first): base × 2^(attempt−1), ± jitter. */
export function webhookBackoffMs(attempt: number, random: () => number = Math.random, policy: WebhookRetryPolicy = WEBHOOK_RETRY): number {
  const nominal = policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
  const factor = 1 - policy.jitter + 2 * policy.jitter * random();
  return Math.min(policy.maxDelayMs, Math.round(nominal * factor));
}

export type NextWebhookAttempt =
  | { retry: true; attempt: number; delayMs: number; startAfter: Date }
  | { retry: false; why: 'delivered' | 'permanent' | 'attempts-exhausted' | 'retry-after-too-long' };

/**
 * What follows attempt number `attempt` (1 = the first) that came to `outcome`: nothing (it
 * was delivered, failed for good, or was the last allowed), or the next attempt's number and
 * when it may start. Pure, so a job can call it and schedule the next attempt itself.
 */
export function nextWebhookAttempt(
  outcome: WebhookOutcome,
  attempt: number,
  opts: { now?: Date; random?: () => number; policy?: WebhookRetryPolicy } = {},
): NextWebhookAttempt {
  const policy = opts.policy ?? WEBHOOK_RETRY;
  if (outcome.kind === 'delivered') return { retry: false, why: 'delivered' };
  if (outcome.kind === 'permanent') return { retry: false, why: 'permanent' };
  if (attempt >= policy.maxAttempts) return { retry: false, why: 'attempts-exhausted' };
  const retryAfter = outcome.retryAfterMs ?? 0;
  if (retryAfter > policy.maxDelayMs) return { retry: false, why: 'retry-after-too-long' };
  const delayMs = Math.max(webhookBackoffMs(attempt, opts.random, policy), retryAfter);
  const now = opts.now ?? new Date();
  return { retry: true, attempt: attempt + 1, delayMs, startAfter: new Date(now.getTime() + delayMs) };
}

/**
 * The pg-boss job id of attempt `attempt` of delivery `deliveryId`: a UUID derived from both
 * (SHA-256, laid out as an RFC 9562 version 8 UUID), the same however often it is computed.
 */
export function webhookAttemptJobId(deliveryId: string, attempt: number): string {
  return derivedUuid(`outbound-webhook:${deliveryId}:${attempt}`);
}

/**
 * pg-boss `send` options for the next attempt of delivery `deliveryId`: it starts after the
 * wait, under a job id derived from delivery and attempt number. pg-boss inserts a job whose id
 * exists as nothing (`ON CONFLICT DO NOTHING`), on any queue policy, so a job that runs again
 * after a crash and queues the same next attempt queues it once. (A singleton key alone would
 * not do it: on a `standard` queue pg-boss does not enforce it.)
 */
export function nextAttemptSendOptions(
  deliveryId: string,
  next: Extract<NextWebhookAttempt, { retry: true }>,
): { id: string; startAfter: Date; singletonKey: string } {
  return { id: webhookAttemptJobId(deliveryId, next.attempt), startAfter: next.startAfter, singletonKey: `${deliveryId}:${next.attempt}` };
}
