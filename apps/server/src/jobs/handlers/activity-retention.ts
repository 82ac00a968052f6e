import type { Container } from '../../container';
import { activityRepository } from '../../modules/activity/activity.repository';

/** How long the activity log keeps an entry (docs/decisions.md §30.5). */
export const ACTIVITY_RETENTION_MONTHS = 13;

/** The instant before which entries go: `now` less 13 calendar months. */
export function activityRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACTIVITY_RETENTION_MONTHS);
  return cutoff;
}

/** Deletes the activity entries older than 13 months: the only deletion the log has. */
export async function handleActivityRetention(container: Pick<Container, 'database' | 'log'>, now = new Date()): Promise<number> {
  const deleted = await activityRepository.deleteCreatedBefore(container.database.db, activityRetentionCutoff(now));
  if (deleted > 0) container.log.info({ deleted }, 'registro de actividad: borradas las entradas de hace más de 13 meses');
  return deleted;
}
