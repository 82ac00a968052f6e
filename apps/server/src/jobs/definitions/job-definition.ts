import type PgBoss from 'pg-boss';

/** What queuing code needs of pg-boss: sending only, so a definition never reaches a worker. */
export type JobSender = Pick<PgBoss, 'send'>;

/** A job as the queue knows it. Its handler lives in jobs/handlers/, which only the worker start-up imports. */
export interface JobDefinition {
  readonly name: string;
  /** Retry policy kept on the queue itself (createQueues applies it, also to a queue made by an earlier release). */
  readonly queuePolicy?: Omit<PgBoss.Queue, 'name'>;
  /** When the job runs on its own (UTC), for scheduled jobs. */
  readonly cron?: string;
}
