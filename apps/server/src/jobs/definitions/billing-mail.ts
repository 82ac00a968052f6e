import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { transactionExecutor } from '../../queue/tx-executor';
import type { JobDefinition, JobSender } from './job-definition';

export const BILLING_MAIL_JOB = 'billing-mail';

/**
 * The mail a billing event causes: the receipt of a paid invoice, or the warning of a failed
 * attempt. The job names the invoice and the price it billed; the amount, dates and status
 * are read from the payment the event recorded (docs/decisions.md §22.4).
 */
export const billingMailPayload = z.object({
  kind: z.enum(['receipt', 'payment-failed']),
  invoiceId: z.string().min(1),
  userId: z.string().min(1),
  priceId: z.string().min(1).nullable(),
});
export type BillingMailPayload = z.infer<typeof billingMailPayload>;

/**
 * 'short': one waiting job per key, so a duplicate delivery of the event (under another event
 * id) inserts nothing while the first job waits. The mail's own key in billing_events is what
 * makes it go out once; the job only carries the work out of the event's transaction.
 */
export const billingMailJob: JobDefinition = {
  name: BILLING_MAIL_JOB,
  queuePolicy: { policy: 'short', retryLimit: 5, retryDelay: 15, retryBackoff: true },
};

/**
 * Queues the mail's job through the billing event's transaction: one cheap insert, so the
 * event and its mail commit together and the rendering and the outbox happen in the job.
 */
export async function sendBillingMailJob(boss: JobSender, tx: DbOrTx, payload: BillingMailPayload): Promise<void> {
  await boss.send(BILLING_MAIL_JOB, payload, { singletonKey: `${payload.kind}:${payload.invoiceId}`, db: transactionExecutor(tx) });
}
