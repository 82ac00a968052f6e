import type PgBoss from 'pg-boss';
import type { Container } from '../container';
import { type ScanDeps, scanDeps } from '../modules/rankmaps/scan/scan.service';
import { type AiScanDeps, aiScanDeps } from '../modules/ai-visibility/scan/ai-scan.service';
import { businessMatcher } from '../modules/ai-visibility/ai-matcher';
import { BILLING_MAIL_JOB } from './definitions/billing-mail';
import { CREDIT_WARNINGS_CRON, CREDIT_WARNINGS_JOB } from './definitions/credit-warnings';
import { GRANT_PLAN_CREDITS_CRON, GRANT_PLAN_CREDITS_JOB } from './definitions/grant-plan-credits';
import { MAIL_OUTBOX_SWEEP_CRON, MAIL_OUTBOX_SWEEP_JOB } from './definitions/mail-outbox-sweep';
import { ACTIVITY_RETENTION_CRON, ACTIVITY_RETENTION_JOB } from './definitions/activity-retention';
import { IDEMPOTENCY_SWEEP_CRON, IDEMPOTENCY_SWEEP_JOB } from './definitions/idempotency-sweep';
import { OAUTH_PURGE_CRON, OAUTH_PURGE_JOB } from './definitions/oauth-purge';
import { RANKMAP_SCAN_JOB, rememberScanWorker } from './definitions/rankmap-scan';
import { AI_VISIBILITY_SCAN_JOB, rememberAiScanWorker } from './definitions/ai-visibility-scan';
import { AI_VISIBILITY_ALERTS_JOB } from './definitions/ai-visibility-alerts';
import { RANKMAP_SCHEDULER_CRON, RANKMAP_SCHEDULER_JOB } from './definitions/rankmap-scheduler';
import { RANKMAP_VENDOR_POLL_JOB } from './definitions/rankmap-vendor-poll';
import { REPORT_EMAIL_JOB } from './definitions/report-email';
import { REPORT_EMAIL_SCHEDULER_CRON, REPORT_EMAIL_SCHEDULER_JOB } from './definitions/report-email-scheduler';
import { SEND_EMAIL_JOB } from './definitions/send-email';
import { TRIAL_ENDING_MAIL_CRON, TRIAL_ENDING_MAIL_JOB } from './definitions/trial-ending-mail';
import { VIDEO_CALL_REMINDERS_CRON, VIDEO_CALL_REMINDERS_JOB } from './definitions/video-call-reminders';
import { NOTIFICATION_DIGEST_CRON, NOTIFICATION_DIGEST_JOB } from './definitions/notification-digest';
import { NOTIFY_ANALYSIS_JOB } from './definitions/notify-analysis';
import { SLACK_DELIVERY_JOB } from './definitions/slack-delivery';
import { WEBHOOK_DELIVERY_JOB } from './definitions/webhook-delivery';
import { handleBillingMail } from './handlers/billing-mail';
import { handleCreditWarnings } from './handlers/credit-warnings';
import { handleNotificationDigest } from './handlers/notification-digest';
import { handleNotifyAnalysis } from './handlers/notify-analysis';
import { handleSlackDelivery } from './handlers/slack-delivery';
import { handleWebhookDelivery } from './handlers/webhook-delivery';
import { handleGrantPlanCredits } from './handlers/grant-plan-credits';
import { handleMailOutboxSweep } from './handlers/mail-outbox-sweep';
import { handleIdempotencySweep } from './handlers/idempotency-sweep';
import { handleOAuthPurge } from './handlers/oauth-purge';
import { handleActivityRetention } from './handlers/activity-retention';
import { handleRankmapScan } from './handlers/rankmap-scan';
import { handleAiVisibilityScan } from './handlers/ai-visibility-scan';
import { handleAiVisibilityVendorPoll } from './handlers/ai-visibility-vendor-poll';
import { AI_VISIBILITY_VENDOR_POLL_JOB } from './definitions/ai-visibility-vendor-poll';
import { handleAiVisibilityAlerts } from './handlers/ai-visibility-alerts';
import { handleRankmapScheduler } from './handlers/rankmap-scheduler';
import { handleRankmapVendorPoll } from './handlers/rankmap-vendor-poll';
import { handleReportEmail } from './handlers/report-email';
import { handleReviewSync, handleReviewSyncSweep } from './handlers/review-sync';
import { REVIEW_SYNC_JOB, REVIEW_SYNC_SWEEP_CRON, REVIEW_SYNC_SWEEP_JOB } from './definitions/review-sync';
import { handleReportEmailScheduler } from './handlers/report-email-scheduler';
import { handleSendEmail } from './handlers/send-email';
import { handleTrialEndingMail } from './handlers/trial-ending-mail';
import { handleVideoCallReminders } from './handlers/video-call-reminders';

/** Scans one process runs at a time; each scan has its own bounded concurrency of searches. */
const SCAN_WORKERS_PER_PROCESS = 2;
/** AI-visibility analyses one process runs at a time; each asks its engines with bounded concurrency. */
const AI_SCAN_WORKERS_PER_PROCESS = 2;
/** Webhook delivery workers per process, each taking up to WEBHOOK_DELIVERY_BATCH attempts at once: pg-boss fetches once per polling interval, so the two bound the rate (docs/performance.md). */
const WEBHOOK_DELIVERY_WORKERS = 2;
const WEBHOOK_DELIVERY_BATCH = 20;

/**
 * Registers every job handler with pg-boss. Runs in the API process (embedded default) or in
 * `npm run worker`. The only code that imports jobs/handlers/: code that queues work imports
 * jobs/definitions/.
 */
export async function startWorkers(container: Container): Promise<void> {
  // Several workers, each one mail at a time: a slow SMTP conversation holds up only its own.
  for (let i = 0; i < container.config.mail.sendConcurrency; i++) {
    await container.boss.work(SEND_EMAIL_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) await handleSendEmail(container, job.data);
    });
  }
  await container.boss.schedule(MAIL_OUTBOX_SWEEP_JOB, MAIL_OUTBOX_SWEEP_CRON, {}, { tz: 'UTC' });
  await container.boss.work(MAIL_OUTBOX_SWEEP_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleMailOutboxSweep(container);
  });
  // pg-boss keeps one schedule per name in the database, so several workers do not multiply it.
  await container.boss.schedule(IDEMPOTENCY_SWEEP_JOB, IDEMPOTENCY_SWEEP_CRON, {}, { tz: 'UTC' });
  await container.boss.work(IDEMPOTENCY_SWEEP_JOB, { pollingIntervalSeconds: 60 }, async () => {
    await handleIdempotencySweep(container);
  });
  await container.boss.schedule(OAUTH_PURGE_JOB, OAUTH_PURGE_CRON, {}, { tz: 'UTC' });
  await container.boss.work(OAUTH_PURGE_JOB, { pollingIntervalSeconds: 60 }, async () => {
    await handleOAuthPurge(container);
  });
  await container.boss.schedule(ACTIVITY_RETENTION_JOB, ACTIVITY_RETENTION_CRON, {}, { tz: 'UTC' });
  await container.boss.work(ACTIVITY_RETENTION_JOB, { pollingIntervalSeconds: 60 }, async () => {
    await handleActivityRetention(container);
  });
  await container.boss.schedule(GRANT_PLAN_CREDITS_JOB, GRANT_PLAN_CREDITS_CRON, {}, { tz: 'UTC' });
  await container.boss.work(GRANT_PLAN_CREDITS_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleGrantPlanCredits(container);
  });
  await container.boss.schedule(TRIAL_ENDING_MAIL_JOB, TRIAL_ENDING_MAIL_CRON, {}, { tz: 'UTC' });
  await container.boss.work(TRIAL_ENDING_MAIL_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleTrialEndingMail(container);
  });
  // The video calls' 1-hour reminders, each claimed once in the database (docs/decisions.md §27.3).
  await container.boss.schedule(VIDEO_CALL_REMINDERS_JOB, VIDEO_CALL_REMINDERS_CRON, {}, { tz: 'UTC' });
  await container.boss.work(VIDEO_CALL_REMINDERS_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleVideoCallReminders(container);
  });
  // The receipts and failed-payment warnings the billing events queued (docs/decisions.md §22.4).
  await container.boss.work(BILLING_MAIL_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await handleBillingMail(container, job.data);
  });
  // Each analysis's alerts, queued with its completion or failure, and the daily digest (docs/decisions.md §23.2).
  await container.boss.work(NOTIFY_ANALYSIS_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await handleNotifyAnalysis(container, job.data);
  });
  // Each attempt of a notification's Slack delivery (docs/decisions.md §23.3, "Wiring").
  await container.boss.work(SLACK_DELIVERY_JOB, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await handleSlackDelivery(container, job.data);
  });
  // Each attempt of a delivery of an event to a user's endpoint, a few at a time (docs/decisions.md §26.4).
  for (let i = 0; i < WEBHOOK_DELIVERY_WORKERS; i++) {
    await container.boss.work(WEBHOOK_DELIVERY_JOB, { pollingIntervalSeconds: 1, batchSize: WEBHOOK_DELIVERY_BATCH }, async (jobs) => {
      await Promise.all(jobs.map((job) => handleWebhookDelivery(container, job.data)));
    });
  }
  await container.boss.schedule(NOTIFICATION_DIGEST_JOB, NOTIFICATION_DIGEST_CRON, {}, { tz: 'UTC' });
  await container.boss.work(NOTIFICATION_DIGEST_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleNotificationDigest(container);
  });
  // The credit warnings: rounds the credits will not pay, rounds skipped for credits, the next 7 days' shortfall (docs/decisions.md §23.4).
  await container.boss.schedule(CREDIT_WARNINGS_JOB, CREDIT_WARNINGS_CRON, {}, { tz: 'UTC' });
  await container.boss.work(CREDIT_WARNINGS_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleCreditWarnings(container);
  });
  // Scheduled report e-mails: each due round's report, PDF and e-mails, and the monthly rounds (docs/decisions.md §24.6).
  await container.boss.work(REPORT_EMAIL_JOB, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await handleReportEmail(container, job.data);
  });
  await container.boss.schedule(REPORT_EMAIL_SCHEDULER_JOB, REPORT_EMAIL_SCHEDULER_CRON, {}, { tz: 'UTC' });
  await container.boss.work(REPORT_EMAIL_SCHEDULER_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleReportEmailScheduler(container);
  });
  // Reviews of the businesses linked to a Business Profile location: on demand and every 6 hours (docs/decisions.md §32.4).
  await container.boss.work(REVIEW_SYNC_JOB, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await handleReviewSync(container, job.data);
  });
  await container.boss.schedule(REVIEW_SYNC_SWEEP_JOB, REVIEW_SYNC_SWEEP_CRON, {}, { tz: 'UTC' });
  await container.boss.work(REVIEW_SYNC_SWEEP_JOB, { pollingIntervalSeconds: 60 }, async () => {
    await handleReviewSyncSweep(container);
  });
  const scan = scanDeps(container, container.mapsSearch, { stopping: container.stopping });
  await workScanJobs(container.boss, scan, SCAN_WORKERS_PER_PROCESS);
  await workVendorPollJobs(container.boss, scan);
  // AI-visibility analyses (docs/decisions.md §31.4): their runs and, queued with each outcome, their alerts.
  const aiScan = aiScanDeps(container, container.aiEngines, businessMatcher, { stopping: container.stopping });
  await workAiScanJobs(container.boss, aiScan, AI_SCAN_WORKERS_PER_PROCESS);
  // Scheduled and campaign AI analyses waiting on an engine's standard queue (docs/decisions.md §31.16).
  await container.boss.work(AI_VISIBILITY_VENDOR_POLL_JOB, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await handleAiVisibilityVendorPoll(aiScan, job.data);
  });
  await container.boss.work(AI_VISIBILITY_ALERTS_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await handleAiVisibilityAlerts(container, job.data);
  });
  await container.boss.schedule(RANKMAP_SCHEDULER_JOB, RANKMAP_SCHEDULER_CRON, {}, { tz: 'UTC' });
  await container.boss.work(RANKMAP_SCHEDULER_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleRankmapScheduler(container);
  });
}

/** Registers `count` workers of the scan queue, each running one analysis at a time with `deps`. */
export async function workScanJobs(boss: PgBoss, deps: ScanDeps, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const id = await boss.work(RANKMAP_SCAN_JOB, { pollingIntervalSeconds: 1, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) await handleRankmapScan(deps, job.data, job.retryCount >= job.retryLimit);
    });
    rememberScanWorker(boss, id);
  }
}

/** Registers `count` workers of the AI-visibility queue, each running one analysis at a time with `deps`. */
export async function workAiScanJobs(boss: PgBoss, deps: AiScanDeps, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const id = await boss.work(AI_VISIBILITY_SCAN_JOB, { pollingIntervalSeconds: 1, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) await handleAiVisibilityScan(deps, job.data, job.retryCount >= job.retryLimit);
    });
    rememberAiScanWorker(boss, id);
  }
}

/** Registers the poll of the vendor's standard queue: short jobs, one at a time per process (each collects for every analysis). */
export async function workVendorPollJobs(boss: PgBoss, deps: ScanDeps): Promise<void> {
  await boss.work(RANKMAP_VENDOR_POLL_JOB, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await handleRankmapVendorPoll(deps, job.data);
  });
}
