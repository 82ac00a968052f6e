import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { transactionExecutor } from '../../queue/tx-executor';
import type { JobDefinition, JobSender } from './job-definition';

export const REPORT_EMAIL_JOB = 'report-email';

/** A place's round that is due (a report_sends row): the job builds the report, the PDF and the e-mails. */
export const reportEmailPayload = z.object({ sendId: z.uuid() });

/**
 * Retries from 30 s, doubling, 6 times (about half an hour): a PDF that fails to render is tried
 * again and no e-mail exists until it renders. 'short': one waiting job per round. What makes the
 * e-mails go out once is the round's row, marked sent in the transaction that queues them
 * (docs/decisions.md §24.6).
 */
export const reportEmailJob: JobDefinition = {
  name: REPORT_EMAIL_JOB,
  queuePolicy: { policy: 'short', retryLimit: 6, retryDelay: 30, retryBackoff: true },
};

/** Queues the round's job through the transaction that records the round as due. */
export async function sendReportEmailJob(boss: JobSender, tx: DbOrTx, sendId: string): Promise<void> {
  await boss.send(REPORT_EMAIL_JOB, { sendId }, { singletonKey: sendId, db: transactionExecutor(tx) });
}
