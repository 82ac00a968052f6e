import type { Container } from '../../container';
import { sweepMailOutbox } from '../../modules/mail/outbox-sweep.service';

/** Queues again the mails no job will send any more, and gives up those past their age limit. */
export async function handleMailOutboxSweep(container: Pick<Container, 'boss' | 'config' | 'database' | 'log'>): Promise<void> {
  const { requeued, givenUp } = await sweepMailOutbox(container);
  if (requeued > 0 || givenUp > 0) container.log.info({ requeued, givenUp }, 'barrido de la bandeja de correo');
}
