import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { transactionExecutor } from '../../queue/tx-executor';
import type { JobDefinition, JobSender } from './job-definition';

export const SEND_EMAIL_JOB = 'send-email';
export const sendEmailPayload = z.object({ emailId: z.uuid() });
/**
 * How a failed delivery is retried: 8 more tries over one to two hours (15 s, doubling). It is
 * the queue's policy rather than each job's, so that one place sets it and a test can shorten
 * it with `boss.updateQueue` (the SMTP outage drills) without touching this default. A mail
 * still undelivered after them is taken over by the outbox sweep (mail-outbox-sweep).
 */
export const SEND_EMAIL_RETRY = { retryLimit: 8, retryDelay: 15, retryBackoff: true } as const;

export const sendEmailJob: JobDefinition = { name: SEND_EMAIL_JOB, queuePolicy: SEND_EMAIL_RETRY };

/**
 * Queues the delivery of a stored mail. With `tx` the job is inserted through that transaction,
 * so mail row and job commit together. Retries follow the queue's policy unless `retryLimit` is given.
 */
export async function enqueueSendEmail(
  boss: JobSender,
  emailId: string,
  opts: { tx?: DbOrTx; startAfter?: Date; retryLimit?: number } = {},
): Promise<void> {
  const { tx, startAfter, retryLimit } = opts;
  await boss.send(
    SEND_EMAIL_JOB,
    { emailId },
    {
      singletonKey: emailId,
      ...(startAfter ? { startAfter } : {}),
      ...(retryLimit !== undefined ? { retryLimit } : {}),
      ...(tx ? { db: transactionExecutor(tx) } : {}),
    },
  );
}
