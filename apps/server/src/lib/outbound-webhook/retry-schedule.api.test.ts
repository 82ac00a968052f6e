import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { nextAttemptSendOptions, nextWebhookAttempt } from './retry-schedule';
import type { WebhookOutcome } from './webhook-outcome';

// The schedule's pg-boss options on a real queue (PGlite, or PostgreSQL with TEST_DATABASE_URL).
describe('queuing the next webhook attempt', async () => {
  const { container } = await createTestApp();
  const boss = container.boss;
  const failed: WebhookOutcome = { kind: 'retryable', reason: 'server-error', status: 500, message: 'x', durationMs: 3 };

  it.each(['standard', 'short'] as const)(
    'on a %s queue, queuing the same next attempt twice (a job run again) queues it once',
    async (policy) => {
      const queue = `webhook-attempt-test-${policy}`;
      await boss.createQueue(queue, { name: queue, policy });
      const deliveryId = randomUUID();
      const next = nextWebhookAttempt(failed, 1, { now: new Date(Date.now() - 10 * 60_000) });
      if (!next.retry) throw new Error('expected a retry');
      const first = await boss.send(queue, { deliveryId, attempt: next.attempt }, nextAttemptSendOptions(deliveryId, next));
      const second = await boss.send(queue, { deliveryId, attempt: next.attempt }, nextAttemptSendOptions(deliveryId, next));
      expect(first).toBe(nextAttemptSendOptions(deliveryId, next).id);
      expect(second).toBeNull();

      // The attempt after it is a job of its own.
      const later = nextWebhookAttempt(failed, next.attempt, { now: new Date(Date.now() - 60 * 60_000) });
      if (!later.retry) throw new Error('expected a retry');
      expect(await boss.send(queue, { deliveryId, attempt: later.attempt }, nextAttemptSendOptions(deliveryId, later))).not.toBeNull();

      const jobs = await boss.fetch(queue, { batchSize: 10 });
      expect(jobs.map((j) => j.data)).toEqual(
        expect.arrayContaining([
          { deliveryId, attempt: 2 },
          { deliveryId, attempt: 3 },
        ]),
      );
      expect(jobs).toHaveLength(2);
    },
  );

  it('the next attempt waits for its time', async () => {
    const queue = 'webhook-attempt-test-wait';
    await boss.createQueue(queue, { name: queue });
    const deliveryId = randomUUID();
    const next = nextWebhookAttempt(failed, 1);
    if (!next.retry) throw new Error('expected a retry');
    await boss.send(queue, { deliveryId }, nextAttemptSendOptions(deliveryId, next));
    expect(await boss.fetch(queue, { batchSize: 10 })).toEqual([]);
  });
});
