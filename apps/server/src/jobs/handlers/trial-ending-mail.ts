import type { Container } from '../../container';
import { queueTrialEndingMails } from '../../modules/account-mail/account-mail.service';

export async function handleTrialEndingMail(container: Pick<Container, 'boss' | 'config' | 'database' | 'log'>): Promise<void> {
  const sent = await queueTrialEndingMails(container);
  if (sent > 0) container.log.info({ sent }, 'trial-ending reminders queued');
}
