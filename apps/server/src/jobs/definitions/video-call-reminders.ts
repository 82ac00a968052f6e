import type { JobDefinition } from './job-definition';

export const VIDEO_CALL_REMINDERS_JOB = 'video-call-reminders';
/**
 * Every minute: a call gets its reminder within a minute of its start coming 1 hour away
 * (docs/support.md «Videollamada»); a sweep that was down catches up, never twice.
 */
export const VIDEO_CALL_REMINDERS_CRON = '* * * * *';

export const videoCallRemindersJob: JobDefinition = { name: VIDEO_CALL_REMINDERS_JOB, cron: VIDEO_CALL_REMINDERS_CRON };
