import http from 'node:http';
import https from 'node:https';
import { guardedLookup, WebhookAddressRefusedError } from './guarded-lookup';
import type { WebhookPolicy } from './policy';
import { refusedAddressMessage, validateWebhookUrl } from './validate-webhook-url';
import { classifyResponse, type WebhookOutcome } from './webhook-outcome';

/**
 * A Slack incoming-webhook message. `text` is required: with `blocks` it is the fallback shown
 * in notifications and by clients that do not draw blocks; without them it is the message.
 * Slack reads `&`, `<` and `>` in it as markup (see `escapeSlackText`).
 */
export interface SlackMessage {
  text: string;
  blocks?: readonly unknown[];
}

export interface SendWebhookOptions {
  policy: WebhookPolicy;
  /** The whole exchange (resolve, connect, send, answer): 10 s by default. */
  timeoutMs?: number;
  /** Stops the attempt (a worker shutting down): the outcome is a retryable network failure. */
  signal?: AbortSignal;
  now?: () => Date;
  /**
   * The certificates to trust instead of Node's bundled ones: only for tests against a local
   * TLS receiver (test/fixtures/tls). Never set in production.
   */
  ca?: string | Buffer;
}

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Of the answer, only this much is read: Slack answers `ok` or a short error code. */
const MAX_ANSWER_BYTES = 2048;
const USER_AGENT = 'RankMaps-Webhooks/1.0 (+https://rankmaps.es)';

/** Escapes the three characters Slack reads as markup, so a user's text cannot ping `<!channel>` or forge a link. */
export function escapeSlackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The URL with its secret path cut, for logs: `https://hooks.slack.com/services/T000/…`. */
export function redactWebhookUrl(url: string): string {
  try {
    const u = new URL(url);
    const firstSegments = u.pathname.split('/').filter(Boolean).slice(0, 2);
    return `${u.protocol}//${u.host}/${firstSegments.join('/')}${firstSegments.length ? '/…' : ''}`;
  } catch {
    return '(URL no válida)';
  }
}

/** The fields a delivery's log line carries: never the whole URL, which is a secret. */
export function webhookLogFields(url: string, outcome: WebhookOutcome, attempt: number) {
  return {
    webhook: redactWebhookUrl(url),
    attempt,
    outcome: outcome.kind,
    durationMs: outcome.durationMs,
    ...(outcome.kind === 'delivered' ? { status: outcome.status } : {}),
    ...(outcome.kind !== 'delivered'
      ? {
          reason: outcome.reason,
          ...(outcome.status !== undefined ? { status: outcome.status } : {}),
          ...(outcome.detail ? { detail: outcome.detail } : {}),
        }
      : {}),
  };
}

/**
 * POSTs `message` as JSON to an incoming-webhook URL, once, and says what came of it (see
 * `postJsonWebhook`, which does the sending). Never throws.
 */
export async function sendWebhook(url: string, message: SlackMessage, opts: SendWebhookOptions): Promise<WebhookOutcome> {
  const invalidPayload: WebhookOutcome = {
    kind: 'permanent',
    reason: 'invalid-payload',
    message: 'El mensaje del webhook no tiene texto.',
    durationMs: 0,
  };
  if (typeof message.text !== 'string' || message.text.trim() === '') return invalidPayload;
  let body: string;
  try {
    body = JSON.stringify(message.blocks ? { text: message.text, blocks: message.blocks } : { text: message.text });
  } catch {
    return { ...invalidPayload, message: 'El mensaje del webhook no se puede enviar como JSON.' };
  }
  return postJsonWebhook(url, body, opts);
}

/**
 * POSTs `body` (JSON text, sent as is) to a webhook URL, once, with `opts.headers` added, and
 * says what came of it. The URL is validated first (`validateWebhookUrl`), and the address
 * actually dialled is checked again at connect time (`guardedLookup`). Redirects are never
 * followed. Never throws: every failure is an outcome, permanent or retryable (see
 * `classifyResponse` for HTTP answers). Used for Slack messages and for RankMaps' own signed
 * events (docs/webhooks.md).
 */
export async function postJsonWebhook(url: string, body: string, opts: SendWebhookOptions & { headers?: Record<string, string> }): Promise<WebhookOutcome> {
  const now = opts.now ?? (() => new Date());
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const timedOut = (): WebhookOutcome => ({
    kind: 'retryable',
    reason: 'timeout',
    message: `El webhook no respondió en ${(timeoutMs / 1000).toLocaleString('es-ES')} s.`,
    detail: 'timeout',
    durationMs: elapsed(),
  });
  const aborted = (): WebhookOutcome => ({
    kind: 'retryable',
    reason: 'network',
    message: 'El envío del webhook se interrumpió.',
    detail: 'ABORTED',
    durationMs: elapsed(),
  });

  // The deadline covers resolving the name for the validation too (a DNS server that never answers).
  let validationTimer: NodeJS.Timeout | undefined;
  const check = await Promise.race([
    validateWebhookUrl(url, opts.policy),
    new Promise<'timeout'>((resolve) => (validationTimer = setTimeout(() => resolve('timeout'), timeoutMs))),
  ]).finally(() => clearTimeout(validationTimer));
  if (check === 'timeout') return timedOut();
  if (opts.signal?.aborted) return aborted();
  if (!check.ok) {
    if (check.problem === 'unresolvable') {
      return { kind: 'retryable', reason: 'unresolvable', message: check.message, durationMs: elapsed() };
    }
    return {
      kind: 'permanent',
      reason: check.problem === 'refused-address' ? 'refused-address' : 'invalid-url',
      message: check.message,
      detail: check.problem,
      durationMs: elapsed(),
    };
  }

  const client = check.url.protocol === 'https:' ? https : http;

  return new Promise<WebhookOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: WebhookOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      req.destroy();
      resolve(outcome);
    };
    const failed = (err: unknown): WebhookOutcome => {
      if (err instanceof WebhookAddressRefusedError) {
        return {
          kind: 'permanent',
          reason: 'refused-address',
          message: refusedAddressMessage(err.kind),
          detail: err.kind,
          durationMs: elapsed(),
        };
      }
      const code = (err as NodeJS.ErrnoException | undefined)?.code ?? (err instanceof Error ? err.message : 'error');
      if (code === 'ETIMEDOUT_WEBHOOK') return timedOut();
      if (code === 'ABORTED') return aborted();
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
        return {
          kind: 'retryable',
          reason: 'unresolvable',
          message: 'No encontramos el servidor del webhook.',
          detail: code,
          durationMs: elapsed(),
        };
      }
      return {
        kind: 'retryable',
        reason: 'network',
        message: `No se pudo conectar con el webhook (${code}).`,
        detail: code,
        durationMs: elapsed(),
      };
    };

    const req = client.request(
      check.url,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(opts.policy),
        ...(opts.ca ? { ca: opts.ca } : {}),
        headers: {
          ...opts.headers,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'user-agent': USER_AGENT,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish(
            classifyResponse(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8'), {
              now: now(),
              durationMs: elapsed(),
            }),
          );
        res.on('data', (chunk: Buffer) => {
          if (size >= MAX_ANSWER_BYTES) return;
          chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
          size += chunk.length;
          // The status is what counts; the rest of a long answer is not waited for.
          if (size >= MAX_ANSWER_BYTES) done();
        });
        res.on('end', done);
        res.on('error', (err) => finish(failed(err)));
      },
    );
    const timer = setTimeout(
      () => finish(failed(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT_WEBHOOK' }))),
      Math.max(1, timeoutMs - elapsed()),
    );
    const onAbort = () => finish(failed(Object.assign(new Error('aborted'), { code: 'ABORTED' })));
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err) => finish(failed(err)));
    req.end(body);
  });
}
