import type { Container } from '../../container';
import { queueVideoReminders } from '../../modules/video-call/video-call.service';

export async function handleVideoCallReminders(container: Pick<Container, 'boss' | 'config' | 'database' | 'log'>): Promise<void> {
  const sent = await queueVideoReminders(container);
  if (sent > 0) container.log.info({ sent }, 'video-call reminders queued');
}
