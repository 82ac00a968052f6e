import type { Container } from '../../container';
import { queueDueMonthlyReports } from '../../modules/report-mail/report-rounds.service';

/** The monthly report rounds whose day has come, each once. */
export async function handleReportEmailScheduler(container: Pick<Container, 'boss' | 'database' | 'log'>, now: Date = new Date()): Promise<void> {
  const queued = await queueDueMonthlyReports(container, now);
  if (queued > 0) container.log.info({ queued }, 'informes mensuales en cola');
}
