import type { Container } from '../../container';
import { queueBillingMail } from '../../modules/account-mail/account-mail.service';
import { billingMailPayload } from '../definitions/billing-mail';

/** Renders and queues a billing event's mail (receipt or failed payment) through the outbox, once per invoice. */
export async function handleBillingMail(container: Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'prices'>, data: unknown): Promise<void> {
  const job = billingMailPayload.parse(data);
  const queued = await queueBillingMail(container, job);
  container.log.debug({ kind: job.kind, invoiceId: job.invoiceId, queued }, 'billing mail');
}
