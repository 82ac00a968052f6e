import { SLACK_TEST_MESSAGE, type SlackWebhook } from '@rankmaps/shared/schemas/notifications';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { SLACK_DELIVERY_JOB, slackDeliveryPayload } from '../../jobs/definitions/slack-delivery';
import {
  escapeSlackText,
  nextAttemptSendOptions,
  nextWebhookAttempt,
  sendWebhook,
  type SlackMessage,
  validateWebhookUrl,
  webhookAttemptJobId,
  webhookLogFields,
  type WebhookOutcome,
  type WebhookPolicy,
  WEBHOOK_TIMEOUT_MS,
} from '../../lib/outbound-webhook';
import { transactionExecutor } from '../../queue/tx-executor';
import { PLACE_NOT_FOUND } from '../places/places.service';
import type { NotificationRow } from './notifications.repository';
import { notificationsRepository } from './notifications.repository';
import { slackRepository } from './slack.repository';
import { isUuid } from '../../lib/uuid';
import { webhookDeliveries } from '../../metrics/metrics';

// The Slack-compatible channel of the notifications (docs/decisions.md §23.3, "Wiring"): the
// URLs (the user's, and a place's that overrides it for that place), the test message sent
// when one is saved, and the delivery job, one attempt per run.

type SlackContainer = Pick<Container, 'boss' | 'config' | 'database' | 'log'>;

/** Where webhooks may go here: private targets and plain http only outside production (config.webhooks). */
export function webhookPolicy(config: Pick<Container['config'], 'webhooks'>): WebhookPolicy {
  return { allowPrivateTargets: config.webhooks.allowPrivateTargets };
}

/**
 * The URL as the screen shows it once saved: host, first path segment, the start of the next
 * and the last 4 characters (`hooks.slack.com/services/T0…/…XXXX`). The URL is a secret.
 */
export function maskSlackUrl(url: string): string {
  try {
    const u = new URL(url);
    const [first, second] = u.pathname.split('/').filter(Boolean);
    const tail = url.replace(/\/+$/, '').slice(-4);
    const parts = [u.host, first, second ? `${second.slice(0, 2)}…` : undefined].filter(Boolean);
    return `${parts.join('/')}/…${tail}`;
  } catch {
    return '…';
  }
}

export const SLACK_MESSAGES = {
  unreachable: 'No pudimos contactar con la URL del webhook, así que no se ha guardado. Revisa que esté bien escrita y que el servicio funcione, e inténtalo de nuevo.',
  rejected: (status: number, detail?: string) =>
    `El webhook rechazó el mensaje de prueba (HTTP ${status}${detail ? `: ${detail}` : ''}), así que no se ha guardado. Revisa la URL: puede que el canal ya no exista.`,
} as const;

/**
 * Checks a URL to be saved and sends it the test message. Answers the URL as parsed (what
 * is delivered to is what was checked) or throws a 400 in Spanish: a URL refused by the
 * policy, a 4xx (or a redirect) to the test message, or a URL that could not be reached.
 */
async function checkAndTest(container: SlackContainer, input: string): Promise<string> {
  const policy = webhookPolicy(container.config);
  const check = await validateWebhookUrl(input, policy);
  if (!check.ok) throw badRequest(check.message, 'SLACK_URL_INVALID');
  const url = check.url.href;
  const outcome = await sendWebhook(url, { text: SLACK_TEST_MESSAGE }, { policy });
  container.log.info({ ...webhookLogFields(url, outcome, 1), test: true }, 'webhook de prueba');
  if (outcome.kind === 'delivered') return url;
  if (outcome.kind === 'permanent') throw badRequest(outcome.status ? SLACK_MESSAGES.rejected(outcome.status, outcome.detail?.slice(0, 60)) : outcome.message, 'SLACK_URL_REFUSED');
  throw badRequest(SLACK_MESSAGES.unreachable, 'SLACK_URL_UNREACHABLE');
}

async function requireOwnPlace(db: DbOrTx, userId: string, placeId: string): Promise<void> {
  if (!isUuid(placeId) || (await notificationsRepository.countOwnedPlaces(db, userId, [placeId])) !== 1) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
}

const present = (url: string | null | undefined): SlackWebhook => ({ url: url ? maskSlackUrl(url) : null });

export async function getUserSlack(container: Pick<Container, 'database'>, userId: string): Promise<SlackWebhook> {
  const row = await notificationsRepository.findSettings(container.database.db, userId);
  return present(row?.slackUrl);
}

export async function saveUserSlack(container: SlackContainer, userId: string, input: string | null): Promise<SlackWebhook> {
  const url = input === null ? null : await checkAndTest(container, input);
  await slackRepository.setUserUrl(container.database.db, userId, url);
  return present(url);
}

export async function getPlaceSlack(container: Pick<Container, 'database'>, userId: string, placeId: string): Promise<SlackWebhook> {
  const db = container.database.db;
  await requireOwnPlace(db, userId, placeId);
  return present(await slackRepository.placeUrl(db, placeId));
}

export async function savePlaceSlack(container: SlackContainer, userId: string, placeId: string, input: string | null): Promise<SlackWebhook> {
  const db = container.database.db;
  await requireOwnPlace(db, userId, placeId);
  const url = input === null ? null : await checkAndTest(container, input);
  await slackRepository.setPlaceUrl(db, userId, placeId, url);
  return present(url);
}

/** Where a place's notifications go on Slack: the place's own URL, else the user's, else nowhere. */
export async function slackTargetFor(db: DbOrTx, userId: string, placeId: string | null): Promise<string | null> {
  const own = placeId ? await slackRepository.placeUrl(db, placeId) : null;
  if (own) return own;
  return (await notificationsRepository.findSettings(db, userId))?.slackUrl ?? null;
}

// ── The message ─────────────────────────────────────────────────────────────

/** Slack's message for a notification: `text` (the fallback) and simple blocks (title, figures, link). */
export function slackMessageFor(n: Pick<NotificationRow, 'title' | 'body' | 'link'>, appUrl: string): SlackMessage {
  const title = escapeSlackText(n.title);
  const body = escapeSlackText(n.body);
  const link = `${appUrl}${n.link}`;
  return {
    text: `${title}. ${body}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: n.title.slice(0, 150), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: body } },
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Ver en RankMaps' }, url: link }] },
    ],
  };
}

/**
 * Makes a notification's Slack delivery, in the transaction that created the notification:
 * the row (its URL and message fixed now) and the job of its first attempt commit together.
 */
export async function queueSlackDelivery(container: Pick<Container, 'boss' | 'config'>, tx: DbOrTx, n: NotificationRow, target: string): Promise<void> {
  const payload = slackMessageFor(n, container.config.appUrl);
  const made = await notificationsRepository.insertDelivery(tx, {
    notificationId: n.id,
    channel: 'slack',
    userId: n.userId,
    status: 'queued',
    queuedAt: new Date(),
    target,
    payload: { text: payload.text, blocks: [...(payload.blocks ?? [])] },
  });
  if (!made) return;
  await container.boss.send(SLACK_DELIVERY_JOB, { notificationId: n.id, attempt: 1 }, { id: webhookAttemptJobId(n.id, 1), db: transactionExecutor(tx) });
}

// ── The delivery job ────────────────────────────────────────────────────────

/**
 * An attempt claimed ('sending') longer ago than this was cut short by a crash between the
 * POST and the record: its outcome is unknown, and the job (run again by pg-boss) sends it
 * again. Longer than any attempt can take (WEBHOOK_TIMEOUT_MS bounds the whole exchange).
 */
export const SLACK_SENDING_STALE_MS = WEBHOOK_TIMEOUT_MS + 50_000;

export class SlackAttemptInProgressError extends Error {
  constructor() {
    super('Este intento de entrega a Slack está en curso en otro proceso; se comprobará más tarde.');
  }
}


/**
 * One attempt of a Slack delivery (docs/decisions.md §23.3, "Wiring"). It claims the attempt
 * first ('sending' with its number, in a committed update), then POSTs, then records the
 * outcome and, when nextWebhookAttempt says so, queues the next attempt under a job id made
 * of (delivery, attempt). A run for an attempt already claimed, sent or superseded sends
 * nothing; one whose attempt was claimed more than SLACK_SENDING_STALE_MS ago (a crash after
 * the claim) sends it again: at least once in that window only. Returns what it did.
 */
export async function deliverSlack(
  container: SlackContainer,
  data: unknown,
  opts: { now?: Date } = {},
): Promise<'sent' | 'skipped'> {
  const { notificationId, attempt } = slackDeliveryPayload.parse(data);
  const db = container.database.db;
  const now = opts.now ?? new Date();
  const staleBefore = new Date(now.getTime() - SLACK_SENDING_STALE_MS);
  const claimed = await slackRepository.claim(db, notificationId, attempt, now, staleBefore);
  if (!claimed) {
    const row = await slackRepository.find(db, notificationId);
    // Claimed a moment ago by another run: pg-boss runs this job again later, and by then it is recorded (or stale).
    if (row?.status === 'sending' && row.attempts === attempt) throw new SlackAttemptInProgressError();
    return 'skipped';
  }
  const url = claimed.target ?? '';
  const payload = claimed.payload ?? { text: '' };
  const outcome = await sendWebhook(url, payload, { policy: webhookPolicy(container.config) });
  const fields = { ...webhookLogFields(url, outcome, attempt), notificationId };
  if (outcome.kind === 'delivered') container.log.info(fields, 'webhook de Slack entregado');
  else container.log.warn(fields, 'webhook de Slack no entregado');
  webhookDeliveries.labels({ channel: 'slack', outcome: await record(container, notificationId, attempt, outcome) }).inc();
  return 'sent';
}

/** Records the attempt; returns the state it leaves the delivery in (for /metrics). */
async function record(container: SlackContainer, notificationId: string, attempt: number, outcome: WebhookOutcome): Promise<'delivered' | 'retrying' | 'failed'> {
  const db = container.database.db;
  const lastStatusCode = 'status' in outcome ? (outcome.status ?? null) : null;
  if (outcome.kind === 'delivered') {
    await slackRepository.finish(db, notificationId, attempt, { status: 'delivered', lastStatusCode, lastError: null });
    return 'delivered';
  }
  const lastError = `${outcome.message}${outcome.detail ? ` (${outcome.detail.slice(0, 200)})` : ''}`;
  const next = nextWebhookAttempt(outcome, attempt);
  if (!next.retry) {
    await slackRepository.finish(db, notificationId, attempt, { status: 'failed', lastStatusCode, lastError });
    return 'failed';
  }
  // The next attempt is queued with the record, under the id made of (delivery, attempt).
  await db.transaction(async (tx) => {
    if (!(await slackRepository.finish(tx, notificationId, attempt, { status: 'retrying', lastStatusCode, lastError }))) return;
    await container.boss.send(SLACK_DELIVERY_JOB, { notificationId, attempt: next.attempt }, { ...nextAttemptSendOptions(notificationId, next), db: transactionExecutor(tx) });
  });
  return 'retrying';
}
