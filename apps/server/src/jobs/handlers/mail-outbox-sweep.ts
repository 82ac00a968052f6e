import type { Container } from '../container';
import { sweepMailOutbox } from '../modules/mail/outbox-sweep.service';

export const MAIL_OUTBOX_SWEEP_JOB = 'mail-outbox-sweep';
/** Every 5 minutes (UTC): the shortest spacing between re-queues (MAIL_REQUEUE_MIN_DELAY_SECONDS) is as long. */
export const MAIL_OUTBOX_SWEEP_CRON = '*/5 * * * *';

/** Queues again the mails no job will send any more, and gives up those past their age limit. */
export async function handleMailOutboxSweep(container: Container): Promise<void> {
  const { requeued, givenUp } = await sweepMailOutbox(container);
  if (requeued > 0 || givenUp > 0) container.log.info({ requeued, givenUp }, 'barrido de la bandeja de correo');
}
