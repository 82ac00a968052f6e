import type { JobDefinition } from './job-definition';

export const OAUTH_PURGE_JOB = 'oauth-purge';
/** Hourly (UTC): rows outlive their day of grace by at most an hour (docs/decisions.md §33.10). */
export const OAUTH_PURGE_CRON = '41 * * * *';

export const oauthPurgeJob: JobDefinition = { name: OAUTH_PURGE_JOB, cron: OAUTH_PURGE_CRON };
