import { deliverSlack } from '../../modules/notifications/slack.service';
import type { NotifyContainer } from '../../modules/notifications/notifications.service';

/** One attempt of a notification's Slack delivery (docs/decisions.md §23.3, "Wiring"). */
export async function handleSlackDelivery(container: NotifyContainer, data: unknown): Promise<void> {
  await deliverSlack(container, data);
}
