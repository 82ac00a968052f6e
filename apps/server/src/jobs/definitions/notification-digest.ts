import type { JobDefinition } from './job-definition';

export const NOTIFICATION_DIGEST_JOB = 'notification-digest';
/** Every day at 07:00 UTC: the e-mails of users who chose a daily digest. */
export const NOTIFICATION_DIGEST_CRON = '0 7 * * *';

export const notificationDigestJob: JobDefinition = { name: NOTIFICATION_DIGEST_JOB, cron: NOTIFICATION_DIGEST_CRON };
