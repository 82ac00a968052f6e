import type { JobDefinition } from './job-definition';

export const CREDIT_WARNINGS_JOB = 'credit-warnings';
/** Hourly: a round the credits cannot pay is warned of a day or two before, and a skipped one within the hour (docs/decisions.md §23.4). */
export const CREDIT_WARNINGS_CRON = '41 * * * *';

export const creditWarningsJob: JobDefinition = { name: CREDIT_WARNINGS_JOB, cron: CREDIT_WARNINGS_CRON };
