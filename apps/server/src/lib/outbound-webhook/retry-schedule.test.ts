import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nextAttemptSendOptions, nextWebhookAttempt, WEBHOOK_RETRY, webhookAttemptJobId, webhookBackoffMs } from './retry-schedule';
import type { WebhookOutcome } from './webhook-outcome';

const now = new Date('2026-11-26T10:00:00Z');
const serverError: WebhookOutcome = { kind: 'retryable', reason: 'server-error', status: 500, message: 'x', durationMs: 5 };
const notFound: WebhookOutcome = { kind: 'permanent', reason: 'rejected', status: 404, message: 'x', durationMs: 5 };
const delivered: WebhookOutcome = { kind: 'delivered', status: 200, durationMs: 5 };
const MIN = 60_000;

describe('webhookBackoffMs', () => {
  it('doubles from 2 minutes, ±20 %', () => {
    expect([1, 2, 3, 4, 5].map((n) => webhookBackoffMs(n, () => 0.5))).toEqual([2 * MIN, 4 * MIN, 8 * MIN, 16 * MIN, 32 * MIN]);
    expect(webhookBackoffMs(1, () => 0)).toBe(0.8 * 2 * MIN);
    expect(webhookBackoffMs(1, () => 0.999999)).toBeCloseTo(1.2 * 2 * MIN, -2);
  });

  it('spreads retries of one outage: no two of 50 the same', () => {
    const delays = new Set(Array.from({ length: 50 }, () => webhookBackoffMs(3)));
    expect(delays.size).toBe(50);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(0.8 * 8 * MIN);
      expect(d).toBeLessThanOrEqual(1.2 * 8 * MIN);
    }
  });

  it('never waits more than an hour', () => {
    expect(webhookBackoffMs(30, () => 1)).toBe(60 * MIN);
  });

  it('the whole schedule spans about an hour', () => {
    const total = [1, 2, 3, 4, 5].reduce((sum, n) => sum + webhookBackoffMs(n, () => 0.5), 0);
    expect(total).toBe(62 * MIN);
  });
});

describe('nextWebhookAttempt', () => {
  it('retries a retryable failure, up to 6 attempts in all', () => {
    const attempts: number[] = [];
    let attempt = 1;
    for (;;) {
      const next = nextWebhookAttempt(serverError, attempt, { now, random: () => 0.5 });
      if (!next.retry) {
        expect(next.why).toBe('attempts-exhausted');
        break;
      }
      expect(next.startAfter.getTime() - now.getTime()).toBe(next.delayMs);
      attempts.push(next.attempt);
      attempt = next.attempt;
    }
    expect(attempts).toEqual([2, 3, 4, 5, 6]);
    expect(attempt).toBe(WEBHOOK_RETRY.maxAttempts);
  });

  it('never retries a permanent failure, nor a delivered message', () => {
    expect(nextWebhookAttempt(notFound, 1, { now })).toEqual({ retry: false, why: 'permanent' });
    expect(nextWebhookAttempt(delivered, 1, { now })).toEqual({ retry: false, why: 'delivered' });
  });

  it('waits at least what Retry-After asks, and gives up when it asks for more than an hour', () => {
    const limited: WebhookOutcome = {
      kind: 'retryable',
      reason: 'rate-limited',
      status: 429,
      retryAfterMs: 10 * MIN,
      message: 'x',
      durationMs: 1,
    };
    expect(nextWebhookAttempt(limited, 1, { now, random: () => 0.5 })).toMatchObject({ retry: true, delayMs: 10 * MIN });
    // A short Retry-After does not shorten the backoff.
    expect(nextWebhookAttempt({ ...limited, retryAfterMs: 1000 }, 1, { now, random: () => 0.5 })).toMatchObject({ delayMs: 2 * MIN });
    expect(nextWebhookAttempt({ ...limited, retryAfterMs: 2 * 60 * MIN }, 1, { now })).toEqual({
      retry: false,
      why: 'retry-after-too-long',
    });
  });

  it('gives pg-boss options that queue each attempt once', () => {
    const next = nextWebhookAttempt(serverError, 2, { now, random: () => 0.5 });
    if (!next.retry) throw new Error('expected a retry');
    expect(nextAttemptSendOptions('d-1', next)).toEqual({
      id: webhookAttemptJobId('d-1', 3),
      startAfter: new Date(now.getTime() + 4 * MIN),
      singletonKey: 'd-1:3',
    });
  });

  it("derives each attempt's job id from delivery and attempt: a valid UUID, stable, distinct", () => {
    const ids = ['d-1', 'd-2'].flatMap((d) => [2, 3, 4].map((n) => webhookAttemptJobId(d, n)));
    for (const id of ids) expect(z.uuid().safeParse(id).success).toBe(true);
    expect(new Set(ids).size).toBe(6);
    expect(webhookAttemptJobId('d-1', 2)).toBe(ids[0]);
  });
});
