import { sendDigests, type NotifyContainer } from '../../modules/notifications/notifications.service';

/** The daily digest of the users who chose one: one e-mail each with what is pending. */
export async function handleNotificationDigest(container: NotifyContainer): Promise<void> {
  const sent = await sendDigests(container);
  container.log.info({ sent }, 'resúmenes diarios de avisos');
}
