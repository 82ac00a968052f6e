import { activityRetentionJob } from './activity-retention';
import { aiVisibilityAlertsJob } from './ai-visibility-alerts';
import { aiVisibilityScanJob } from './ai-visibility-scan';
import { aiVisibilityVendorPollJob } from './ai-visibility-vendor-poll';
import { billingMailJob } from './billing-mail';
import { creditWarningsJob } from './credit-warnings';
import { grantPlanCreditsJob } from './grant-plan-credits';
import { idempotencySweepJob } from './idempotency-sweep';
import type { JobDefinition } from './job-definition';
import { notificationDigestJob } from './notification-digest';
import { notifyAnalysisJob } from './notify-analysis';
import { oauthPurgeJob } from './oauth-purge';
import { mailOutboxSweepJob } from './mail-outbox-sweep';
import { rankmapScanJob } from './rankmap-scan';
import { rankmapSchedulerJob } from './rankmap-scheduler';
import { rankmapVendorPollJob } from './rankmap-vendor-poll';
import { reportEmailJob } from './report-email';
import { reviewSyncJob, reviewSyncSweepJob } from './review-sync';
import { reportEmailSchedulerJob } from './report-email-scheduler';
import { sendEmailJob } from './send-email';
import { slackDeliveryJob } from './slack-delivery';
import { trialEndingMailJob } from './trial-ending-mail';
import { videoCallRemindersJob } from './video-call-reminders';
import { webhookDeliveryJob } from './webhook-delivery';

export type { JobDefinition, JobSender } from './job-definition';

/** Every job there is. createQueues makes a queue for each; a new job is added here. */
export const jobDefinitions: readonly JobDefinition[] = [
  sendEmailJob,
  mailOutboxSweepJob,
  grantPlanCreditsJob,
  rankmapScanJob,
  rankmapSchedulerJob,
  rankmapVendorPollJob,
  trialEndingMailJob,
  billingMailJob,
  notifyAnalysisJob,
  notificationDigestJob,
  creditWarningsJob,
  slackDeliveryJob,
  reportEmailJob,
  reportEmailSchedulerJob,
  videoCallRemindersJob,
  webhookDeliveryJob,
  idempotencySweepJob,
  activityRetentionJob,
  aiVisibilityScanJob,
  aiVisibilityVendorPollJob,
  aiVisibilityAlertsJob,
  reviewSyncJob,
  reviewSyncSweepJob,
  oauthPurgeJob,
];
