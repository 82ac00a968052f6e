import type { JobDefinition } from './job-definition';

export const IDEMPOTENCY_SWEEP_JOB = 'api-idempotency-sweep';
/** Hourly (UTC): the keys live 24 hours, so a row outlives them by at most an hour. */
export const IDEMPOTENCY_SWEEP_CRON = '23 * * * *';

export const idempotencySweepJob: JobDefinition = { name: IDEMPOTENCY_SWEEP_JOB, cron: IDEMPOTENCY_SWEEP_CRON };
